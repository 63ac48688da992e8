import Foundation
import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

/// FilePicker on a real temporary folder: folders first then by name, hidden files toggled,
/// `..` and going up, and what a folder can hold that must not take it down — a folder it may
/// not read, a loop of links, a folder deleted while shown, names that are not UTF-8.
@Suite("FilePicker")
struct FilePickerTests {
  typealias Path = FilePicker.Path

  /// A folder: `docs/` (with `inner.txt`), `Zeta/`, `a.txt`, `b.txt`, `.hidden`, a link to
  /// `docs`, a loop of two links, and a file whose name is `f\xFF.txt` (not UTF-8).
  static func fixture() throws -> TemporaryDirectory {
    let folder = TemporaryDirectory("file-picker")
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.file("docs"), withIntermediateDirectories: false)
    try manager.createDirectory(atPath: folder.file("Zeta"), withIntermediateDirectories: false)
    try "inside\n".write(toFile: folder.file("docs/inner.txt"), atomically: false, encoding: .utf8)
    for name in ["a.txt", "b.txt", ".hidden"] { try "\(name)\n".write(toFile: folder.file(name), atomically: false, encoding: .utf8) }
    try manager.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "docs")
    try manager.createSymbolicLink(atPath: folder.file("loop1"), withDestinationPath: "loop2")
    try manager.createSymbolicLink(atPath: folder.file("loop2"), withDestinationPath: "loop1")
    let raw = Path(folder.path).appending(Self.rawName)
    let descriptor = (raw.bytes + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    #expect(descriptor >= 0)
    _ = write(descriptor, "raw bytes", 9)
    close(descriptor)
    return folder
  }

  static let rawName: [UInt8] = [0x66, 0xFF, 0x2E, 0x74, 0x78, 0x74]

  /// Removes the file named by bytes, which Foundation cannot name.
  static func removeRaw(in folder: TemporaryDirectory) {
    let raw = Path(folder.path).appending(rawName)
    _ = (raw.bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
  }

  static func shown(_ folder: TemporaryDirectory, hidden: Bool = false) async -> FilePicker.State {
    var state = FilePicker.State(folder: Path(folder.path), showsHidden: hidden, height: 30)
    state.show(await FilePicker.Listing.read(Path(folder.path)))
    return state
  }

  @Test func listsFoldersFirstThenFilesByNameWithoutHiddenOnesUntilAsked() async throws {
    let folder = try Self.fixture()
    defer { Self.removeRaw(in: folder) }
    var state = await Self.shown(folder)
    #expect(state.error == nil)
    #expect(state.shownTitles == ["..", "Zeta/", "docs/", "link/", "a.txt", "b.txt", "f\u{FFFD}.txt", "loop1", "loop2"])
    #expect(state.entries.first { $0.name == Array("loop1".utf8) }?.kind == .other)
    state.select(position: 5)
    #expect(state.selectedEntry?.displayName == "b.txt")
    _ = FilePicker().reduce(into: &state, action: .toggleHidden)
    #expect(state.shownTitles.contains(".hidden"))
    // The selection stays on its file when hidden ones come and go.
    #expect(state.selectedEntry?.displayName == "b.txt")
    _ = FilePicker().reduce(into: &state, action: .toggleHidden)
    #expect(!state.shownTitles.contains(".hidden"))
    #expect(state.selectedEntry?.displayName == "b.txt")
  }

  @Test func aNameThatIsNotUTF8IsShownWithReplacementsAndOpenedByItsBytes() async throws {
    let folder = try Self.fixture()
    defer { Self.removeRaw(in: folder) }
    var state = await Self.shown(folder)
    let found = state.select(name: Self.rawName)
    #expect(found)
    let path = try #require(state.selectedPath)
    #expect(path.bytes.suffix(6) == Self.rawName[...])
    #expect(try FileContents.read(atPath: path) == Array("raw bytes".utf8))
    // Its String spelling names no file.
    #expect(throws: SystemError.self) { try FileContents.read(atPath: path.description) }
  }

  @Test func aFolderItMayNotReadALoopAndADeletedFolderShowTheirErrors() async throws {
    let folder = try Self.fixture()
    defer { Self.removeRaw(in: folder) }
    try FileManager.default.createDirectory(atPath: folder.file("locked"), withIntermediateDirectories: false)
    chmod(folder.file("locked"), 0)
    let locked = await FilePicker.Listing.read(Path(folder.file("locked")))
    if getuid() == 0 {
      // Root reads a mode-000 folder all the same: there is no denial to show here. What can be
      // checked is that it is listed, empty, without an error.
      #expect(locked.error == nil)
      #expect(locked.entries.isEmpty)
    } else {
      #expect(locked.error == "Permission denied")
    }
    let loop = await FilePicker.Listing.read(Path(folder.file("loop1")))
    #expect(loop.error == "Too many levels of symbolic links")
    #expect(loop.entries.isEmpty)
    let notAFolder = await FilePicker.Listing.read(Path(folder.file("a.txt")))
    #expect(notAFolder.error == "Not a directory")

    // A folder shown, then deleted, then read again: its error and `..` to leave it.
    try FileManager.default.createDirectory(atPath: folder.file("gone"), withIntermediateDirectories: false)
    var state = FilePicker.State(folder: Path(folder.file("gone")), height: 10)
    state.show(await FilePicker.Listing.read(Path(folder.file("gone"))))
    #expect(state.shownTitles == [".."])
    try FileManager.default.removeItem(atPath: folder.file("gone"))
    state.show(await FilePicker.Listing.read(Path(folder.file("gone"))))
    #expect(state.error == "No such file or directory")
    #expect(state.shownTitles == [".."])
    var canvas = Canvas(columns: 40, rows: 5)
    FilePicker.draw(state, in: canvas.bounds, on: &canvas)
    #expect(canvas.text(ofRow: 1) == "No such file or directory")
    #expect(canvas[0, 1].style == Theme.default.error)
  }

  @MainActor
  @Test func enterOpensAFolderAndGoingUpSelectsTheFolderLeft() async throws {
    let folder = try Self.fixture()
    defer { Self.removeRaw(in: folder) }
    let store = TestStore(initialState: FilePicker.State(folder: Path(folder.path), height: 20), reducer: FilePicker())
    // The listings are checked by what they show.
    store.exhaustivity = .off
    await store.send(.reload)
    await store.receive(where: { if case .loaded = $0 { true } else { false } })
    #expect(store.state.shownTitles.count == 9)
    await store.send(.select(position: 2))
    await store.send(.choose)
    await store.receive(where: { if case .loaded = $0 { true } else { false } })
    #expect(store.state.folder == Path(folder.path).appending(Array("docs".utf8)))
    #expect(store.state.shownTitles == ["..", "inner.txt"])
    await store.send(.move(.down))
    await store.send(.choose)
    await store.receive(.chosen(Path(folder.path + "/docs/inner.txt")))
    await store.send(.goUp)
    await store.receive(where: { if case .loaded = $0 { true } else { false } })
    #expect(store.state.folder == Path(folder.path))
    #expect(store.state.selectedEntry?.displayName == "docs")
    await store.finish()
  }

  @Test func pathsGoUpByTheirText() {
    #expect(Path("a/b").parent == Path("a"))
    #expect(Path("a/b/").parent == Path("a"))
    #expect(Path("b").parent == Path("."))
    #expect(Path("/a").parent == Path("/"))
    #expect(Path("/").parent == Path("/"))
    #expect(Path(".").parent == Path(".."))
    #expect(Path("..").parent == Path("../.."))
    #expect(Path("a/b").lastComponent == Array("b".utf8))
    #expect(Path("/").lastComponent == nil)
    #expect(Path("/").appending(Array("x".utf8)) == Path("/x"))
  }

  @Test func theSelectionIsClampedAndTinyAreasAndEmptyFoldersDrawWithoutACrash() async throws {
    let folder = TemporaryDirectory("file-picker-empty")
    var state = FilePicker.State(folder: Path(folder.path), emptyText: "Nothing here")
    #expect(state.shownTitles.isEmpty)
    state.select(position: 40)
    #expect(state.cursor == 0)
    state.show(await FilePicker.Listing.read(Path(folder.path)))
    #expect(state.shownTitles == [".."])
    // Names with control characters, wide ones and a very long one: listed, drawn in any area.
    for name in ["bell\u{7}\u{1B}[31mred", "漢字のファイル", String(repeating: "long", count: 60)] {
      try "x".write(toFile: folder.file(name), atomically: false, encoding: .utf8)
    }
    _ = FilePicker().reduce(into: &state, action: .loaded(await FilePicker.Listing.read(Path(folder.path)), selecting: nil))
    #expect(state.shownTitles.count == 4)
    #expect(state.shownTitles.contains("bell\u{7}\u{1B}[31mred"))
    state.select(position: Int.max)
    #expect(state.cursor == 3)
    state.select(position: 0)
    #expect(state.isParentSelected)
    state.scroll(by: Int.min)
    for (columns, rows) in [(0, 0), (1, 1), (3, 2), (40, 3), (40, 8)] {
      var canvas = Canvas(columns: columns, rows: rows)
      FilePicker.draw(state, in: canvas.bounds, on: &canvas, sending: { $0 })
      #expect(!canvas.text().contains("\u{1B}"))
      #expect(!canvas.text().contains("\u{7}"))
    }
    // A listing for another folder (an answer come too late) is not shown.
    state.show(FilePicker.Listing(folder: Path("/elsewhere"), entries: [FilePicker.Entry(name: [0x78], kind: .file)]))
    #expect(state.shownTitles.count == 4)
  }

  @Test func aClickSelectsARowAndAClickOnTheSelectedOneOpensIt() async throws {
    let folder = try Self.fixture()
    defer { Self.removeRaw(in: folder) }
    let state = await Self.shown(folder)
    var canvas = Canvas(columns: 30, rows: 12)
    FilePicker.draw(state, in: canvas.bounds, on: &canvas, sending: { "picker \($0)" })
    let map = HitMap(canvas)
    // Row 0: the path; row 1: the status; row 2: `..`; row 3: `Zeta/`.
    #expect(map.target(of: PointerEvent(.press(.left), column: 4, row: 3)) as? String == "picker press(position: 1)")
    var pressed = state
    _ = FilePicker().reduce(into: &pressed, action: .press(position: 1))
    #expect(pressed.selectedEntry?.displayName == "Zeta")
  }
}
