import Foundation
import Testing
import TideTestSupport
import TideDemo
import TideTerminal
import TideTerminalCommand

/// A recorded session, replayed with the same screen, ends on the screen the user saw.
@Suite("Session recording")
struct SessionRecordingTests {
  @Test @MainActor func aRecordedSessionReplaysToTheSameScreen() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    // What a user did on the todos screen, as the live loop would report it.
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    var time = Duration.zero
    func record(_ event: InputEvent, after milliseconds: Int) {
      time += .milliseconds(milliseconds)
      recorder.record(event, at: time)
    }
    record(.key(.character("a")), after: 400)
    for character in "milk \"fresh\" #1 日本" { record(.key(.character(character)), after: 120) }
    record(.key(.enter), after: 300)
    record(.key(.character("a")), after: 30)
    record(.key(.character("x")), after: 20)
    record(.key(.escape), after: 700)
    record(.resize(TerminalSize(columns: 70, rows: 20)), after: 1000)
    record(.key(.character(" ")), after: 200)
    let path = folder.file("session.keys")
    let recording = SessionRecording(script: try OutputFile(checking: path))
    try recording.write(recording.text(
      of: recorder, commandName: "tide-demo", replayArguments: ["--screen", "todos"], start: Date(),
      duration: time + .milliseconds(250)))

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(
      "# replay it with: cd \(FileManager.default.currentDirectoryPath) && tide-demo replay --screen todos \(path)"), "\(text)")
    // The replay of the recording and a hand-written script of the same session agree.
    let recorded = try await runDemoReplay(["replay", path, "--screen", "todos"])
    let expected = folder.file("expected.keys")
    try """
      keys a
      type "milk \\"fresh\\" #1 日本"
      keys enter a x esc
      resize 70x20
      keys space
      """.write(toFile: expected, atomically: true, encoding: .utf8)
    let handWritten = try await runDemoReplay(["replay", expected, "--screen", "todos"])
    #expect(recorded == handWritten, "\(text)")
    #expect(recorded.joined().contains("[x] milk \"fresh\" #1 日本"), "\(recorded.joined(separator: "\n"))")
  }

  @Test func aRecordingThatCannotBeWrittenSaysWhy() throws {
    let recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    let folder = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
    let file = try OutputFile(checking: folder.file("sub/s.keys"))
    // The folder turns into a file between the check and the end of the session.
    try FileManager.default.removeItem(atPath: folder.file("sub"))
    try "in the way".write(toFile: folder.file("sub"), atomically: false, encoding: .utf8)
    let failure = #expect(throws: TerminalCommandError.self) {
      let recording = SessionRecording(script: file)
      try recording.write(recording.text(
        of: recorder, commandName: "tide-demo", replayArguments: [], start: Date(), duration: .zero))
    }
    #expect(failure?.status == 1)
    #expect(failure?.message == "\(folder.file("sub/s.keys")): error: cannot write the file: Not a directory")
  }

  /// `--record` keeps the data the app started from beside the script; a private data file
  /// (mode 600) must not become readable by everyone in that copy (it was 644 under umask 022).
  @Test func theCopyOfPrivateDataIsNoMoreReadableThanTheDataFile() throws {
    let folder = TemporaryDirectory()
    let recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    let copyPath = folder.file("s.keys.d.json")
    let recording = SessionRecording(
      script: try OutputFile(checking: folder.file("s.keys")),
      startingData: try OutputFile(checking: copyPath),
      startingBytes: Array("[]".utf8), startingPermissions: 0o600)
    func permissions() -> mode_t {
      var info = stat()
      _ = stat(copyPath, &info)
      return info.st_mode & 0o777
    }
    let text = recording.text(of: recorder, commandName: "tide-demo", replayArguments: [], start: Date(), duration: .zero)
    try recording.write(text)
    #expect(permissions() == 0o600, "a new copy")
    // A copy left readable by an earlier recording is narrowed too.
    chmod(copyPath, 0o644)
    try recording.write(text)
    #expect(permissions() == 0o600, "a copy replaced")
  }
}
