import Foundation
import TideTerminal

do {
  try await Program(Greeting.app()).run()
} catch {
  FileHandle.standardError.write(Data("tide-textinput: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
