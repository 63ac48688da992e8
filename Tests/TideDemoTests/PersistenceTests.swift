import Clocks
import Foundation
import Testing
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("Persistence")
struct PersistenceTests {
  static let fixedDate = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z
  static let asideName = "todos.json.corrupt-20260102T030405Z"

  func decode(_ path: String) throws -> TodoStorage.File {
    try JSONDecoder().decode(TodoStorage.File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  // MARK: - TodoStorage

  @Test func aSaveWritesTheWholeFileAtomicallyAndCreatesTheFolder() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("nested/deeper/todos.json")
    let storage = TodoStorage(path: path)
    let todos = [Todo(id: 1, title: "buy milk"), Todo(id: 2, title: "日本語 🎉", isDone: true)]
    try storage.save(todos, version: 1)
    let file = try decode(path)
    #expect(file.version == 1)
    #expect(file.todos == todos)
    // Only the file is left: the temporary file was renamed over it.
    #expect(folder.contents("nested/deeper") == ["todos.json"])

    try storage.save([Todo(id: 3, title: "new")], version: 2)
    #expect(try decode(path).todos == [Todo(id: 3, title: "new")])
    #expect(folder.contents("nested/deeper") == ["todos.json"])
    // An older save that finishes late never wins over a newer one.
    try storage.save(todos, version: 1)
    #expect(try decode(path).todos == [Todo(id: 3, title: "new")])
  }

  @Test func loadingAMissingFileIsAnEmptyListWithoutAWarning() {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let (todos, warning) = TodoStorage(path: folder.file("todos.json")).load()
    #expect(todos.isEmpty)
    #expect(warning == nil)
    #expect(folder.contents().isEmpty)
  }

  @Test func loadingReadsWhatWasSaved() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let todos = [Todo(id: 4, title: "a"), Todo(id: 9, title: "b", isDone: true)]
    try TodoStorage(path: path).save(todos, version: 1)
    let loaded = TodoStorage(path: path).load()
    #expect(loaded.todos == todos)
    #expect(loaded.warning == nil)
  }

