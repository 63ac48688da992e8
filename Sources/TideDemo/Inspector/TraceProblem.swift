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

  package var description: String {
    if let line { "\(path):\(line): error: \(message)" } else { "\(path): error: \(message)" }
  }
}
