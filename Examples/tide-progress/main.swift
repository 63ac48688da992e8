import Foundation
import TideTerminal

// `tide-progress [--seconds S]`, S seconds (4 by default).
var seconds = 4.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  guard argument == "--seconds", let value = arguments.popFirst().flatMap(Double.init), value > 0, value <= 86_400 else {
    FileHandle.standardError.write(Data("usage: tide-progress [--seconds S]  (0 < S ≤ 86400)\n".utf8))
    exit(2)
  }
  seconds = value
}
do {
  try await Program(Progress.app(seconds: seconds)).run()
} catch {
  FileHandle.standardError.write(Data("tide-progress: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
