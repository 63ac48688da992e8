import Foundation
import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTrace

@testable import TideTerminalCommand

/// `--record` beside `--inspect-socket`, in-process: the app as `TerminalCommand` makes it for a
/// live run (traced, ready for live time travel) on the headless driver, the inspector's
/// commands handed to it as the socket hands them. Input the app never got while a jump held it
/// must not reach the recorded script, whose replay would apply it.
@MainActor
@Suite struct LiveTravelRecordingTests {
  let folder = TemporaryDirectory("tide-live-record")

  /// The tally as a live run with `--record` and `--inspect-socket` makes it, running on a
  /// 40x12 headless terminal with its first frame drawn; its trace written to `tracePath`.
  func start(tracing tracePath: String) async throws -> (
    app: TerminalApp<Tally.State, Tally.Action>, clock: VirtualClock, driver: HeadlessDriver,
    program: Program<Tally.State, Tally.Action>, run: Task<Void, any Error>,
    session: TraceSession<Tally.State, Tally.Action>, handle: (LiveCommand) -> String?
  ) {
    let clock = VirtualClock()
    let size = TerminalSize(columns: 40, rows: 12)
    let command = Tally.command
    let options = try Tally.Options.parse([])
    let session = try #require(command.traceSession(
      into: TraceFile(try OutputFile(checking: tracePath)), options: options, size: size, clock: clock))
    let launch = TerminalLaunch(
      mode: .interactive, commandName: "tally", clock: clock, size: size, actionTrace: session.actionTrace,
      dataFile: nil, startDate: nil)
    let (app, handle, _) = session.travelling(try command.traced(try command.make(options, launch), by: session))
    let driver = HeadlessDriver(size: size, clock: clock)
    let program = Program(app, driver: driver, recordsSession: true)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    return (app, clock, driver, program, run, session, handle)
  }

  /// The inspector's command that puts the tally into step 1, where the count was 1.
  let jumpToStep1 = LiveCommand(line: Array(#"{"jump":1,"state":{"count":1,"step":1,"unsaved":false,"isQuitting":false}}"#.utf8))

  /// A jump is checked as the inspector checks a state it shows: one with a member named twice
  /// put the app into the first of the two, and one with a member the app does not have was
  /// taken as if it had it (second reader).
  @Test(arguments: [
    (#"{"jump":1,"state":{"count":1,"count":9,"step":1,"unsaved":false,"isQuitting":false}}"#,
     "step 1 could not be put back: the top level has the member count twice"),
    (#"{"jump":1,"state":{"count":1,"step":1,"unsaved":false,"isQuitting":false,"colour":"red"}}"#,
     "step 1 could not be put back: colour is not a member it has"),
  ])
  func aJumpToAStateTheAppCannotHoldIsRefused(line: String, reason: String) async throws {
    let (app, _, driver, _, run, session, handle) = try await start(tracing: folder.file("refused.trace"))
    await driver.send(.key(.character("+")))
    #expect(handle(try #require(LiveCommand(line: Array(line.utf8)))) == reason)
    #expect(app.store.state.count == 1, "the app's state is as it was")
    await driver.send(.key(.character("q")))
    try await run.value
    session.finish()
  }

  @Test func inputHeldByALiveJumpIsNotRecordedAndTheScriptSaysWhereTheAppWasPut() async throws {
    let tracePath = folder.file("live.trace")
    let (app, clock, driver, program, run, session, handle) = try await start(tracing: tracePath)

    for _ in 1...3 { await driver.send(.key(.character("+"))) }
    clock.advance(by: .seconds(1))
    #expect(handle(try #require(jumpToStep1)) == nil)
    await driver.requestFrame(force: true)
    #expect(driver.screenText.contains("tally: 1") && driver.screenText.contains("keys held"), "\(driver.screenText)")
    // Held: none of this reaches the app, so none of it may reach the script.
    await driver.send(.key(.character("+")))
    await driver.send(.key(.character("+")))
    await driver.send(.paste("++"))
    await driver.send(.resize(TerminalSize(columns: 50, rows: 14)))
    clock.advance(by: .seconds(1))
    await driver.requestFrame(force: true)
    #expect(driver.screenText.contains("tally: 1"), "\(driver.screenText)")
    #expect(handle(.resume) == nil)
    await driver.send(.key(.character("+")))
    clock.advance(by: .seconds(1))
    await driver.send(.key(.character("q")))
    try await run.value
    #expect(app.store.state.count == 2)

    let script = try #require(program.recording).script(date: Date(timeIntervalSince1970: 0), end: program.sessionLength)
    #expect(script == """
      # key script recorded 1970-01-01T00:00:00Z, terminal 40x12
      resize 40x12
      type "+++"
      wait 2s
      # here live time travel had put the app into the state of step 1 of its trace, and it went on from there: a replay of this script cannot (what was typed meanwhile, held, is left out)
      resize 50x14
      keys +
      wait 1s
      keys q

      """)

    // The trace holds no input line for what was held either: an export of its keys would
    // apply it.
    session.finish()
    let trace = try String(contentsOfFile: tracePath, encoding: .utf8)
    #expect(!trace.contains(#""paste""#), "\(trace)")
    #expect(trace.components(separatedBy: #""key":"+""#).count - 1 == 4, "\(trace)")
  }

  /// The app quitting while it is held (ctrl-c, from the state it shows) ends the script with
  /// the line saying where it was put: ctrl-c quit as a signal does, and is not recorded.
  @Test func anAppThatQuitsWhileHeldEndsItsScriptSayingWhereItWasPut() async throws {
    let (app, clock, driver, program, run, session, handle) = try await start(tracing: folder.file("quit.trace"))

    await driver.send(.key(.character("+")))
    await driver.send(.key(.character("+")))
    #expect(handle(try #require(jumpToStep1)) == nil)
    await driver.send(.key(.character("+")))
    clock.advance(by: .seconds(1))
    await driver.send(.key(.control("c")))
    try await run.value
    session.finish()
    #expect(app.store.state.count == 1 && app.store.state.isQuitting)

    let script = try #require(program.recording).script(date: Date(timeIntervalSince1970: 0), end: program.sessionLength)
    #expect(script == """
      # key script recorded 1970-01-01T00:00:00Z, terminal 40x12
      resize 40x12
      type "++"
      wait 1s
      # here live time travel had put the app into the state of step 1 of its trace, and it ended there: a replay of this script cannot (what was typed meanwhile, held, is left out)

      """)
  }
}
