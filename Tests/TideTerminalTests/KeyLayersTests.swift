import Testing
import TideTerminal

/// Layered key tables: the first layer binding a key wins, text entry takes the rest of the
/// characters, help lists each key once, and the footer keeps the last layer's room.
@Suite struct KeyLayersTests {
  enum Action: Equatable { case screen, global, quit, typed(Character) }

  let screen = KeyMap<Action>([KeyBinding(.character("s"), .character("q"), action: .screen, help: "screen thing")])
  let global = KeyMap<Action>([
    KeyBinding(.character("q"), action: .quit, help: "quit"),
    KeyBinding(.tab, action: .global, help: "next"),
  ])
  let always = KeyMap<Action>([KeyBinding(.control("c"), action: .quit, help: "quit", showsInFooter: false)])

  @Test func theFirstLayerWinsThenTextEntry() {
    let layers = KeyLayers([screen, global, always], textEntry: { .typed($0) })
    #expect(layers.action(for: .character("q")) == .screen)
    #expect(layers.action(for: .tab) == .global)
    #expect(layers.action(for: .control("c")) == .quit)
    #expect(layers.action(for: .character("x")) == .typed("x"))
    #expect(layers.action(for: .enter) == nil, "text entry takes characters only")
    #expect(KeyLayers([screen, global]).action(for: .character("x")) == nil)
  }

  @Test func helpListsEachKeyOnceUnderTheLayerThatHasIt() {
    let entries = KeyLayers([screen, global, always]).helpEntries
    #expect(entries == [
      KeyHelp(keys: "s/q", help: "screen thing"), KeyHelp(keys: "tab", help: "next"),
      KeyHelp(keys: "ctrl-c", help: "quit"),
    ])
  }

  @Test func theFooterKeepsTheLastLayersRoom() {
    let layers = KeyLayers([screen, global, always])
    #expect(layers.helpLine(maxWidth: 80) == "s/q screen thing  q quit  tab next")
    #expect(layers.helpLine(maxWidth: 20) == "q quit  tab next")
  }

  /// The footer is laid out once per table and kept from frame to frame: it must still follow
  /// the width, the tables after the first, and a table whose bindings changed.
  @Test func theFooterFollowsItsTablesFromOneFrameToTheNext() {
    let other = KeyMap<Action>([KeyBinding(.character("o"), action: .global, help: "other")])
    #expect(KeyLayers([screen, global]).helpLine(maxWidth: 80) == "s/q screen thing  q quit  tab next")
    #expect(KeyLayers([screen, other]).helpLine(maxWidth: 80) == "s/q screen thing  o other")
    #expect(KeyLayers([screen, other]).helpLine(maxWidth: 10) == "o other")
    #expect(KeyLayers([screen]).helpLine(maxWidth: 80) == "s/q screen thing")
    var changed = screen
    changed.bindings[0].help = "changed"
    #expect(KeyLayers([changed, other]).helpLine(maxWidth: 80) == "s/q changed  o other")
    #expect(changed.helpLine(maxWidth: 80) == "s/q changed")
    #expect(KeyLayers([screen, other]).helpLine(maxWidth: 80) == "s/q screen thing  o other")
    #expect(screen.helpLine(maxWidth: 80) == "s/q screen thing")
  }
}