  @Test func loadingDropsWhatTheAppWouldNeverHaveSaved() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let json = """
      {"version": 1, "todos": [
        {"id": 1, "title": "tab\\there\\u001b[31m", "isDone": false},
        {"id": 1, "title": "duplicate id", "isDone": true},
        {"id": 2, "title": "\(String(repeating: "x", count: 700))", "isDone": false}
      ]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let (todos, warning) = TodoStorage(path: path).load()
    #expect(warning == nil)
    #expect(todos.map(\.id) == [1, 2])
    #expect(todos[0].title == "tabhere[31m")
    #expect(todos[1].title.count == Todo.maximumTitleLength)
  }

  @Test func aCorruptFileIsMovedAsideWithItsBytesAndAWarning() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let corrupt = Data("{\"version\": 1, \"todos\": [ {\"id\": 1, \"ti".utf8) + Data([0xFF, 0xFE, 0x00])
    try corrupt.write(to: URL(fileURLWithPath: path))

    let storage = TodoStorage(path: path)
    let (todos, warning) = storage.load(now: Self.fixedDate)
    #expect(todos.isEmpty)
    #expect(warning == "todos.json was unreadable; moved aside to \(Self.asideName). Starting empty.")
    #expect(folder.contents() == [Self.asideName])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(Self.asideName))) == corrupt)

    // Saving afterwards writes a new file and leaves the corrupt one untouched.
    try storage.save([Todo(id: 1, title: "fresh")], version: 1)
    #expect(folder.contents() == ["todos.json", Self.asideName])
    #expect(try decode(path).todos == [Todo(id: 1, title: "fresh")])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(Self.asideName))) == corrupt)
  }

  @Test func aCorruptFileThatCannotBeMovedAsideIsNeverOverwritten() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let earlier = Data("an earlier corrupt file".utf8)
    let corrupt = Data("[not json".utf8)
    try earlier.write(to: URL(fileURLWithPath: folder.file(Self.asideName)))
    try corrupt.write(to: URL(fileURLWithPath: path))

    let storage = TodoStorage(path: path)
    let (todos, warning) = storage.load(now: Self.fixedDate)
    #expect(todos.isEmpty)
    #expect(warning == "todos.json is unreadable and could not be moved aside; not saving, to keep it.")
    try storage.save([Todo(id: 1, title: "would overwrite")], version: 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == corrupt)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(Self.asideName))) == earlier)
    #expect(folder.contents() == ["todos.json", Self.asideName])
  }

  @Test func anUnreadableFileIsMovedAsideToo() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    // A folder where the file should be cannot be read as a file.
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let (todos, warning) = TodoStorage(path: path).load(now: Self.fixedDate)
    #expect(todos.isEmpty)
    #expect(warning?.contains("moved aside to \(Self.asideName)") == true)
    #expect(folder.contents() == [Self.asideName])
  }

  @Test func theDefaultPathFollowsXDGThenHome() {
    #expect(
      TodoStorage.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
        == "/x/data/tide-demo/todos.json")
    #expect(
      TodoStorage.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"])
        == "/home/u/.local/share/tide-demo/todos.json")
    #expect(TodoStorage.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/tide-demo/todos.json")
  }

  // MARK: - The persistence middleware

  func makeStore(storage: TodoStorage, todos: [Todo] = []) -> TestStore<AppFeature.State, AppFeature.Action> {
    let clock = TestClock()
    return TestStore(
      initialState: AppFeature.State(screen: .todos, todos: todos),
      reducer: AppFeature(clock: clock), clock: clock,
      middleware: [AppFeature.persistence(to: storage, initial: todos)])
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
    await store.send(.todos(.editor(.insert("m"))))
    #expect(folder.contents().isEmpty)

    await store.send(.todos(.editor(.submit)))
    #expect(try decode(path).todos == [Todo(id: 1, title: "m")])
    await store.send(.todos(.toggleSelected))
    #expect(try decode(path).todos == [Todo(id: 1, title: "m", isDone: true)])
    await store.send(.todos(.deleteSelected))
    #expect(try decode(path).todos == [])
    await store.send(.todos(.undoDelete))
    #expect(try decode(path).todos == [Todo(id: 1, title: "m", isDone: true)])
    await store.send(.todos(.clearCompleted))
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
      for character in "milk" { await store.send(.todos(.editor(.insert(character)))) }
      await store.send(.todos(.editor(.submit)))
      await store.skipReceivedActions()
      let warning = try #require(store.state.warning, "no warning for \(path)")
      #expect(warning.hasPrefix("Could not save todos"), "\(warning)")
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
      try storage.save([Todo(id: 1, title: "x")], version: 1)
    } catch {
      expectedMessage = error.description
    }
    #expect(expectedMessage.hasPrefix("Could not save todos"))
    let store = makeStore(storage: TodoStorage(path: path), todos: [Todo(id: 1, title: "x")])
    await store.send(.todos(.toggleSelected)) { $0.todos.todos[id: 1]?.isDone = true }
    await store.receive(.saveFailed(expectedMessage)) { $0.warning = expectedMessage }
    await store.finish()
  }

  // MARK: - The app

  @Test func theAppLoadsTodosAtStart() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try TodoStorage(path: path).save([Todo(id: 1, title: "from disk"), Todo(id: 2, title: "done", isDone: true)], version: 1)
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
      keys a
      type "after"
      keys enter
      """, screen: .todos, storage: TodoStorage(path: path))
    let warning = try #require(app.store.state.warning)
    #expect(warning.hasPrefix("todos.json was unreadable; moved aside to todos.json.corrupt-"))
    let rows = player.screenText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 24)
    #expect(rows[22].hasPrefix(" ! todos.json was unreadable"))
    // The app went on and saved a fresh file; the corrupt one is kept as it was.
    let names = folder.contents()
    #expect(names.count == 2)
    let aside = try #require(names.first { $0.hasPrefix("todos.json.corrupt-") })
    #expect(aside.wholeMatch(of: /todos\.json\.corrupt-\d{8}T\d{6}Z/) != nil)
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
    let (first, _) = try await play(
      """
      keys a
      type "buy milk"
      keys enter n
      type "日本語 🎉"
      keys enter up space
      expect "[x] buy milk"
      """, screen: .todos, storage: TodoStorage(path: path))
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
    var output: [String] = []
    try await DemoRunner.replay(
      scripts: [first, second], size: TerminalSize(columns: 80, rows: 24), frames: false,
      dataPath: data, screen: .todos, output: { output.append($0) })
    #expect(output.count == 4)
    #expect(output[2] == "==> \(second) <==")
    #expect(output[3].contains("> [ ] from replay"))
    #expect(try decode(data).todos == [Todo(id: 1, title: "from replay")])
  }
}
