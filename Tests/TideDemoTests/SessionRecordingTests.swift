import Foundation
import Testing
import TideTestSupport
import TideDemo
import TideTerminal

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
    try SessionRecordingFile.write(
      recorder, screen: .todos, start: Date(), duration: time + .milliseconds(250), to: OutputFile(checking: path))

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("# replay it with: tide-demo replay FILE --screen todos"))
    // The replay of the recording and a hand-written script of the same session agree.
    var recorded: [String] = []
    try await DemoRunner.replay(
      scripts: [path], size: TerminalSize(columns: 80, rows: 24), frames: false, dataPath: nil, screen: .todos,
      output: { recorded.append($0) })
    let expected = folder.file("expected.keys")
    try """
      keys a
      type "milk \\"fresh\\" #1 日本"
      keys enter a x esc
      resize 70x20
      keys space
      """.write(toFile: expected, atomically: true, encoding: .utf8)
    var handWritten: [String] = []
    try await DemoRunner.replay(
      scripts: [expected], size: TerminalSize(columns: 80, rows: 24), frames: false, dataPath: nil, screen: .todos,
      output: { handWritten.append($0) })
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
    let failure = #expect(throws: DemoRunner.Failure.self) {
      try SessionRecordingFile.write(recorder, screen: .counter, start: Date(), duration: .zero, to: file)
    }
    #expect(failure?.status == 1)
    #expect(failure?.description == "\(folder.file("sub/s.keys")): error: cannot write the file: Not a directory")
  }
}
