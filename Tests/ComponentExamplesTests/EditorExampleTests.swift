import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTestSupport

@testable import tide_editor

/// tide-editor: a `TextArea` on a file, saved with a `DataSaver`, a `Dialog` before losing
/// changes; replayed against a golden screen, and run as a user runs it.
@MainActor
@Suite("tide-editor")
struct EditorExampleTests {
  static let size = TerminalSize(columns: 40, rows: 12)
  let folder = TemporaryDirectory("tide-editor")

  @Test func editsSavesAndAsksBeforeQuittingWithChanges() async throws {
    let path = folder.file("notes.txt")
    try "Notes\nA line long enough to wrap at forty columns, as lines do\n".write(toFile: path, atomically: true, encoding: .utf8)
    let clock = VirtualClock()
    let app = try Editor.app(name: "notes.txt", path: path, launch: TerminalLaunch(clock: clock, size: Self.size, dataFile: path))
    await assertReplay(
      app, clock: clock, scriptFile: "Scripts/editor-edit.keys", golden: "Goldens/editor-edit.screen", size: Self.size)
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved == "Notes — edited\n漢字 and 🇯🇵 wrapone\ntwo\nthree\nA line long enough to wrap at forty columns, as lines do\n")
    #expect(!app.store.state.isModified && !app.store.state.isQuitting)
    await assertReplay(app, clock: clock, script: "keys esc", size: Self.size)
    #expect(app.store.state.isQuitting, "nothing unsaved: esc quits at once")
  }

  @Test func quittingWithChangesAndConfirmingLeavesTheFileAsItWas() async throws {
    let path = folder.file("keep.txt")
    try "keep\r\nme\r\n".write(toFile: path, atomically: true, encoding: .utf8)
    let clock = VirtualClock()
    let app = try Editor.app(name: "keep.txt", path: path, launch: TerminalLaunch(clock: clock, size: Self.size, dataFile: path))
    await assertReplay(app, clock: clock, script: """
      type "lost"
      keys esc
      expect "Unsaved changes"
      keys tab
      expect-style "[ Quit ]" selection
      keys enter
      """, size: Self.size)
    #expect(app.store.state.isQuitting)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep\r\nme\r\n")
  }

  /// ctrl-c is the quit action (a signal's too): with changes it asks first, and again while
  /// asking it quits, so a quit signal or a second ctrl-c never leaves the app running.
  @Test func ctrlCAsksThenQuitsWhileAsking() async throws {
    let path = folder.file("signal.txt")
    try "text".write(toFile: path, atomically: true, encoding: .utf8)
    let clock = VirtualClock()
    let app = try Editor.app(name: "signal.txt", path: path, launch: TerminalLaunch(clock: clock, size: Self.size, dataFile: path))
    await assertReplay(app, clock: clock, script: """
      type "x"
      keys ctrl-c
      expect "Unsaved changes"
      """, size: Self.size)
    #expect(!app.store.state.isQuitting)
    await assertReplay(app, clock: clock, script: "keys ctrl-c", size: Self.size)
    #expect(app.store.state.isQuitting)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "text")
  }

  @Test func aMissingFileIsANewDocumentAndSavingCreatesItWithItsLineEndings() async throws {
    let path = folder.file("new.txt")
    let clock = VirtualClock()
    let app = try Editor.app(name: "new.txt", path: path, launch: TerminalLaunch(clock: clock, size: Self.size, dataFile: path))
    await assertReplay(app, clock: clock, script: """
      expect "new.txt"
      type "first"
      keys enter
      type "second"
      keys ctrl-s
      expect "Saved"
      """, size: Self.size)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\nsecond")
  }

  @Test func aFileThatIsNotUTF8IsRefusedAndLeftUntouched() async throws {
    let binary = try requireBuiltExecutable("tide-editor")
    let path = folder.file("latin1.txt")
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let script = folder.file("s.keys")
    try "type \"x\"\nkeys ctrl-s\n".write(toFile: script, atomically: true, encoding: .utf8)
    let run = try await runProcess(binary, ["replay", path, script, "--initial-data", path])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("latin1.txt is not UTF-8 text"), "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test func aReplayWritesNoFileUnlessGivenACopyToEdit() async throws {
    let binary = try requireBuiltExecutable("tide-editor")
    let path = folder.file("doc.txt")
    try "doc\n".write(toFile: path, atomically: true, encoding: .utf8)
    let script = folder.file("s.keys")
    try "type \"x\"\nkeys ctrl-s\nexpect \"Not saved\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let run = try await runProcess(binary, ["replay", path, script])
    #expect(run.status == 0, "\(run)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "doc\n")
    let copy = folder.file("copy.keys")
    try "type \"x\"\nkeys ctrl-s\nexpect \"Saved\"\n".write(toFile: copy, atomically: true, encoding: .utf8)
    let edited = try await runProcess(binary, ["replay", path, copy, "--initial-data", path])
    #expect(edited.status == 0, "\(edited)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "doc\n", "the copy was saved, not the file")
  }
}
