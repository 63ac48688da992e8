import ArgumentParser
import TideTerminal
import TideTerminalCommand

// `tide-list [--items N]`, and `tide-list replay [--items N] SCRIPT...`.
struct ListOptions: ParsableArguments {
  @Option(help: "How many items: Item 1 … Item N.")
  var items = 50

  func validate() throws {
    guard items >= 0 else { throw ValidationError("--items must be 0 or more") }
    try MemoryBudget.check("--items", count: items, bytesEach: MemoryLayout<Chooser.Entry>.stride + MemoryLayout<Int>.stride)
  }
}

await TerminalCommand(
  "tide-list", version: "0.1.0", abstract: "Choose an item from a list you can filter.", options: ListOptions.self,
  replayArguments: { ["--items", "\($0.items)"] }
) { options, launch in
  Chooser.app(items: options.items, launch: launch)
}.main()
