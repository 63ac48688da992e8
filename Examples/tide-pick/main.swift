import ArgumentParser
import TideTerminal
import TideTerminalCommand

// `tide-pick [ITEM...]`, and `tide-pick replay [--item ITEM]... SCRIPT...`: a replay's positional
// words are its scripts, so there the items are options.
struct PickOptions: ParsableArguments {
  @Option(name: .customLong("item"), help: ArgumentHelp("An item to pick from (repeatable).", valueName: "item"))
  var items: [String] = []
}

/// The interactive form's positional words (not options or their values; all after `--`) as `--item WORD`.
func itemsAsOptions(_ arguments: [String]) -> [String] {
  guard let first = arguments.first, !["replay", "help", "inspect"].contains(first) else { return arguments }
  let takesValue: Set = ["--record", "--trace", "--color", "--theme", "--background", "--item"]
  var result: [String] = []
  var words = arguments[...]
  while let word = words.popFirst() {
    if word == "--" {
      result += words.flatMap { ["--item", $0] }
      break
    }
    guard word.hasPrefix("-"), word != "-" else {
      result += ["--item", word]
      continue
    }
    result.append(word)
    if takesValue.contains(word), let value = words.popFirst() { result.append(value) }
  }
  return result
}

await TerminalCommand(
  "tide-pick", version: "0.1.0", abstract: "Pick one of the items, inline; the choice goes to standard output.",
  options: PickOptions.self, replayArguments: { $0.items.flatMap { ["--item", $0] } }
) { options, launch in
  var items = options.items
  // Standard input's lines when no item is given (a terminal's input is the keys, not items).
  if items.isEmpty, launch.mode == .interactive, !TerminalLaunch.standardInputIsTerminal {
    while let line = readLine() { items.append(line) }
  }
  return Picker.app(items: items, launch: launch)
}.inline().main(arguments: itemsAsOptions(Array(CommandLine.arguments.dropFirst())))
