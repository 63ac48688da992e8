import ArgumentParser
import TideTerminal
import TideTerminalCommand

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `tide-pick [ITEM...]`, and `tide-pick replay [--item ITEM]... SCRIPT...` (a replay's positional
// words are its scripts, so its items are options).
struct PickOptions: ParsableArguments {
  @Option(name: .customLong("item"), help: ArgumentHelp("An item to pick from (repeatable).", valueName: "item"))
  var items: [String] = []
}

/// The command line with the interactive form's positional words as `--item WORD`: every word
/// that is not an option or an option's value, and every word after `--`.
func itemsAsOptions(_ arguments: [String]) -> [String] {
  guard let first = arguments.first, !["replay", "help", "inspect"].contains(first) else { return arguments }
  let takesValue: Set = ["--record", "--trace", "--color", "--theme", "--background", "--item"]
  var result: [String] = []
  var index = 0
  while index < arguments.count {
    let word = arguments[index]
    if word == "--" {
      for item in arguments[(index + 1)...] { result += ["--item", item] }
      break
    }
    if word.hasPrefix("-") && word != "-" {
      result.append(word)
      if takesValue.contains(word), index + 1 < arguments.count {
        result.append(arguments[index + 1])
        index += 1
      }
    } else {
      result += ["--item", word]
    }
    index += 1
  }
  return result
}

/// Standard input's lines, when no item is given and standard input is not the terminal.
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
  options: PickOptions.self, replayArguments: { $0.items.flatMap { ["--item", $0] } }
) { options, launch in
  Picker.app(items: options.items.isEmpty && launch.mode == .interactive ? standardInputLines() : options.items, launch: launch)
}.main(arguments: itemsAsOptions(Array(CommandLine.arguments.dropFirst())))
