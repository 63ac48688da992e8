import Testing
@testable import TideDemo
import TideTerminal
import TideTestSupport

/// tide-demo with the pointer: the header tabs switch screens on a press, a todo row is
/// selected by a press and ticked by a press on its `[ ]`, and the `?` overlay takes presses
/// above what it covers.
@MainActor
@Suite struct PointerDemoTests {
  @Test func tabsSwitchScreensOnAPress() async throws {
    let (app, _) = try await play("""
      click "Todos"
      expect "No todos yet"
      click "Stopwatch"
      expect "Stopped"
      click "Counter"
      expect "Count: 0"
      """, screen: .counter, size: TerminalSize(columns: 80, rows: 24))
    #expect(app.store.state.screen == .counter)
  }

  @Test func aTodoRowIsSelectedByAPressAndTickedByAPressOnItsBox() async throws {
    let (app, player) = try await play("""
      keys a
      type "first"
      keys enter a
      type "second"
      keys enter a
      type "third"
      keys enter
      expect "> [ ] third"
      click "first"
      expect "> [ ] first"
      click "[ ] first"
      expect "> [x] first"
      expect "2 items left"
      """, screen: .todos, size: TerminalSize(columns: 80, rows: 24))
    #expect(app.store.state.todos.todos.filter(\.isDone).map(\.title) == ["first"])
    // The overlay covers the list: a press on a row under it does nothing.
    try await player.play(KeyScript(parsing: "keys ?\nclick 5 7\nkeys esc\nexpect \"> [x] first\""))
  }
}
