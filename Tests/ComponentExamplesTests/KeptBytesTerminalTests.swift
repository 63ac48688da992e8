import Foundation
import Testing
import TideTestSupport

/// Every byte typed is kept (issue 37, findings 5, 8 and 9), in a real terminal: tmux writes the
/// bytes to the pane of `tide-textinput` or `tide-form` as a terminal would, and the screen and
/// the exit show what the app made of them. Before the decoder read the bytes itself, ncurses'
/// `wget_wch` lost the rest of a read after a byte that was not UTF-8, an escape followed by an
/// escape was the escape key (so alt-chords quit both apps, and the rest of their bytes landed
/// in the shell), and a paste whose end never came took every key typed less than a second
/// after the last.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct KeptBytesTerminalTests {
  /// An app of the examples in a tmux pane, and how its screen shows the text field.
  struct App: Sendable, CustomTestStringConvertible {
    var executable: String
    /// The field's prompt as drawn, the text following it.
    var prompt: String
    /// Shown once the app is ready for keys.
    var ready: String
    var testDescription: String { executable }

    static let textInput = App(executable: "tide-textinput", prompt: "Name: ", ready: "Name: your name")
    static let form = App(executable: "tide-form", prompt: "> Name:  ", ready: "[ Submit ]")

    func start() async throws -> TmuxSession {
      let binary = try requireBuiltExecutable(executable)
      let session = TmuxSession(label: "\(executable)-bytes", columns: 100, rows: 24)
      try await session.startApp(binary, environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color", recordingStandardError: true)
      try await session.waitForScreen("\(executable) ready for keys") { $0.contains(ready) }
      return session
    }
  }

  /// `bytes` written to the pane as they are, in one write (`send-keys -H`).
  static func write(_ bytes: [UInt8], to session: TmuxSession) async throws {
    try await session.tmux(["send-keys", "-t", session.name, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Finding 5: `hello\xffworld` typed is `hello�world`, the invalid byte U+FFFD and not one
  /// byte after it lost (the field showed `hello`).
  @Test(arguments: [App.textInput, App.form])
  func textTypedAfterAnInvalidByteIsKept(app: App) async throws {
    let session = try await app.start()
    defer { withExtendedLifetime(session) {} }
    try await Self.write(Array("hello".utf8) + [0xFF] + Array("world".utf8), to: session)
    try await session.waitForScreen(containing: "\(app.prompt)hello\u{FFFD}world")
    try await session.type("!")
    try await session.waitForScreen(containing: "\(app.prompt)hello\u{FFFD}world!")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
  }

  /// Finding 5, pasted: the same bytes in a bracketed paste (`paste-buffer -p` of a buffer
  /// loaded from a file, since they are no valid string).
  @Test func textPastedAfterAnInvalidByteIsKept() async throws {
    let session = try await App.textInput.start()
    defer { withExtendedLifetime(session) {} }
    let file = session.folder.file("invalid-utf8")
    try Data(Array("hello".utf8) + [0xFF] + Array(" world".utf8)).write(to: URL(fileURLWithPath: file))
    try await session.tmux(["load-buffer", "-b", "bytes", file])
    try await session.tmux(["paste-buffer", "-p", "-b", "bytes", "-t", session.name])
    try await session.waitForScreen(containing: "Name: hello\u{FFFD} world")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
  }

  /// Finding 8: escape escape (alt-escape) and rxvt's alt-up (`ESC ESC [ A`), each in one
  /// write as a terminal sends them, are alt-chords neither app binds: they do nothing, and
  /// the app goes on taking keys. Escape alone still quits.
  @Test(arguments: [App.textInput, App.form])
  func altChordsOfEscapeDoNotQuit(app: App) async throws {
    let session = try await app.start()
    defer { withExtendedLifetime(session) {} }
    try await Self.write([0x1B, 0x1B], to: session)
    try await session.type("a")
    try await Self.write([0x1B, 0x1B, 0x5B, 0x41], to: session)
    try await session.type("b")
    // xterm's alt-up, and alt-escape in the middle of other keys.
    try await Self.write(Array("\u{1B}[1;3A".utf8) + [0x1B, 0x1B] + Array("c".utf8), to: session)
    let screen = try await session.waitForScreen(containing: "\(app.prompt)abc")
    #expect(!screen.contains("[A"), "no byte of alt-up typed:\n\(screen)")
    #expect((try? session.file("status")) == nil, "the app still runs")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
    let after = try await session.capture()
    #expect(!after.contains("[A"), "nothing left over for the shell:\n\(after)")
  }

  /// Finding 9: a bracketed paste whose end never comes (`ESC [ 200 ~ xyz`) ends after a
  /// pause and is delivered; the keys a person then types are keys. The person here presses
  /// esc every 0.6 s until the app quits — that rhythm is the input under test, not a wait
  /// for an effect: before the fix each press came within a second of the last and joined the
  /// paste, so the app never quit.
  @Test func aPasteWithoutItsEndEndsAndKeysAreKeysAgain() async throws {
    let session = try await App.textInput.start()
    defer { withExtendedLifetime(session) {} }
    try await Self.write(Array("\u{1B}[200~xyz".utf8), to: session)
    // Esc every 0.6 s until the app quits.
    let quit = try await poll(every: .milliseconds(600)) {
      if (try? session.file("status")) != nil { return true }
      try await session.send("Escape")
      return false
    }
    guard quit else {
      Issue.record("esc pressed every 0.6 s and the app still runs; the pane shows:\n\(try await session.capture())")
      return
    }
    #expect(try session.file("status") == "0")
  }

  /// Finding 9 in the form: the unterminated paste goes to the focused field as text, and the
  /// keys after it reach the form (tab moves the focus on).
  @Test func aPasteWithoutItsEndReachesTheFormsField() async throws {
    let session = try await App.form.start()
    defer { withExtendedLifetime(session) {} }
    try await Self.write(Array("\u{1B}[200~xyz".utf8), to: session)
    try await session.waitForScreen(containing: "> Name:  xyz")
    try await session.send("Tab")
    try await session.type("e")
    try await session.waitForScreen(containing: "> Email: e")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
  }
}
