import Foundation
import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

@testable import TideDemo

/// What a todo file may hold never breaks the list: any id, any title.
@MainActor
@Suite("Todos: data from files")
struct TodoDataTests {
  func add(_ title: String, to store: TestStore<TodosFeature.State, TodosFeature.Action>) async {
    let exhaustivity = store.exhaustivity
    store.exhaustivity = .off
    await store.send(.startAdding)
    for character in title { await store.send(.editor(.input(.insert(character)))) }
    await store.send(.editor(.submit))
    store.exhaustivity = exhaustivity
  }

  @Test func theLargestIDDoesNotOverflowTheNextOne() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [Todo(id: 1, title: "one"), Todo(id: Int.max, title: "max")]),
      reducer: TodosFeature())
    await add("after max", to: store)
    await add("and another", to: store)
    let ids = store.state.todos.ids.elements
    #expect(ids.count == 4)
    #expect(Set(ids).count == 4, "ids are unique: \(ids)")
    #expect(ids[2] == 2 && ids[3] == 3, "the smallest free ids: \(ids)")
    await store.finish()
  }

  @Test func undoWorksAfterAddingWhereTheLastTodoWasDeleted() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [Todo(id: 1, title: "one"), Todo(id: 2, title: "two")]),
      reducer: TodosFeature())
    store.exhaustivity = .off
    await store.send(.list(.move(.down)))
    await store.send(.deleteSelected)
    await add("three", to: store)
    #expect(store.state.todos.ids.elements == [1, 3], "the deleted todo's id 2 is not handed out again")
    await store.send(.undoDelete)
    #expect(store.state.todos.elements == [Todo(id: 1, title: "one"), Todo(id: 2, title: "two"), Todo(id: 3, title: "three")])
    #expect(store.state.deletions.isEmpty)
    #expect(store.state.selection == 2)
    await store.finish()
  }

  @Test func aReadOnlyListCannotBeChanged() async {
    let store = TestStore(
      initialState: TodosFeature.State(todos: [Todo(id: 1, title: "one"), Todo(id: 2, title: "two")], readOnly: ReadOnlyReason(summary: "s", details: "d")),
      reducer: TodosFeature())
    for action: TodosFeature.Action in [.startAdding, .startEditing, .toggleSelected, .deleteSelected, .clearCompleted, .undoDelete] {
      // Instead of acting, the key says why.
      await store.send(action) { $0.isReadOnlyNoticeShown = true }
      await store.send(.dismissReadOnlyNotice) { $0.isReadOnlyNoticeShown = false }
    }
    // Moving around and filtering still work.
    await store.send(.list(.move(.down))) { $0.selection = 2 }
    await store.send(.cycleFilter) { $0.filter = .active }
    await store.finish()
  }

  @Test func editingAnOverLongLoadedTitleKeepsItWhole() async {
    let long = String(repeating: "y", count: 9_500)
    let store = TestStore(initialState: TodosFeature.State(todos: [Todo(id: 1, title: long)]), reducer: TodosFeature())
    store.exhaustivity = .off
    await store.send(.startEditing)
    await store.send(.editor(.submit))
    #expect(store.state.todos[id: 1]?.title.count == 9_500, "opening and saving the editor cuts nothing")
    await store.send(.startEditing)
    await store.send(.editor(.input(.deleteBackward)))
    await store.send(.editor(.submit))
    #expect(store.state.todos[id: 1]?.title.count == 9_499)
    await store.finish()
  }

  @Test func controlCharactersAndInvisibleTitlesAreDrawnVisiblyButKept() {
    let todos = [
      Todo(id: 1, title: "bell\u{07}esc\u{1B}[31mred\u{7F}"),
      Todo(id: 2, title: ""),
      Todo(id: 3, title: "   "),
      Todo(id: 4, title: "\u{200B}\u{202E}"),
      Todo(id: 5, title: "  padded "),
      Todo(id: 6, title: "👨‍👩‍👧 family"),
    ]
    let state = AppFeature.State(screen: .todos, todos: todos)
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(state, on: &canvas)
    let screen = canvas.text()
    #expect(screen.contains("> [ ] bell␇esc␛[31mred␡"), "\(screen)")
    #expect(screen.contains("  [ ] (empty title)"), "\(screen)")
    #expect(screen.contains("  [ ] ···"), "\(screen)")
    #expect(screen.contains("  [ ] <U+200B><U+202E>"), "\(screen)")
    #expect(screen.contains("  [ ] ··padded·"), "\(screen)")
    #expect(screen.contains("  [ ] 👨‍👩‍👧 family"), "\(screen)")
    // The titles themselves are untouched.
    #expect(state.todos.todos.elements == todos)
  }

  @Test func editingATitleWithControlCharactersShowsThemAsPictures() {
    var state = AppFeature.State(screen: .todos, todos: [Todo(id: 1, title: "a\u{1B}b")])
    state.todos.editor = TodosFeature.Editor(purpose: .edit(id: 1), input: TextInput.State(verbatim: "a\u{1B}b", characterLimit: 500))
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(state, on: &canvas)
    #expect(canvas.text().contains("Edit todo: a␛b"), "\(canvas.text())")
  }
}

/// Repairing many todos that share one id costs in proportion to their number.
@Suite("Todo ids")
struct TodoIDsTests {
  @Test func fallbackIDsAreFoundInLinearTime() {
    // Counting up has nowhere to go after Int.max: every id comes from the fallback search.
    var ids = TodoIDs(after: [Int.max])
    var handedOut = Set<Int>()
    var looks = 0
    for _ in 0..<50_000 {
      let id = ids.make { id in
        looks += 1
        return id == Int.max || handedOut.contains(id)
      }
      handedOut.insert(id)
    }
    #expect(handedOut == Set(1...50_000))
    #expect(looks <= 100_000, "looked at \(looks) ids for 50,000 (the search restarted from 1 each time)")
  }

  @Test func fiftyThousandTodosSharingOneIDAreRepairedWithDistinctIDs() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let todos = (0..<50_000).map { Todo(id: Int.max, title: "t\($0)") }
    try TodoFile(todos: todos).encoded().write(to: URL(fileURLWithPath: path))
    let loaded = TodoStorage(path: path).load()
    #expect(loaded.todos.count == 50_000)
    #expect(Set(loaded.todos.map(\.id)).count == 50_000)
    #expect(loaded.todos.first?.id == Int.max, "the first keeps its id")
    #expect(loaded.todos.map(\.title) == todos.map(\.title), "order and titles kept")
  }
}
