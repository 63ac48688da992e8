import Foundation
import Testing
import TideTestSupport

@testable import TideDemo

/// The tty's signal characters — ctrl-c (0x03), ctrl-\ (0x1c), ctrl-z (0x1a) — in a real
/// terminal (issue 37, hostile finding F7). With the tty's ISIG on while the app ran, the kernel
/// turned such a byte into SIGINT, SIGQUIT or SIGTSTP wherever it came, inside a bracketed paste
/// too: pasting text that held one quit or stopped the app. The app now reads them as bytes: in
/// a paste they are text (the input line drops control characters), typed they quit and suspend
/// exactly as the signals did.
///
/// The app runs as a job of a shell with job control (`set -m`), as a user's: a stop then
/// really stops it (a process group without a job-control shell is orphaned, and the kernel
/// never stops it), and the shell writes `stopped` and waits for the test's `resume` file
/// before `fg`. Every wait polls the pane or a file with a deadline.
@Suite(
  "End to end: signal characters typed and pasted", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct SignalCharactersEndToEndTests {
  /// A signal character as a test argument.
  struct SignalCharacter: CustomTestStringConvertible, Sendable {
    var byte: UInt8
    var name: String
    var text: String { String(Unicode.Scalar(byte)) }
    var testDescription: String { name }

    static let controlC = SignalCharacter(byte: 0x03, name: "ctrl-c")
    static let controlBackslash = SignalCharacter(byte: 0x1C, name: "ctrl-\\")
    static let controlZ = SignalCharacter(byte: 0x1A, name: "ctrl-z")
  }

  /// Starts tide-demo on its empty todo list as a job of a job-control shell.
  func startDemo(_ session: TmuxSession) async throws {
    let binary = try requireTideDemo()
    let data = session.folder.file("todos.json")
    let script = """
      set -m
      trap : INT QUIT
      cd '\(session.folder.path)' || exit 99
      echo started
      stty -g > stty-before
      LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color '\(binary)' --data '\(data)' --screen todos
      status=$?
      if [ "$status" = 148 ]; then
        echo stopped > stopped
        while [ ! -e resume ]; do sleep 0.05; done
        fg
        status=$?
      fi
      echo $status > status.tmp
      stty -g > stty-after
      mv status.tmp status
      echo "app exited"
      exec sleep 600
      """
    try script.write(toFile: session.folder.file("job.sh"), atomically: true, encoding: .utf8)
    try await session.start("bash '\(session.folder.file("job.sh"))'")
    try await session.waitForScreen(containing: "No todos yet")
  }

  /// Whether the app has neither ended nor stopped, as far as its wrapper tells.
  func expectRunning(_ session: TmuxSession, after what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect((try? session.file("status")) == nil, "the app ended after \(what)", sourceLocation: sourceLocation)
    #expect((try? session.file("stopped")) == nil, "the app stopped after \(what)", sourceLocation: sourceLocation)
  }

  /// (1, 2) `ab`, the character, `cd` pasted into the todo input: the app keeps running, the
  /// character is dropped as every control character in a paste is, and the todo is `abcd`.
  /// Before the fix ctrl-c ended the app (130), ctrl-\ too (131), and ctrl-z stopped it.
  @Test(arguments: [SignalCharacter.controlC, .controlBackslash, .controlZ])
  func aSignalCharacterInAPasteIsText(character: SignalCharacter) async throws {
    let session = TmuxSession(label: "tide-demo-paste-signal")
    defer { withExtendedLifetime(session) {} }
    try await startDemo(session)
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.paste("ab\(character.text)cd")
    // A key after the paste: once it shows, the paste was handled.
    try await session.type("e")
    try await session.waitForScreen(containing: "New todo: abcde")
    expectRunning(session, after: "pasting \(character.name)")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] abcde")
    // On the list a paste runs no command, its signal character included.
    try await session.paste("x\(character.text)d")
    try await session.send("x")
    try await session.waitForScreen(containing: "> [x] abcde")
    expectRunning(session, after: "pasting \(character.name) on the list")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }

  /// (3, 4) Typed, ctrl-c and ctrl-\ quit as SIGINT and SIGQUIT did: the key typed before them
  /// handled and saved, status 128 + the signal, the terminal restored.
  @Test(arguments: [("C-c", SIGINT), ("C-\\", SIGQUIT)])
  func aTypedQuitCharacterQuitsAsItsSignal(key: String, signal: Int32) async throws {
    let session = TmuxSession(label: "tide-demo-typed-quit")
    defer { withExtendedLifetime(session) {} }
    try await startDemo(session)
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.type("t")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] t")
    try await session.send("x", key)
    #expect(try await session.waitForExit() == 128 + signal, "\(key)")
    #expect(
      try EndToEndDataTests().todos(at: session.folder.file("todos.json")) == [Todo(id: 1, title: "t", isDone: true)],
      "the toggle typed before \(key) was saved")
    try await session.expectTerminalRestored()
  }

  /// (5) Typed, ctrl-z suspends: the shell's screen is back and the tty in its own modes; `fg`
  /// redraws the app, whose tty again turns no byte into a signal (a pasted ctrl-z is text),
  /// and it goes on taking keys.
  @Test func aTypedControlZSuspendsAndFgResumes() async throws {
    let session = TmuxSession(label: "tide-demo-ctrl-z")
    defer { withExtendedLifetime(session) {} }
    try await startDemo(session)
    let tty = try await session.display("#{pane_tty}")
    #expect(try await Self.signalsOn(tty) == false, "the app's tty turns no byte into a signal")
    try await session.send("C-z")
    #expect(try await session.waitForFile("stopped") == "stopped")
    #expect(try await session.display("#{alternate_on}") == "0", "the normal screen while stopped")
    #expect(try await Self.signalsOn(tty) == true, "the shell's modes while stopped")
    #expect(FileManager.default.createFile(atPath: session.folder.file("resume"), contents: nil), "the go-ahead for fg")
    try await session.waitForScreen(containing: "No todos yet")
    #expect(try await Self.signalsOn(tty) == false, "the app's modes again after fg")
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.paste("ab\u{1A}cd")
    try await session.type("e")
    try await session.waitForScreen(containing: "New todo: abcde")
    #expect((try? session.file("status")) == nil, "the app ended after a paste following fg")
    try await session.send("Escape")
    // An escape and a key in one burst are an alt-chord: the key waits for the escape's effect.
    try await session.waitForScreen("the input line closed") { !$0.contains("New todo:") }
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }

  /// Whether the tty's ISIG is on (`isig` or `-isig` in `stty -a`); `nil` if neither shows.
  static func signalsOn(_ tty: String) async throws -> Bool? {
    let result = try await runProcess("stty", ["-F", tty, "-a"])
    try #require(result.status == 0, "stty -F \(tty) -a failed: \(result)")
    let flags = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    if flags.contains("isig") { return true }
    if flags.contains("-isig") { return false }
    return nil
  }
}
