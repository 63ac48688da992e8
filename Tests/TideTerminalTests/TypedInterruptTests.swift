import Testing
import Tide
@testable import TideTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ctrl-c typed on the real terminal (issue 37, F7): its tty no longer turns it into SIGINT,
/// so a pasted one is text, and the program does what the signal did — the app's quit, status
/// 130 — unless the app binds ctrl-c itself. On the headless driver, over a virtual clock.
@MainActor
@Suite struct TypedInterruptTests {
  /// A ticker program on `keyAction`, started and showing its first frame.
  func start(
    keyAction: ((Ticker.State, Key) -> Ticker.Action?)? = nil
  ) async -> (app: TerminalApp<Ticker.State, Ticker.Action>, driver: HeadlessDriver, program: Program<Ticker.State, Ticker.Action>, run: Task<Void, any Error>) {
    let clock = VirtualClock()
    let app = Ticker.app(clock: clock, keyAction: keyAction)
    let driver = HeadlessDriver(clock: clock)
    let program = Program(app, driver: driver, recordsSession: true)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    return (app, driver, program, run)
  }

  /// Unbound, it is SIGINT's quit exactly: the key typed before it first, the quit action,
  /// the signal remembered (status 130), and no key recorded, as the signal was not.
  @Test func anUnboundTypedControlCQuitsAsSIGINTDid() async throws {
    let (app, driver, program, run) = await start()
    await driver.send(.key(.character("+")))
    await driver.sendTypedInterrupt()
    try await run.value
    #expect(app.store.state.count == 1)
    #expect(app.store.state.isQuitting)
    #expect(program.quitSignal == SIGINT)
    #expect(program.recording?.events.map(\.event) == [.key(.character("+"))])
  }

  /// Bound to an action of the app's own, it is that key: the app goes on, no signal.
  @Test func aTypedControlCTheAppBindsIsItsKey() async throws {
    let (app, driver, program, run) = await start { _, key in
      key == .control("c") ? .increment : Ticker.keys.action(for: key)
    }
    await driver.sendTypedInterrupt()
    #expect(app.store.state.count == 1)
    #expect(!app.store.state.isQuitting)
    #expect(driver.isActive)
    await driver.send(.key(.character("q")))
    try await run.value
    #expect(program.quitSignal == nil, "quit with q: status 0")
    #expect(program.recording?.events.map(\.event) == [.key(.control("c")), .key(.character("q"))], "a key the app handled")
  }

  /// Bound to the app's quit (as tide-demo binds it), it ends the program as SIGINT did: 130.
  @Test func aTypedControlCBoundToQuitEndsAsSIGINTDid() async throws {
    let (app, driver, program, run) = await start { _, key in
      key == .control("c") ? .quit : Ticker.keys.action(for: key)
    }
    await driver.sendTypedInterrupt()
    try await run.value
    #expect(app.store.state.isQuitting)
    #expect(program.quitSignal == SIGINT)
  }
}
