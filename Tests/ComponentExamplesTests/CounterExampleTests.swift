import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTesting
import TideTestSupport

@testable import tide_counter

/// tide-counter is the README's app (`ReadmeTests` checks that the README shows its source and the
/// first test here as they are).
@MainActor
@Suite("tide-counter, the README's app")
struct CounterExampleTests {
  // snippet: readme-test
  @Test func countsUpAndDown() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.increment) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    await store.send(.quit) { $0.isQuitting = true }
  }
  // end snippet

  @Test func itCountsShowsItsKeysAndQuits() async {
    let clock = VirtualClock()
    let app = Counter.app(launch: TerminalLaunch(clock: clock))
    let screen = await assertReplay(app, clock: clock, script: """
      expect "Count: 0"
      keys + + up -
      expect "Count: 2"
      keys down down down
      expect "Count: -1"
      """)
    #expect(screen.contains("+/↑ add  -/↓ subtract  q quit"), "the footer lists the keys from the key table")
    await assertReplay(app, clock: clock, script: "keys q")
    #expect(app.store.state.isQuitting)
  }

  /// Its State and Action are `Codable`, so the one line of `main` gives it `--trace` and
  /// `inspect` too, as the README says.
  @Test func itsCommandTracesAndInspects() async throws {
    let folder = TemporaryDirectory("tide-counter")
    let binary = try requireBuiltExecutable("tide-counter")
    let script = folder.file("s.keys")
    try "keys + + -\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("t.trace")
    let replay = try await runProcess(binary, ["replay", script, "--trace", trace])
    #expect(replay.status == 0 && replay.stdout.contains("Count: 1"), "\(replay)")
    let who = try await runProcess(binary, ["inspect", trace, "--who-changed", "count"])
    #expect(who.status == 0, "\(who)")
    #expect(who.stdout == """
      1 .increment 0 → 1
      2 .increment 1 → 2
      3 .decrement 2 → 1

      """, "\(who)")
  }
}
