import Foundation
import Testing
import TideTestSupport

/// The terminal's background as a live app finds it, in tmux: tmux answers OSC 11 with its
/// `window-style` background when one is set and does not answer at all without one, so both
/// paths run for real. tide-hello draws its count in an adaptive colour: #7dcfff (125, 207, 255)
/// on a dark background, #0550ae (5, 80, 174) on a light one.
@Suite(
  "The terminal's background in a real terminal", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct BackgroundTerminalTests {
  static let dark = "38;2;125;207;255"
  static let light = "38;2;5;80;174"

  /// Runs tide-hello until it shows its count, then quits it; returns its screen with escape
  /// sequences, after checking that nothing of an answer showed or was left for the shell.
  func run(in session: TmuxSession, restart: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    if restart { try await session.restartApp() }
    try await session.waitForScreen(containing: "count: 0", sourceLocation: sourceLocation)
    let screen = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.name]).stdout
    let shown = try await session.capture()
    try await session.send("q")
    #expect(try await session.waitForExit() == 0, sourceLocation: sourceLocation)
    let after = try await session.capture()
    for stray in ["rgb:", "11;", "]11", "^["] {
      #expect(!shown.contains(stray) && !after.contains(stray), "\(stray) on screen:\n\(shown)\n\(after)", sourceLocation: sourceLocation)
    }
    // The wrapper wrote it before the status: what was typed and left unread when the app ended.
    #expect(try session.file("left-over").isEmpty, "nothing left for the shell", sourceLocation: sourceLocation)
    return screen
  }

  func session(colorFGBG: String?) async throws -> TmuxSession {
    let binary = try requireBuiltExecutable("tide-hello")
    let session = TmuxSession(label: "tide-background", columns: 60, rows: 12)
    let hint = colorFGBG.map { "COLORFGBG='\($0)'" } ?? ""
    try await session.startApp(
      binary, [], environment: "env -u COLORFGBG -u NO_COLOR -u TIDE_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor \(hint)",
      recordingInputLeftOver: true)
    return session
  }

  /// No answer and no hint: dark. Then tmux answers white (#ffffff): light.
  @Test func unansweredIsDarkAndAWhiteAnswerIsLight() async throws {
    let session = try await session(colorFGBG: nil)
    defer { withExtendedLifetime(session) {} }
    let unanswered = try await run(in: session, restart: false)
    #expect(unanswered.contains(Self.dark) && !unanswered.contains(Self.light), "\(unanswered.debugDescription)")
    try await session.tmux(["set", "-g", "window-style", "bg=#ffffff"])
    let answered = try await run(in: session, restart: true)
    #expect(answered.contains(Self.light) && !answered.contains(Self.dark), "\(answered.debugDescription)")
  }

  /// No answer: `COLORFGBG`'s light background (white, 15). Then tmux answers a dark grey
  /// (#1e1e2e), which wins over the hint: dark.
  @Test func theHintStandsUntilTheTerminalAnswers() async throws {
    let session = try await session(colorFGBG: "0;15")
    defer { withExtendedLifetime(session) {} }
    let hinted = try await run(in: session, restart: false)
    #expect(hinted.contains(Self.light) && !hinted.contains(Self.dark), "\(hinted.debugDescription)")
    try await session.tmux(["set", "-g", "window-style", "bg=#1e1e2e"])
    let answered = try await run(in: session, restart: true)
    #expect(answered.contains(Self.dark) && !answered.contains(Self.light), "\(answered.debugDescription)")
  }
}
