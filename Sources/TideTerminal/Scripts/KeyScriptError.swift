/// A mistake in a key script, located by file, line and column.
package struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The script's file name as given to the parser.
  package var file: String
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, counted in Unicode scalars, of the offending token or character.
  package var column: Int
  /// What is wrong, e.g. "unknown key 'ctrl-1'". Tokens in it are cut after 40 characters with
  /// `…` and control characters are shown escaped (`\u{1B}`), so a message stays one short line.
  package var message: String

  /// An error at `file`:`line`:`column`.
  package init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// The compiler-style report `FILE:LINE:COL: error: MESSAGE`, which editors can jump to.
  package var description: String {
    "\(escapedName(file)):\(line):\(column): error: \(message)"
  }
}
