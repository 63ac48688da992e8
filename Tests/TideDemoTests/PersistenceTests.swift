import Clocks
import Foundation
import Synchronization
import Testing
import TideTestSupport
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("Persistence")
struct PersistenceTests {
  static let fixedDate = Date(timeIntervalSince1970: 1_767_323_045.678)  // 2026-01-02T03:04:05.678Z
  static let asideName = "todos.json.corrupt-20260102T030405.678Z"

  func decode(_ path: String) throws -> TodoFile {
    try TodoFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The folder's names without the lock file, which lives as long as the folder.
  func names(_ folder: TemporaryDirectory, _ subfolder: String? = nil) -> [String] {
    folder.contents(subfolder).filter { !$0.hasSuffix(".lock") }
  }

  // MARK: - TodoStorage

  @Test func aSaveWritesTheWholeFileAtomicallyAndCreatesTheFolder() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("nested/deeper/todos.json")
    let storage = TodoStorage(path: path)
    #expect(storage.load().todos.isEmpty)
    let todos = [Todo(id: 1, title: "buy milk"), Todo(id: 2, title: "日本語 🎉", isDone: true)]
    try await storage.save(todos)
    let file = try decode(path)
    #expect(file.version == 1)
    #expect(file.todos == todos)
    // Only the file is left: the temporary file was renamed over it.
    #expect(names(folder, "nested/deeper") == ["todos.json"])
    try await storage.save([Todo(id: 3, title: "new")])
    #expect(try decode(path).todos == [Todo(id: 3, title: "new")])
    #expect(names(folder, "nested/deeper") == ["todos.json"])
  }

  @Test func loadingAMissingFileIsAnEmptyListWithoutAWarning() {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let loaded = TodoStorage(path: folder.file("todos.json")).load()
    #expect(loaded.todos.isEmpty)
    #expect(loaded.warning == nil)
    #expect(loaded.readOnly == nil)
    #expect(names(folder).isEmpty)
  }

