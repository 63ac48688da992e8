import TideTerminal

/// Something wrong with a trace file, at a line: `FILE:LINE: error: …` (or `FILE: error: …`
/// for the file as a whole).
package struct TraceProblem: Error, Equatable, CustomStringConvertible {
  package var path: String
  /// 1-based; `nil` for the file as a whole.
  package var line: Int?
  package var message: String

  package init(path: String, line: Int?, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// Control characters in the path or the message (a file's name, an app's name from the
  /// trace) are shown escaped: a message is one line, and never writes to the terminal raw.
  package var description: String {
    escapedName(line.map { "\(path):\($0): error: \(message)" } ?? "\(path): error: \(message)")
  }
}
