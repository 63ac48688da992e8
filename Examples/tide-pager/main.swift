import Foundation
import TideTerminal

// `tide-pager FILE`.
guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: tide-pager FILE\n".utf8))
  exit(2)
}
let path = CommandLine.arguments[1]
let text: String
do {
  text = try String(contentsOfFile: path, encoding: .utf8)
} catch {
  let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? "it is not a readable UTF-8 text file"
  FileHandle.standardError.write(Data("tide-pager: cannot read \(path): \(reason)\n".utf8))
  exit(2)
}
do {
  let name = URL(fileURLWithPath: path).lastPathComponent
  try await Program(Pager.app(name: name, text: text, size: CursesTerminal().size)).run()
} catch {
  FileHandle.standardError.write(Data("tide-pager: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
