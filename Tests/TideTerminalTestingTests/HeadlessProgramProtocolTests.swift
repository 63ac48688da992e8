import Testing
import Tide
import TideTerminal
import TideTerminalTesting

/// What an app's own tests read of the terminal protocols through ``HeadlessProgram``: the
/// window title the app sets and the texts it copies.
@MainActor
@Suite struct HeadlessProgramProtocolTests {
  @Test func theTitleAndTheCopiesAreReadable() async throws {
    let clock = VirtualClock()
    var app = Tally.app(clock: clock)
    app.title = { state in "tally \(state.count)\u{1B}" }
    let program = HeadlessProgram(app, clock: clock)
    await program.start()
    #expect(program.title == "tally 0", "as a terminal shows it: the escape dropped")
    // A key's frame is drawn at once, its title with it.
    await program.send(.key(.character("+")))
    #expect(program.title == "tally 1")
    #expect(program.clipboardCopies.isEmpty)
    await program.sendQuitSignal()
    try await program.finished()
  }
}
