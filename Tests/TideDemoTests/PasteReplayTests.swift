import Testing
import TideDemo
import TideTerminal

/// `paste "…"` in key scripts: one paste event, text in the input line, no command elsewhere.
@MainActor
@Suite struct PasteReplayTests {
  @Test func aPasteFillsTheInputLine() async throws {
    let (app, player) = try await play("""
      keys a
      paste "buy milk"
      keys enter
      """, screen: .todos)
    #expect(app.store.state.todos.todos.map(\.title) == ["buy milk"])
    #expect(player.screenText.contains("> [ ] buy milk"))
  }

  @Test func aPasteOnTheListRunsNoCommand() async throws {
    let (app, player) = try await play("""
      keys a
      type "keep me"
      keys enter
      paste "ddxa"
      expect "1 item left"
      expect-not "New todo"
      """, screen: .todos)
    #expect(app.store.state.todos.todos.map(\.title) == ["keep me"])
    #expect(app.store.state.todos.editor == nil)
    #expect(player.screenText.contains("> [ ] keep me"))
  }

  @Test func aPasteOnOtherScreensRunsNoCommand() async throws {
    let (app, _) = try await play("paste \"++q\"")
    #expect(app.store.state.counter.count == 0)
    #expect(!app.store.state.isQuitting)
  }
}
