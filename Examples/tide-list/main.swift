import Foundation
import TideTerminal

// `tide-list [--items N]`, N items (50 by default).
var items = 50
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  guard argument == "--items", let value = arguments.popFirst().flatMap(Int.init), value >= 0 else {
    FileHandle.standardError.write(Data("usage: tide-list [--items N]\n".utf8))
    exit(2)
  }
  items = value
}
do {
  try await Program(Chooser.app(items: items)).run()
} catch {
  FileHandle.standardError.write(Data("tide-list: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
