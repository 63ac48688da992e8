import Foundation
import Testing
import TideTestSupport

/// ctrl-s (0x13) typed or pasted froze the screen until ctrl-q: the tty kept its flow control
/// (IXON) on, so the byte stopped the app's output instead of reaching it. Flow control is off
/// while an app runs — the key after ctrl-s takes effect — and back on after it exits.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct KeptBytesFlowControlTests {
  @Test func aKeyAfterCtrlSTakesEffect() async throws {
    let app = KeptBytesTerminalTests.App.textInput
    let session = try await app.start()
    defer { withExtendedLifetime(session) {} }
    try await KeptBytesTerminalTests.write([0x13], to: session)
    try await session.type("a")
    try await session.waitForScreen(containing: "\(app.prompt)a")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
    let before = try session.file("stty-before")
    #expect(try session.file("stty-after") == before, "stty -g as before the app ran")
  }

  @Test func theDemosCounterCountsAfterCtrlS() async throws {
    let session = try await KeptBytesTerminalStringTests.startDemoCounter(label: "tide-demo-ixon")
    defer { withExtendedLifetime(session) {} }
    try await KeptBytesTerminalTests.write([0x13], to: session)
    try await session.type("+")
    try await session.waitForScreen(containing: "Count: 1")
    try await session.type("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try session.file("stty-after") == session.file("stty-before"), "stty -g as before the app ran")
  }
}
