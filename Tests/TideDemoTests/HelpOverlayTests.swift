import Foundation
import Testing
@testable import TideDemo
import TideTerminal
import TideTestSupport

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

  @Test func theHelpAndAWarningAreDrawnOneAboveTheOtherNeverOverEachOther() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
    for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 12)] {
      let storage = TodoStorage(path: path)
      let (_, player) = try await play("keys ?", screen: .todos, storage: storage, size: size)
      storage.release()
      let rows = player.screenText.components(separatedBy: "\n")
      let helpTop = try #require(rows.firstIndex { $0.contains("Keys: Todos") }, "\(player.screenText)")
      let warningTop = try #require(rows.firstIndex { $0.contains("Warning") }, "\(player.screenText)")
      // The help box is whole: its bottom edge comes before the warning's top edge.
      let helpColumn = rows[helpTop].firstIndex(of: "┌").map { rows[helpTop].distance(from: rows[helpTop].startIndex, to: $0) }
      let helpBottom = rows.indices.first { index in
        index > helpTop && rows[index].count > helpColumn ?? 0
          && rows[index][rows[index].index(rows[index].startIndex, offsetBy: helpColumn ?? 0)] == "└"
      }
      let bottom = try #require(helpBottom, "the help box's bottom edge is drawn:\n\(player.screenText)")
      #expect(bottom < warningTop, "help rows \(helpTop)...\(bottom), warning from row \(warningTop):\n\(player.screenText)")
      #expect(rows[warningTop].contains("┌"), "the warning's top edge is whole:\n\(player.screenText)")
      try FileManager.default.moveItem(atPath: folder.file(folder.contents().first { $0.contains("corrupt") }!), toPath: path)
    }
  }

  @Test func theInputLinesKeysAreInTheTodosHelp() async throws {
    let (_, player) = try await play("keys ?", screen: .todos, size: TerminalSize(columns: 80, rows: 30))
    #expect(player.screenText.contains("input: save"))
    #expect(player.screenText.contains("input: cancel"))
    #expect(!player.screenText.contains("↑↓ "), "everything fits: no scroll marker")
  }
}
