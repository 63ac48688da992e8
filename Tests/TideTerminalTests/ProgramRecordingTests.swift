import Foundation
import Testing
import Tide
@testable import TideTerminal

/// ``Program`` recording a session (what `tide-demo --record` writes), run in-process on the
/// ``HeadlessDriver``: the input with its times, one line per resize, no quit signal, and the
/// session's end.
@MainActor
@Suite struct ProgramRecordingTests {
  @Test func theRecordingHoldsTheInputAtItsTimesAndTheScriptReplaysToTheSameScreen() async throws {
    let clock = VirtualClock()
    let app = Ticker.app(clock: clock)
    let driver = HeadlessDriver(size: TerminalSize(columns: 40, rows: 12), clock: clock)
    let program = Program(app, driver: driver, recordsSession: true)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }

    await driver.send(.key(.character("+")))
    clock.advance(by: .milliseconds(400))
    await driver.send(.key(.character("+")))
    await driver.send(.key(.character("-")))
    clock.advance(by: .seconds(1))
    // Terminals may report one resize twice.
    await driver.send(.resize(TerminalSize(columns: 50, rows: 14)))
    await driver.send(.resize(TerminalSize(columns: 50, rows: 14)))
    clock.advance(by: .milliseconds(250))
    let framesBefore = driver.frames.count
    await driver.send(.key(.character("+")))
    clock.advance(by: .milliseconds(700))
    // The last key's frame, drawn in its slot: the screen the user saw when the signal came.
    await driver.waitUntil { $0.frames.count == framesBefore + 1 }
    let live = driver.screenText
    #expect(live.contains("count: 2"))
    await driver.sendQuitSignal()
    try await run.value

    let recording = try #require(program.recording)
    #expect(recording.size == TerminalSize(columns: 40, rows: 12))
    #expect(recording.events.map(\.time) == [.zero, .milliseconds(400), .milliseconds(400), .milliseconds(1400), .milliseconds(1650)])
    #expect(program.sessionLength == .milliseconds(2350))
    let script = recording.script(date: Date(timeIntervalSince1970: 0), end: program.sessionLength)
    #expect(script == """
      # key script recorded 1970-01-01T00:00:00Z, terminal 40x12
      resize 40x12
      keys +
      wait 400ms
      type "+-"
      wait 1s
      resize 50x14
      wait 250ms
      keys +
      wait 700ms

      """)

    // The quit signal was not input: the replay of the recording runs to its end, on the
    // screen the program showed.
    let replay = TickerReplay(size: TerminalSize(columns: 80, rows: 24))
    #expect(try await replay.play(script) == .completed)
    #expect(replay.player.screenText == live)
  }

  /// An app that hands the terminal over on `e` and counts how the programs ended.
  struct Editing: Reducer {
    struct State: Equatable {
      var edits = 0
      var isQuitting = false
    }

    enum Action: Equatable, Sendable {
      case edit, edited(ExternalProgram.Outcome), quit
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .edit: return .runInTerminal(ExternalProgram("vim", arguments: ["notes.txt"])) { .edited($0) }
      case .edited:
        state.edits += 1
        return .none
      case .quit:
        state.isQuitting = true
        return .none
      }
    }
  }

  /// How each hand-over ended is recorded as a `program` line before the key that started it
  /// (one line while the outcome stays the same), so the replay of a recorded session that ran
  /// the editor gets what the session got instead of "could not start".
  @Test func aHandOverIsRecordedAsTheProgramLineBeforeItsKey() async throws {
    let clock = VirtualClock()
    let app = TerminalApp(
      store: Store(initialState: Editing.State(), reducer: Editing()),
      view: { state, canvas in canvas.draw("edits: \(state.edits)", atColumn: 0, row: 0) },
      keyAction: { _, key in key == .character("e") ? .edit : key == .character("q") ? .quit : nil },
      quitAction: .quit, isFinished: \.isQuitting)
    let driver = HeadlessDriver(size: TerminalSize(columns: 40, rows: 12), clock: clock)
    var outcomes: [ExternalProgram.Outcome] = [.exited(3), .exited(3), .couldNotStart("vim: not found")]
    driver.programOutcome = { _ in outcomes.removeFirst() }
    let program = Program(app, driver: driver, recordsSession: true)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    for edits in 1...3 {
      await driver.send(.key(.character("e")))
      // The hand-over effect ends after its outcome is recorded and sent to the app.
      await app.store.waitUntilIdle()
      await driver.requestFrame(force: true)
      #expect(driver.screenText.contains("edits: \(edits)"))
    }
    await driver.send(.key(.character("q")))
    try await run.value

    let script = try #require(program.recording).script(date: Date(timeIntervalSince1970: 0))
    #expect(script == """
      # key script recorded 1970-01-01T00:00:00Z, terminal 40x12
      resize 40x12
      program exits 3
      type "ee"
      program fails "vim: not found"
      type "eq"

      """)
    let steps = try KeyScript(utf8: Array(script.utf8), file: "recorded.keys").steps.map(\.command)
    #expect(steps.contains(.program(.exited(3))) && steps.contains(.program(.couldNotStart("vim: not found"))))
  }

  @Test func aProgramNotAskedToRecordKeepsNoRecording() async throws {
    let clock = VirtualClock()
    let driver = HeadlessDriver(clock: clock)
    let program = Program(Ticker.app(clock: clock), driver: driver)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    await driver.send(.key(.character("q")))
    try await run.value
    #expect(program.recording == nil)
  }
}
