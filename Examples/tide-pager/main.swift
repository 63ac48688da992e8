import Foundation
import TideTerminal

// `tide-pager FILE`.
guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: tide-pager FILE\n".utf8))
  exit(2)
}
let path = CommandLine.arguments[1]
let bytes: [UInt8]
do {
  bytes = try FileContents.read(atPath: path)
} catch {
  FileHandle.standardError.write(Data("tide-pager: \(error)\n".utf8))
  exit(2)
}
// Bytes that are not UTF-8 show as �, as a pager shows what it cannot decode.
let text = String(decoding: bytes, as: UTF8.self)
do {
  let name = URL(fileURLWithPath: path).lastPathComponent
  try await Program(Pager.app(name: name, text: text)).run()
} catch {
  FileHandle.standardError.write(Data("tide-pager: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