  @Test func loadingReadsWhatWasSaved() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let todos = [Todo(id: 4, title: "a"), Todo(id: 9, title: "b", isDone: true)]
    try TodoStorage(path: path).saveNow(todos)
    let loaded = TodoStorage(path: path).load()
    #expect(loaded.todos == todos)
    #expect(loaded.warning == nil)
  }

  @Test func loadingIsFaithfulAndSavingItBackKeepsEveryCharacter() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let long = String(repeating: "x", count: 10_000)
    let json = """
      {"version": 1, "todos": [
        {"id": 1, "title": "tab\\there\\u001b[31m", "isDone": false},
        {"id": 2, "title": "\(long)", "isDone": false},
        {"id": 3, "title": "  padded  ", "isDone": true},
        {"id": 4, "title": "", "isDone": false}
      ]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    let loaded = storage.load()
    #expect(loaded.warning == nil)
    #expect(loaded.readOnly == nil)
    let expected = [
      Todo(id: 1, title: "tab\there\u{1B}[31m"), Todo(id: 2, title: long),
      Todo(id: 3, title: "  padded  ", isDone: true), Todo(id: 4, title: ""),
    ]
    #expect(loaded.todos == expected)
    try await storage.save(loaded.todos)
    #expect(try decode(path).todos == expected)
  }

  @Test func aFileOfANewerVersionOpensReadOnlyAndIsNeverWritten() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let original = Data(#"{"version": 2, "todos": [{"id": 1, "title": "from the future", "isDone": false}]}"#.utf8)
    try original.write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    let (app, player) = try await play(
      "keys x a\ntype \"more\"\nkeys enter d esc", screen: .todos, storage: storage)
    #expect(app.store.state.todos.isReadOnly)
    #expect(app.store.state.todos.todos.elements == [Todo(id: 1, title: "from the future")])
    #expect(player.screenText.contains("Filter: All  read-only: written by a newer tide-demo\n"), "\(player.screenText)")
    #expect(player.screenText.contains("! todos.json is read-only: changes are not saved  ? details  esc hide"), "\(player.screenText)")
    let reason = try #require(app.store.state.warning?.details)
    #expect(reason.contains("newer tide-demo (file version 2"), "\(reason)")
    try await storage.save([Todo(id: 5, title: "would overwrite")])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    #expect(names(folder) == ["todos.json"])
  }

  @Test func anEditingKeyOnAReadOnlyListSaysWhyAndTextTypedNextNeverRunsAsCommands() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let original = Data(#"{"version": 2, "todos": [{"id": 1, "title": "from the future", "isDone": false}]}"#.utf8)
    try original.write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    // Someone presses `a` and types a title, with a `q` and a `d` in it, as if the line had opened.
    var screens: [String] = []
    let clock = VirtualClock()
    let app = DemoApp.make(screen: .todos, storage: storage, clock: clock)
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 80, rows: 24))
    player.onScreen = { screens.append($0) }
    try await player.play(KeyScript(parsing: "keys esc a\ntype \"buy dq milk\"\nscreen\nkeys enter\nscreen\nkeys q", file: "t.keys"))
    #expect(app.store.state.todos.editor == nil, "no input line opened")
    #expect(app.store.state.todos.todos.elements == [Todo(id: 1, title: "from the future")])
    try #require(screens.count == 2, "q typed after the editing key did not quit: \(screens)")
    #expect(screens[0].contains("Filter: All  read-only: written by a newer tide-demo"), "\(screens[0])")
    #expect(screens[0].contains("This list cannot be changed:"), "\(screens[0])")
    #expect(screens[0].contains("was written by a newer tide-demo"), "\(screens[0])")
    #expect(screens[0].contains("enter/esc to close"), "\(screens[0])")
    // The notice closes with enter; then the keys work again.
    #expect(!screens[1].contains("This list cannot be changed:"), "\(screens[1])")
    #expect(app.store.state.isQuitting)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
  }

  @Test func unknownFieldsOpenReadOnlyAndAreNeverDropped() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let original = Data(#"{"version": 1, "owner": "me", "todos": [{"id": 1, "title": "a", "isDone": false, "due": "2027-01-01"}]}"#.utf8)
    try original.write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    let loaded = storage.load()
    #expect(loaded.todos == [Todo(id: 1, title: "a")])
    let reason = try #require(loaded.readOnly?.details)
    #expect(reason.contains("owner, todos[0].due"), "\(reason)")
    try await storage.save([])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
  }

  @Test func duplicateIDsAreRepairedAfterTheFileIsCopiedAsideByteForByte() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let original = Data("""
      {"version": 1, "todos": [
        {"id": 7, "title": "first", "isDone": false},
        {"id": 7, "title": "second", "isDone": true},
        {"id": 3, "title": "third", "isDone": false}
      ]}
      """.utf8)
    try original.write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    let loaded = storage.load(now: Self.fixedDate)
    #expect(loaded.readOnly == nil)
    // Nothing dropped: the second todo gets a fresh id.
    #expect(loaded.todos == [Todo(id: 7, title: "first"), Todo(id: 8, title: "second", isDone: true), Todo(id: 3, title: "third")])
    let copy = "todos.json.before-repair-20260102T030405.678Z"
    #expect(names(folder) == ["todos.json", copy])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(copy))) == original)
    let warning = try #require(loaded.warning)
    #expect(warning.details.contains(folder.file(copy)), "\(warning.details)")
    #expect(warning.isClearedBySave)
  }

  @Test func aCorruptFileIsMovedAsideUnderAUniqueNameWithItsBytesAndAWarning() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let corrupt = Data("{\"version\": 1, \"todos\": [ {\"id\": 1, \"ti".utf8) + Data([0xFF, 0xFE, 0x00])
    try corrupt.write(to: URL(fileURLWithPath: path))

    let storage = TodoStorage(path: path)
    let loaded = storage.load(now: Self.fixedDate)
    #expect(loaded.todos.isEmpty)
    let warning = try #require(loaded.warning)
    #expect(warning.summary == "todos.json was unreadable; moved aside, starting empty")
    #expect(warning.details == "\(path) could not be read: it is not valid JSON (line 1, column 42). It was moved aside, unchanged, to \(folder.file(Self.asideName)). The list starts empty.")
    #expect(names(folder) == [Self.asideName])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(Self.asideName))) == corrupt)
    storage.release()

    // A second bad file in the same millisecond gets a counter, not a failure.
    try Data("also bad".utf8).write(to: URL(fileURLWithPath: path))
    let again = TodoStorage(path: path)
    #expect(again.load(now: Self.fixedDate).warning?.details.contains(Self.asideName + "-2") == true)
    #expect(names(folder) == [Self.asideName, Self.asideName + "-2"])
    try await again.save([Todo(id: 1, title: "fresh")])
    #expect(try decode(path).todos == [Todo(id: 1, title: "fresh")])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(Self.asideName))) == corrupt)
  }

  @Test func aReplayShowsNoWallClockTimeInTheNamesOfCopies() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    var screens: [String] = []
    for _ in 0..<2 {
      try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
      let storage = TodoStorage(path: path)
      let (app, player) = try await play("keys ?", screen: .todos, storage: storage)
      storage.release()
      let details = try #require(app.store.state.warning?.details)
      #expect(details.contains("moved aside, unchanged, to \(path).corrupt-<UTC time>."), "\(details)")
      screens.append(player.screenText)
    }
    #expect(screens[0] == screens[1], "\(lineDiff(expected: screens[0], actual: screens[1]))")
    // The copies on disk still carry the time, each its own.
    #expect(names(folder).count == 2)
    #expect(names(folder).allSatisfy { $0.hasPrefix("todos.json.corrupt-20") })
  }

  @Test func aFileOfTheWrongShapeSaysWhereInPlainEnglish() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try Data(#"{"version": 1, "todos": [{"id": 1, "title": 5, "isDone": false}]}"#.utf8).write(to: URL(fileURLWithPath: path))
    let details = try #require(TodoStorage(path: path).load().warning?.details)
    #expect(details.contains("todos[0].title has the wrong type"), "\(details)")
  }

  @Test func aPathThatIsNotARegularFileIsNeverMovedOrWritten() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("Documents")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: path + "/inside.txt"))
    let storage = TodoStorage(path: path)
    let loaded = storage.load(now: Self.fixedDate)
    #expect(loaded.todos.isEmpty)
    #expect(loaded.readOnly?.details.contains("is a directory") == true)
    try await storage.save([Todo(id: 1, title: "x")])
    #expect(folder.contents() == ["Documents"])
    #expect(folder.contents("Documents") == ["inside.txt"])
  }

  @Test func aSymlinkStaysASymlinkAndItsTargetIsWritten() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
    let target = folder.file("real/todos.json")
    try TodoStorage(path: target).saveNow([Todo(id: 1, title: "old")])
    let link = folder.file("link.json")
    #expect(symlink("real/todos.json", link) == 0)
    let storage = TodoStorage(path: link)
    #expect(storage.load().todos == [Todo(id: 1, title: "old")])
    try await storage.save([Todo(id: 1, title: "new")])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/todos.json")
    #expect(try decode(target).todos == [Todo(id: 1, title: "new")])
    #expect(names(folder, "real") == ["todos.json"])
  }

  @Test func theFilePermissionsAreKeptAndANewFileFollowsTheUmask() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try TodoStorage(path: path).saveNow([Todo(id: 1, title: "secret")])
    let mask = umask(0o022)
    umask(mask)
    #expect(try permissions(path) == 0o666 & ~mask)
    chmod(path, 0o600)
    let storage = TodoStorage(path: path)
    _ = storage.load()
    try await storage.save([Todo(id: 1, title: "still secret")])
    #expect(try permissions(path) == 0o600)
    #expect(try decode(path).todos == [Todo(id: 1, title: "still secret")])
  }

  func permissions(_ path: String) throws -> mode_t {
    var info = stat()
    try #require(stat(path, &info) == 0)
    return info.st_mode & 0o7777
  }

  @Test func oneWriterASecondInstanceIsReadOnlyAndSaysWhoHoldsTheFile() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let first = TodoStorage(path: path)
    _ = first.load()
    try await first.save([Todo(id: 1, title: "mine")])
    let second = TodoStorage(path: path)
    let loaded = second.load()
    #expect(loaded.todos == [Todo(id: 1, title: "mine")])
    #expect(loaded.readOnly?.details == "\(path) is in use by tide-demo pid \(getpid()); changes are not saved.")
    #expect(loaded.readOnly?.summary == "in use by pid \(getpid())")
    #expect(loaded.warning?.summary == "todos.json is in use by tide-demo pid \(getpid()): read-only, changes not saved")
    try await second.save([Todo(id: 1, title: "theirs")])
    #expect(try decode(path).todos == [Todo(id: 1, title: "mine")])
    // Once the first lets go, the next instance writes.
    first.release()
    let third = TodoStorage(path: path)
    #expect(third.load().readOnly == nil)
    try await third.save([Todo(id: 1, title: "third")])
    #expect(try decode(path).todos == [Todo(id: 1, title: "third")])
  }

  @Test func staleTemporaryFilesOfDeadProcessesAreRemovedAtStart() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let dead = try await runProcess("/bin/sh", ["-c", "echo $$"])
    let deadPID = try #require(Int32(dead.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let stale = folder.file(".todos.json.tmp-\(deadPID)")
    let live = folder.file(".todos.json.tmp-1")  // pid 1 is always alive
    try Data("half a list".utf8).write(to: URL(fileURLWithPath: stale))
    try Data("someone's save".utf8).write(to: URL(fileURLWithPath: live))
    _ = TodoStorage(path: path).load()
    #expect(names(folder) == [".todos.json.tmp-1"])
  }

  @Test func theMessageForUnfinishedSavesSaysWhatWasNotSavedAndWhereItsCopyIs() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let gate = DispatchSemaphore(value: 0)
    let storage = TodoStorage(path: path) { _ throws(SystemError) in
      gate.wait()
    }
    _ = storage.load()
    let save = Task { try await storage.save([Todo(id: 1, title: "stuck")]) }
    while !storage.isSaving { await Task.yield() }
    let newer = Task { try await storage.save([Todo(id: 1, title: "newer")]) }
    while !storage.unfinishedSaveMessage().contains("newest") { await Task.yield() }
    #expect(storage.unfinishedSaveMessage() == """
      tide-demo: your latest todo changes were not saved to \(path) before the app had to end. \
      The save in progress was writing them to the temporary copy \(folder.file(".todos.json.tmp-\(getpid())")) \
      (it may be incomplete). The newest changes were not written anywhere.
      """)
    gate.signal()
    gate.signal()
    try await save.value
    try await newer.value
  }

  @Test func systemReasonsAreTheSystemsWordsNeverAnErrorDomain() {
    #expect(systemReason(of: CocoaError(.fileReadUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EISDIR)])) == "Is a directory")
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    #expect(systemReason(of: CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder.path])) == "Is a directory")
    #expect(systemReason(of: CocoaError(.fileReadNoSuchFile)) == "No such file or directory")
    #expect(systemReason(of: CocoaError(.fileWriteOutOfSpace)) == "No space left on device")
    #expect(systemReason(of: SystemError("read", "/x", code: EACCES)) == "Permission denied")
    #expect(systemReason(of: CocoaError(.fileWriteUnknown)) == "the system gave no reason")
  }

  @Test func theDefaultPathFollowsXDGThenHome() {
    #expect(
      TodoStorage.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
        == "/x/data/tide-demo/todos.json")
    #expect(
      TodoStorage.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"])
        == "/home/u/.local/share/tide-demo/todos.json")
    #expect(TodoStorage.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/tide-demo/todos.json")
    // A relative XDG_DATA_HOME is ignored, as the XDG base directory rules say.
    #expect(
      TodoStorage.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"])
        == "/home/u/.local/share/tide-demo/todos.json")
  }

  // MARK: - The persistence middleware

  func makeStore(storage: TodoStorage, todos: [Todo] = []) -> TestStore<AppFeature.State, AppFeature.Action> {
    let clock = TestClock()
    return TestStore(
      initialState: AppFeature.State(screen: .todos, todos: todos),
      reducer: AppFeature(), clock: clock,
      middleware: [AppFeature.persistence(to: storage)])
  }

  @Test func everyChangeIsSavedAndNothingElseIs() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let store = makeStore(storage: TodoStorage(path: path))
    store.exhaustivity = .off
    // Actions that leave the todos alone write nothing.
    await store.send(.counter(.increment))
    await store.send(.todos(.startAdding))
    await store.send(.todos(.editor(.input(.insert("m")))))
    #expect(folder.contents().isEmpty)

    await store.send(.todos(.editor(.submit))).finish()
    #expect(try decode(path).todos == [Todo(id: 1, title: "m")])
    await store.send(.todos(.toggleSelected)).finish()
    #expect(try decode(path).todos == [Todo(id: 1, title: "m", isDone: true)])
    await store.send(.todos(.deleteSelected)).finish()
    #expect(try decode(path).todos == [])
    await store.send(.todos(.undoDelete)).finish()
    #expect(try decode(path).todos == [Todo(id: 1, title: "m", isDone: true)])
    await store.send(.todos(.clearCompleted)).finish()
    #expect(try decode(path).todos == [])
    #expect(store.state.warning == nil)
    #expect(folder.contents() == ["todos.json"])
    await store.finish()
  }

  /// A data path that cannot be written: under a regular file (which stops root too) or, when
  /// not root, also under a read-only folder.
  static func unwritablePaths(in folder: TemporaryDirectory) throws -> [String] {
    try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: folder.file("blocker")))
    var paths = [folder.file("blocker/tide-demo/todos.json")]
    if getuid() != 0 {
      try FileManager.default.createDirectory(atPath: folder.file("readonly"), withIntermediateDirectories: false)
      chmod(folder.file("readonly"), 0o500)
      paths.append(folder.file("readonly/todos.json"))
    }
    return paths
  }

  @Test func anUnwritableFolderWarnsAndTheAppKeepsWorking() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    for path in try Self.unwritablePaths(in: folder) {
      let store = makeStore(storage: TodoStorage(path: path))
      store.exhaustivity = .off
      await store.send(.todos(.startAdding))
      for character in "milk" { await store.send(.todos(.editor(.input(.insert(character))))) }
      await store.send(.todos(.editor(.submit)))
      await store.skipReceivedActions()
      let warning = try #require(store.state.warning, "no warning for \(path)")
      #expect(warning.summary.hasPrefix("Could not save todos to todos.json"), "\(warning)")
      #expect(warning.details.hasPrefix("Could not save todos to \(path): could not "), "\(warning)")
      #expect(!warning.details.contains("Domain"), "\(warning)")
      #expect(store.state.todos.todos.map(\.title) == ["milk"])
      // Still working: the next change is made (and fails to save again).
      await store.send(.todos(.toggleSelected))
      await store.skipReceivedActions()
      #expect(store.state.todos.todos.first?.isDone == true)
      #expect(!FileManager.default.fileExists(atPath: path))
      await store.finish()
    }
  }

  @Test func theSaveFailureIsReceivedAsSaveFailed() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = try Self.unwritablePaths(in: folder)[0]
    let storage = TodoStorage(path: path)
    var expectedMessage = ""
    do {
      try storage.saveNow([Todo(id: 1, title: "x")])
    } catch {
      expectedMessage = error.description
    }
    // The system's reason, in its own words, with the path it failed on.
    #expect(expectedMessage == "Could not save todos to \(path): could not create the folder \(folder.file("blocker/tide-demo")): Not a directory" || expectedMessage == "Could not save todos to \(path): could not use the folder \(folder.file("blocker")): Not a directory", "\(expectedMessage)")
    let store = makeStore(storage: TodoStorage(path: path), todos: [Todo(id: 1, title: "x")])
    await store.send(.todos(.toggleSelected)) { $0.todos.todos[id: 1]?.isDone = true }
    let warning = Warning(
      summary: "Could not save todos to todos.json",
      details: AppFeature.sentence(expectedMessage) + " The changes are kept in memory; the next change tries again.")
    await store.receive(.saveFailed(warning)) { $0.warning = warning }
    await store.finish()
  }

  // MARK: - The app

  @Test func theAppLoadsTodosAtStart() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try TodoStorage(path: path).saveNow([Todo(id: 1, title: "from disk"), Todo(id: 2, title: "done", isDone: true)])
    let (app, player) = try await play("expect \"[ ] from disk\"", screen: .todos, storage: TodoStorage(path: path))
    #expect(app.store.state.todos.todos.map(\.title) == ["from disk", "done"])
    #expect(app.store.state.todos.selection == 1)
    #expect(player.screenText.contains("> [ ] from disk"))
    #expect(player.screenText.contains("[x] done"))
    #expect(player.screenText.contains("1 item left"))
  }

  @Test func aCorruptFileShowsAOneLineWarningInTheApp() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    let (app, player) = try await play(
      """
      expect "! todos.json was unreadable; moved aside, starting empty  ? details  esc hide"
      keys a
      type "after"
      keys enter
      expect-not "unreadable"
      """, screen: .todos, storage: TodoStorage(path: path))
    #expect(!player.screenText.contains("!"))
    // The warning was shown, then cleared by the first successful save.
    #expect(app.store.state.warning == nil)
    // The app went on and saved a fresh file; the corrupt one is kept as it was.
    let names = names(folder)
    #expect(names.count == 2)
    let aside = try #require(names.first { $0.hasPrefix("todos.json.corrupt-") })
    #expect(aside.wholeMatch(of: /todos\.json\.corrupt-\d{8}T\d{6}\.\d{3}Z/) != nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(aside))) == Data("garbage".utf8))
    #expect(try decode(path).todos == [Todo(id: 1, title: "after")])
  }

  @Test func anUnwritableDataPathShowsTheWarningOnScreen() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = try Self.unwritablePaths(in: folder)[0]
    let (app, player) = try await play(
      """
      keys a
      type "milk"
      keys enter
      expect "[ ] milk"
      expect "! Could not save todos"
      keys a
      type "bread"
      keys enter
      expect "[ ] bread"
      """, screen: .todos, storage: TodoStorage(path: path))
    #expect(app.store.state.todos.todos.count == 2)
    #expect(player.screenText.contains("2 items left"))
  }

  @Test func aSecondInstanceLoadsWhatTheFirstSaved() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("data/todos.json")
    let firstStorage = TodoStorage(path: path)
    let (first, _) = try await play(
      """
      keys a
      type "buy milk"
      keys enter n
      type "日本語 🎉"
      keys enter up space
      expect "[x] buy milk"
      """, screen: .todos, storage: firstStorage)
    firstStorage.release()
    let saved = first.store.state.todos.todos.elements
    #expect(saved == [Todo(id: 1, title: "buy milk", isDone: true), Todo(id: 2, title: "日本語 🎉")])

    let (second, player) = try await play(
      """
      expect "[x] buy milk"
      expect "[ ] 日本語 🎉"
      expect "1 item left"
      """, screen: .todos, storage: TodoStorage(path: path))
    #expect(second.store.state.todos.todos.elements == saved)
    #expect(second.store.state.warning == nil)
    #expect(player.screenText.contains("> [x] buy milk"))
  }

  @Test func replayingWithDataLoadsAndSaves() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let data = folder.file("todos.json")
    let first = folder.file("first.keys")
    let second = folder.file("second.keys")
    try "keys a\ntype \"from replay\"\nkeys enter\n".write(toFile: first, atomically: true, encoding: .utf8)
    try "expect \"[ ] from replay\"\n".write(toFile: second, atomically: true, encoding: .utf8)
    let output = try await runDemoReplay(["replay", first, second, "--data", data, "--screen", "todos"])
    #expect(output.count == 4)
    #expect(output[2] == "==> \(second) <==")
    #expect(output[3].contains("> [ ] from replay"))
    #expect(try decode(data).todos == [Todo(id: 1, title: "from replay")])
  }
}

/// The todo file's JSON reader and writer against Foundation's: what one writes the other reads.
@Suite("Todo file JSON")
struct TodoJSONTests {
  static let awkward = [
    Todo(id: 1, title: "plain"),
    Todo(id: -5, title: "quote \" backslash \\ slash / tab \t newline \n bell \u{07} del \u{7F}", isDone: true),
    Todo(id: Int.max, title: "日本語 🎉 👨‍👩‍👧 e\u{301} \u{200B}\u{202E}"),
    Todo(id: Int.min, title: ""),
  ]

  @Test func whatItWritesFoundationReadsAndTheOtherWayRound() throws {
    struct Plain: Codable, Equatable { var version: Int; var todos: [Todo] }
    let written = TodoFile(todos: Self.awkward).encoded()
    #expect(try JSONDecoder().decode(Plain.self, from: written) == Plain(version: 1, todos: Self.awkward))
    let foundation = try JSONEncoder().encode(Plain(version: 1, todos: Self.awkward))
    #expect(try TodoFile.decode(foundation).todos == Self.awkward)
    #expect(try TodoFile.decode(written).todos == Self.awkward)
    #expect(String(decoding: written, as: UTF8.self).contains("\"isDone\" : true"))
  }

  @Test func escapesAndUnknownFieldsOfAnyShapeAreRead() throws {
    let json = #"""
      {"version":1,"extra":{"a":[1,2.5e-3,{"b":null}],"c":"\u00e9"},"todos":[
        {"title":"\ud83c\udf89 \u0041\/\"","isDone":true,"id":0,"tags":["x",{"y":[]}]}]}
      """#
    let file = try TodoFile.decode(Data(json.utf8))
    #expect(file.todos == [Todo(id: 0, title: "🎉 A/\"", isDone: true)])
    #expect(file.unknownFields == ["extra", "todos[0].tags"])
  }

  @Test(arguments: [
    ("", "it is not valid JSON (line 1, column 1)"),
    ("[1]", "the file is not a JSON object"),
    (#"{"version": 1}"#, "todos is missing"),
    (#"{"version": 1.5, "todos": []}"#, "version is not a whole number"),
    (#"{"version": 1, "todos": [{"id": 99999999999999999999, "title": "", "isDone": false}]}"#, "todos[0].id is too large"),
    (#"{"version": 1, "todos": [{"id": 1, "title": "x"}]}"#, "todos[0].isDone is missing"),
    (#"{"version": 1, "todos": [{"id": 1, "title": "\ud800", "isDone": false}]}"#, "it holds a broken \\u escape (a lone surrogate)"),
    ("{\"version\": 1, \"todos\": []}\n,", "it is not valid JSON (line 2, column 1)"),
  ])
  func whatIsNotATodoFileSaysWhy(json: String, reason: String) {
    #expect(throws: TodoJSON.Failure(reason: reason)) { try TodoFile.decode(Data(json.utf8)) }
  }

  @Test func invalidUTF8IsRejected() {
    let bytes = Data(#"{"version": 1, "todos": [{"id": 1, "title": ""#.utf8) + Data([0xFF]) + Data(#"", "isDone": false}]}"#.utf8)
    #expect(throws: TodoJSON.Failure(reason: "it holds text that is not valid UTF-8")) { try TodoFile.decode(bytes) }
  }
}
