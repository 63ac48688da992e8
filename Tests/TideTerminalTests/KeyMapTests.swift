import Testing
import TideTerminal

@Suite struct KeyMapTests {
  enum Action: Equatable {
    case increment, decrement, reset, help, quit
  }

  let map = KeyMap<Action>([
    KeyBinding(.character("+"), .character("k"), action: .increment, help: "increment"),
    KeyBinding(.character("-"), .character("j"), action: .decrement, help: "decrement"),
    KeyBinding(.character("r"), action: .reset, help: "reset"),
    KeyBinding(.up, action: .increment, help: "increment", showsInFooter: false),
    KeyBinding(.character("r"), action: .quit, help: "never reached"),
    KeyBinding(.control("c"), action: .quit, help: ""),
  ])

  @Test func dispatchesToTheFirstBindingHoldingTheKey() {
    #expect(map.action(for: .character("k")) == .increment)
    #expect(map.action(for: .character("j")) == .decrement)
    #expect(map.action(for: .up) == .increment)
    #expect(map.action(for: .character("r")) == .reset)
    #expect(map.action(for: .control("c")) == .quit)
    #expect(map.action(for: .character("x")) == nil)
  }

  @Test func helpLineListsFooterBindings() {
    #expect(map.helpLine(maxWidth: 80) == "+/k increment  -/j decrement  r reset  r never reached")
  }

  @Test func helpLineDropsEntriesThatDoNotFit() {
    let full = "+/k increment  -/j decrement  r reset"
    #expect(map.helpLine(maxWidth: full.count) == full)
    #expect(map.helpLine(maxWidth: full.count - 1) == "+/k increment  -/j decrement")
    #expect(map.helpLine(maxWidth: 12) == "")
  }

  @Test func helpEntriesListEveryBindingWithHelp() {
    #expect(map.helpEntries.map(\.keys) == ["+/k", "-/j", "r", "↑", "r"])
    #expect(map.helpEntries[3] == KeyHelp(keys: "↑", help: "increment"))
  }

  @Test func mapAndFollowedBy() {
    let global = KeyMap<Action>([KeyBinding(.character("?"), action: .help, help: "help")])
    let combined = map.followed(by: global).map { "\($0)" }
    #expect(combined.action(for: .character("?")) == "help")
    #expect(combined.action(for: .character("+")) == "increment")
    #expect(combined.helpLine(maxWidth: 200).hasSuffix("  ? help"))
  }
}
