import ArgumentParser
import TideTerminal
import TideTerminalCommand

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `tide-pick [ITEM...]`, and `tide-pick replay SCRIPT... [-- ITEM...]`.
struct PickOptions: ParsableArguments {
  @Argument(parsing: .allUnrecognized, help: "The items to pick from; standard input's lines when none are given.")
  var items: [String] = []
}

/// Standard input's lines, read when no item is given and standard input is not the terminal.
func standardInputLines() -> [String] {
  guard isatty(STDIN_FILENO) == 0 else { return [] }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { break }
    bytes += buffer[..<count]
  }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}

await TerminalCommand(
  "tide-pick", version: "0.1.0", abstract: "Pick one of the items, inline; the choice goes to standard output.",
  options: PickOptions.self, replayArguments: { $0.items }
) { options, launch in
  Picker.app(items: options.items.isEmpty ? standardInputLines() : options.items, launch: launch)
}.main()
