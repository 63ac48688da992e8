import Testing
@testable import TideDemo
import TideTerminal

/// The `?` overlay at the minimum size: it says it is clipped and scrolls; the input line's keys
/// are listed on the Todos screen.
@MainActor
@Suite struct HelpOverlayTests {
  @Test func atFortyByTwelveTheOverlaySaysItIsClippedAndScrolls() async throws {
    let (app, player) = try await play("keys ?", screen: .todos, size: TerminalSize(columns: 40, rows: 12))
    let entries = AppFeature.helpEntries(for: app.store.state).count
    #expect(entries > 8, "more entries than the 8 rows the box has at 40x12")
    #expect(player.screenText.contains(" 1-8/\(entries) ↑↓ "), "\(player.screenText)")
    #expect(player.screenText.contains("a/n"))
    try await player.play(KeyScript(parsing: "keys j j"))
    #expect(player.screenText.contains(" 3-10/\(entries) ↑↓ "), "\(player.screenText)")
    #expect(!player.screenText.contains("a/n"), "scrolled past the first entry")
    // Scrolling stops at the last page, and back at the top.
    try await player.play(KeyScript(parsing: "keys pgdn pgdn pgdn pgdn"))
    #expect(player.screenText.contains(" \(entries - 7)-\(entries)/\(entries) ↑↓ "), "\(player.screenText)")
    #expect(player.screenText.contains("close help"))
    try await player.play(KeyScript(parsing: "keys pgup pgup pgup pgup pgup pgup k"))
    #expect(player.screenText.contains(" 1-8/\(entries) ↑↓ "))
    // Closing and opening again starts at the top.
    try await player.play(KeyScript(parsing: "keys j ? ?"))
    #expect(player.screenText.contains(" 1-8/\(entries) ↑↓ "))
  }

  @Test func theInputLinesKeysAreInTheTodosHelp() async throws {
    let (_, player) = try await play("keys ?", screen: .todos, size: TerminalSize(columns: 80, rows: 30))
    #expect(player.screenText.contains("input: save"))
    #expect(player.screenText.contains("input: cancel"))
    #expect(!player.screenText.contains("↑↓ "), "everything fits: no scroll marker")
  }
}
