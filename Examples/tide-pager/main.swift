import Foundation
import TideTerminal

// `tide-pager FILE`.
guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: tide-pager FILE\n".utf8))
  exit(2)
}
let path = CommandLine.arguments[1]
// Read through POSIX calls, so a failure reads as the system says it: "No such file or directory".
func cannotRead(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("tide-pager: cannot read \(path): \(reason)\n".utf8))
  exit(2)
}
let descriptor = open(path, O_RDONLY)
guard descriptor >= 0 else { cannotRead(String(cString: strerror(errno))) }
var bytes: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 1 << 16)
while true {
  let count = read(descriptor, &chunk, chunk.count)
  if count < 0 { cannotRead(String(cString: strerror(errno))) }
  if count == 0 { break }
  bytes += chunk[..<count]
}
close(descriptor)
// Bytes that are not UTF-8 show as �, as a pager shows what it cannot decode.
let text = String(decoding: bytes, as: UTF8.self)
do {
  let name = URL(fileURLWithPath: path).lastPathComponent
  try await Program(Pager.app(name: name, text: text)).run()
} catch {
  FileHandle.standardError.write(Data("tide-pager: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
