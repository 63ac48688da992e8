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
