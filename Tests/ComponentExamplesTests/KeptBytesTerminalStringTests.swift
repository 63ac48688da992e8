import Foundation
import Testing
import TideTestSupport

/// Terminal strings written to the pane (issue 37's hostile tests): a terminal's reply to a
/// query — here OSC 11's background colour, `ESC ] 11;rgb:0000/0000/0000 ESC \` — is consumed
/// whole and dropped. Before, its bytes were keys: tide-textinput's field got
/// `T11;rgb:0000/0000/0000Z` (alt-] took the `]`, alt-\ the last `\`), and the `r` and `0` in it
/// reset tide-demo's counter.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct KeptBytesTerminalStringTests {
  static let reply = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8)
  /// DCS and APC replies, an OSC ended by BEL, and DA1's answer (which a live start asks for
  /// after OSC 11's query: one that comes late is no key either).
  static let otherReplies = Array(
    "\u{1B}P1$r0m\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]10;rgb:ffff/ffff/ffff\u{07}\u{1B}[?62;22c".utf8)

  @Test func aReplyIsNotTypedIntoTheField() async throws {
    let app = KeptBytesTerminalTests.App.textInput
    let session = try await app.start()
    defer { withExtendedLifetime(session) {} }
    try await KeptBytesTerminalTests.write(Array("a".utf8) + Self.reply + Self.otherReplies + Array("b".utf8), to: session)
    let screen = try await session.waitForScreen(containing: "\(app.prompt)ab")
    #expect(!screen.contains("rgb"), "no byte of the reply typed:\n\(screen)")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
  }

  @Test func aReplyDoesNotResetTheDemosCounter() async throws {
    let session = try await Self.startDemoCounter(label: "tide-demo-string")
    defer { withExtendedLifetime(session) {} }
    try await session.type("++")
    try await session.waitForScreen(containing: "Count: 2")
    try await KeptBytesTerminalTests.write(Self.reply + Self.otherReplies + Array("+".utf8), to: session)
    try await session.waitForScreen(containing: "Count: 3")
    try await session.type("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try session.file("stty-after") == session.file("stty-before"))
  }

  /// tide-demo on its counter, with its data in the session's folder, once it shows `Count: 0`.
  static func startDemoCounter(label: String) async throws -> TmuxSession {
    let binary = try requireBuiltExecutable("tide-demo")
    let session = TmuxSession(label: label, columns: 100, rows: 24)
    try await session.startApp(
      binary, ["--data", session.folder.file("todos.json"), "--screen", "counter"],
      environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color")
    try await session.waitForScreen(containing: "Count: 0")
    return session
  }
}
