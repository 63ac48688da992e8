import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTestSupport

@testable import tide_pick

/// tide-pick replayed: an inline picker whose live area is as tall as the items it shows, whose
/// typing filters at once, and whose result is what enter chose (or nothing, for esc).
@MainActor
@Suite("tide-pick")
struct PickExampleTests {
  let items = ["apple", "banana", "cherry", "日本語 item"]

  @Test func typingFiltersEnterChoosesAndTheResultIsTheChoice() async {
    let clock = VirtualClock()
    let app = Picker.app(items: items, launch: TerminalLaunch(clock: clock))
    let screen = await assertReplay(app, clock: clock, script: """
      expect "4 items"
      type "an"
      expect "1 of 4"
      expect-not "cherry"
      keys enter
      """)
    #expect(app.store.state.chosen == "banana")
    #expect(app.exitResult(app.store.state) == .printing("banana"))
    // Inline: the live area is as tall as it needs (the status line with the query, one item).
    #expect(screen.split(separator: "\n").filter { !$0.isEmpty }.count == 2, "\(screen)")
  }

  @Test func escapeChoosesNothingAndExitsOne() async {
    let clock = VirtualClock()
    let app = Picker.app(items: items, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: "keys down esc")
    #expect(app.store.state.isDone && app.store.state.chosen == nil)
    #expect(app.exitResult(app.store.state) == .failure(status: 1))
  }

  @Test func wideItemsAndMovesChooseTheSelectedItem() async {
    let clock = VirtualClock()
    let app = Picker.app(items: items, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "本"
      expect "日本語 item"
      keys backspace end enter
      """)
    #expect(app.store.state.chosen == "日本語 item")
  }

  /// The command: `replay --item …` prints the final live area and then the choice, as the
  /// interactive run prints it after giving the terminal back; the status is the app's.
  @Test func theCommandReplaysWithItemsAndPrintsTheChoice() async throws {
    let binary = try requireBuiltExecutable("tide-pick")
    let folder = TemporaryDirectory("tide-pick-cli")
    let chose = folder.file("chose.keys")
    try "type \"err\"\nkeys enter\n".write(toFile: chose, atomically: true, encoding: .utf8)
    let ok = try await runProcess(binary, ["replay", "--item", "apple", "--item", "cherry", chose, "--frames"])
    #expect(ok.status == 0, "\(ok)")
    #expect(ok.stdout.hasSuffix("cherry\n"), "\(ok)")
    #expect(ok.stdout.contains("--- frame 1"), "\(ok)")
    let cancel = folder.file("cancel.keys")
    try "keys esc\n".write(toFile: cancel, atomically: true, encoding: .utf8)
    let cancelled = try await runProcess(binary, ["replay", "--item", "apple", cancel])
    #expect(cancelled.status == 1, "\(cancelled)")
  }
}
