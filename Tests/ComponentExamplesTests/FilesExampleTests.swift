import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting
import TideTestSupport

@testable import tide_files

/// tide-files on a folder the test makes: the picker lists it, the preview follows the
/// selection (text, or what a binary file is), enter opens a folder, backspace comes back to
/// it, `.` shows hidden files, a click selects, tab moves the focus to the preview, q quits.
@MainActor
@Suite("tide-files")
struct FilesExampleTests {
  static func fixture() throws -> TemporaryDirectory {
    let folder = TemporaryDirectory("tide-files")
    try FileManager.default.createDirectory(atPath: folder.file("notes"), withIntermediateDirectories: false)
    try "buy milk\n".write(toFile: folder.file("notes/todo.txt"), atomically: false, encoding: .utf8)
    try "hello from a\n".write(toFile: folder.file("a.txt"), atomically: false, encoding: .utf8)
    try Data([0, 1, 2, 3] + Array(repeating: 0xFF, count: 16)).write(to: folder.url.appendingPathComponent("b.bin"))
    try "secret\n".write(toFile: folder.file(".hidden"), atomically: false, encoding: .utf8)
    return folder
  }

  @Test func browsesAFolderPreviewingTheSelectedFile() async throws {
    let folder = try Self.fixture()
    let clock = VirtualClock()
    let app = Browser.app(folder: folder.path, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "> .."
      expect "  notes/"
      expect "  a.txt"
      expect "  b.bin"
      expect-not ".hidden"
      keys down down
      expect "> a.txt"
      expect "hello from a"
      keys down
      expect "binary file, 20 bytes"
      keys .
      expect ".hidden"
      keys .
      expect-not ".hidden"
      click "notes/"
      expect "> notes/"
      keys enter
      expect "  todo.txt"
      keys down
      expect "buy milk"
      keys backspace
      expect "> notes/"
      expect-not "buy milk"
      """)
    #expect(app.store.state.picker.selectedEntry?.displayName == "notes")
    await assertReplay(app, clock: clock, script: "keys tab\nkeys q")
    #expect(app.store.state.focus.isFocused(.preview))
    #expect(app.store.state.isQuitting)
  }

  @Test func aFolderThatCannotBeReadIsShownAsSuch() async throws {
    let folder = try Self.fixture()
    let clock = VirtualClock()
    let app = Browser.app(folder: folder.file("missing"), launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "No such file or directory"
      expect "> .."
      keys enter
      expect "  notes/"
      """)
  }
}
