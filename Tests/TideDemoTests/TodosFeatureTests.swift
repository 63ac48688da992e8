import Testing
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("Todos")
struct TodosFeatureTests {
  typealias State = TodosFeature.State
  typealias Editor = TodosFeature.Editor

  static let three = [
    Todo(id: 1, title: "one"), Todo(id: 2, title: "two", isDone: true), Todo(id: 3, title: "three"),
  ]

  func makeStore(_ todos: [Todo] = three) -> TestStore<State, TodosFeature.Action> {
    TestStore(initialState: State(todos: todos), reducer: TodosFeature())
  }

  func input(_ text: String) -> TextInput.State {
    TextInput.State(text: text, characterLimit: Todo.maximumTitleLength)
  }

  /// Sends every character of `text` as `.editor(.input(.insert))`, asserting the editor follows.
  func type(_ text: String, into store: TestStore<State, TodosFeature.Action>) async {
    for character in text {
      await store.send(.editor(.input(.insert(character)))) { $0.editor?.input.apply(.insert(character)) }
    }
  }

  @Test func addAppendsAndSelectsTheNewTodo() async {
    let store = makeStore()
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("four", into: store)
    #expect(store.state.editor?.input.text == "four")
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos.append(Todo(id: 4, title: "four"))
      $0.selection = 4
    }
    #expect(store.state.itemsLeftText == "3 items left")
    await store.finish()
  }

  @Test func theFirstTodoOfAnEmptyListGetsIDOneAndIsSelected() async {
    let store = makeStore([])
    #expect(store.state.selection == nil)
    #expect(store.state.itemsLeftText == "0 items left")
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("日本語 🎉", into: store)
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos = [Todo(id: 1, title: "日本語 🎉")]
      $0.selection = 1
    }
    #expect(store.state.itemsLeftText == "1 item left")
    await store.finish()
  }

  @Test func titlesAreTrimmedAndBlankTitlesAreNotSaved() async {
    let store = makeStore()
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("   ", into: store)
    await store.send(.editor(.submit)) { $0.editor = nil }
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await store.send(.editor(.submit)) { $0.editor = nil }
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("  milk ", into: store)
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos.append(Todo(id: 4, title: "milk"))
      $0.selection = 4
    }
    await store.finish()
  }

  @Test func escapeCancelsWithoutSaving() async {
    let store = makeStore()
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("nope", into: store)
    await store.send(.editor(.cancel)) { $0.editor = nil }
    #expect(store.state.todos.count == 3)
    await store.finish()
  }

  @Test func cursorKeysEditTheLine() async {
    let store = makeStore()
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("bd", into: store)
    await store.send(.editor(.input(.moveLeft))) { $0.editor?.input.apply(.moveLeft) }
    await type("c", into: store)
    await store.send(.editor(.input(.moveToStart))) { $0.editor?.input.apply(.moveToStart) }
    await type("a", into: store)
    await store.send(.editor(.input(.moveRight))) { $0.editor?.input.apply(.moveRight) }
    await store.send(.editor(.input(.deleteForward))) { $0.editor?.input.apply(.deleteForward) }
    await store.send(.editor(.input(.moveToEnd))) { $0.editor?.input.apply(.moveToEnd) }
    await store.send(.editor(.input(.deleteBackward))) { $0.editor?.input.apply(.deleteBackward) }
    #expect(store.state.editor?.input.text == "ab")
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos.append(Todo(id: 4, title: "ab"))
      $0.selection = 4
    }
    await store.finish()
  }

  @Test func controlCharactersAreNeverInserted() async {
    let store = makeStore()
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    for character: Character in ["\u{1B}", "\t", "\n", "\u{7}", "\u{7F}", "\u{200B}"] {
      await store.send(.editor(.input(.insert(character))))  // no state change
    }
    #expect(store.state.editor?.input.text == "")
    await store.finish()
  }

  @Test func aTitleHoldsAtMostFiveHundredCharacters() async {
    let store = makeStore([])
    store.exhaustivity = .off
    await store.send(.startAdding)
    for _ in 0..<510 { await store.send(.editor(.input(.insert("y")))) }
    #expect(store.state.editor?.input.characters.count == 500)
    await store.send(.editor(.submit))
    #expect(store.state.todos.first?.title == String(repeating: "y", count: 500))
    await store.finish()
  }

  @Test func editingReplacesTheSelectedTitle() async {
    let store = makeStore()
    await store.send(.list(.move(.down))) { $0.selection = 2 }
    await store.send(.startEditing) {
      $0.editor = Editor(purpose: .edit(id: 2), input: self.input("two"))
    }
    await store.send(.editor(.input(.deleteBackward))) { $0.editor?.input.apply(.deleteBackward) }
    await store.send(.editor(.input(.deleteBackward))) { $0.editor?.input.apply(.deleteBackward) }
    await type("en", into: store)
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos[id: 2]?.title = "ten"
    }
    // A blank edit keeps the old title.
    await store.send(.startEditing) {
      $0.editor = Editor(purpose: .edit(id: 2), input: self.input("ten"))
    }
    await store.send(.editor(.input(.moveToStart))) { $0.editor?.input.apply(.moveToStart) }
    for _ in 0..<3 { await store.send(.editor(.input(.deleteForward))) { $0.editor?.input.apply(.deleteForward) } }
    await store.send(.editor(.submit)) { $0.editor = nil }
    #expect(store.state.todos[id: 2]?.title == "ten")
    await store.finish()
  }

  @Test func editingWithNothingSelectedDoesNothing() async {
    let store = makeStore([])
    await store.send(.startEditing)
    await store.finish()
  }

  @Test func selectionStopsAtTheEnds() async {
    let store = makeStore()
    #expect(store.state.selection == 1)
    await store.send(.list(.move(.up)))
    await store.send(.list(.move(.down))) { $0.selection = 2 }
    await store.send(.list(.move(.down))) { $0.selection = 3 }
    await store.send(.list(.move(.down)))
    await store.send(.list(.move(.down)))
    await store.send(.list(.move(.up))) { $0.selection = 2 }
    await store.finish()
  }

  @Test func toggleTicksAndUnticks() async {
    let store = makeStore()
    #expect(store.state.itemsLeftText == "2 items left")
    await store.send(.toggleSelected) { $0.todos[id: 1]?.isDone = true }
    #expect(store.state.itemsLeftText == "1 item left")
    await store.send(.toggleSelected) { $0.todos[id: 1]?.isDone = false }
    #expect(store.state.itemsLeftText == "2 items left")
    await store.finish()
  }

  @Test func deleteAndUndoPutTheTodoBackWhereItWas() async {
    let store = makeStore()
    await store.send(.list(.move(.down))) { $0.selection = 2 }
    await store.send(.deleteSelected) {
      $0.todos.remove(id: 2)
      $0.deletions = [TodosFeature.Deletion(todos: [Self.three[1]], indices: [1])]
      $0.selection = 3
    }
    await store.send(.deleteSelected) {
      $0.todos.remove(id: 3)
      $0.deletions.append(TodosFeature.Deletion(todos: [Self.three[2]], indices: [1]))
      $0.selection = 1
    }
    await store.send(.undoDelete) {
      $0.todos.append(Self.three[2])
      $0.deletions.removeLast()
      $0.selection = 3
    }
    await store.send(.undoDelete) {
      $0.todos.insert(Self.three[1], at: 1)
      $0.deletions = []
      $0.selection = 2
    }
    await store.send(.undoDelete)  // nothing left to undo
    await store.finish()
  }

  @Test func deletingTheLastTodoEmptiesTheSelection() async {
    let store = makeStore([Todo(id: 7, title: "only")])
    await store.send(.deleteSelected) {
      $0.todos = []
      $0.deletions = [TodosFeature.Deletion(todos: [Todo(id: 7, title: "only")], indices: [0])]
      $0.selection = nil
    }
    await store.send(.deleteSelected)
    await store.send(.toggleSelected)
    await store.finish()
  }

  @Test func filterCyclesAllActiveDoneAndKeepsTheSelectionVisible() async {
    let store = makeStore()
    #expect(store.state.visible.map(\.id) == [1, 2, 3])
    await store.send(.cycleFilter) { $0.filter = .active }
    #expect(store.state.visible.map(\.id) == [1, 3])
    await store.send(.cycleFilter) {
      $0.filter = .done
      $0.selection = 2
    }
    #expect(store.state.visible.map(\.id) == [2])
    await store.send(.cycleFilter) { $0.filter = .all }
    #expect(TodosFeature.Filter.all.next == .active)
    #expect(TodosFeature.Filter.done.next == .all)
    await store.finish()
  }

  @Test func togglingUnderAFilterMovesTheSelectionToAVisibleNeighbour() async {
    let store = makeStore()
    await store.send(.cycleFilter) { $0.filter = .active }
    await store.send(.toggleSelected) {
      $0.todos[id: 1]?.isDone = true
      $0.selection = 3
    }
    await store.send(.toggleSelected) {
      $0.todos[id: 3]?.isDone = true
      $0.selection = nil
    }
    #expect(store.state.visible.isEmpty)
    #expect(store.state.itemsLeftText == "0 items left")
    await store.finish()
  }

  @Test func addingUnderTheDoneFilterShowsAllAgain() async {
    let store = makeStore()
    await store.send(.cycleFilter) { $0.filter = .active }
    await store.send(.cycleFilter) {
      $0.filter = .done
      $0.selection = 2
    }
    await store.send(.startAdding) { $0.editor = Editor(purpose: .add, input: self.input("")) }
    await type("x", into: store)
    await store.send(.editor(.submit)) {
      $0.editor = nil
      $0.todos.append(Todo(id: 4, title: "x"))
      $0.filter = .all
      $0.selection = 4
    }
    await store.finish()
  }

  @Test func clearCompletedRemovesDoneTodos() async {
    let store = makeStore()
    await store.send(.list(.move(.down))) { $0.selection = 2 }
    await store.send(.clearCompleted) {
      $0.todos.remove(id: 2)
      $0.deletions = [TodosFeature.Deletion(todos: [Self.three[1]], indices: [1])]
      $0.selection = 1
    }
    await store.send(.clearCompleted)
    #expect(store.state.todos.map(\.id) == [1, 3])
    await store.finish()
  }

  @Test func undoPutsBackEveryTodoAClearRemovedWhereItWas() async {
    let todos = [
      Todo(id: 1, title: "a", isDone: true), Todo(id: 2, title: "b"), Todo(id: 3, title: "c", isDone: true),
      Todo(id: 4, title: "d", isDone: true), Todo(id: 5, title: "e"),
    ]
    let store = makeStore(todos)
    await store.send(.cycleFilter) {
      $0.filter = .active
      $0.selection = 2
    }
    await store.send(.clearCompleted) {
      $0.todos.remove(id: 1)
      $0.todos.remove(id: 3)
      $0.todos.remove(id: 4)
      $0.deletions = [TodosFeature.Deletion(todos: [todos[0], todos[2], todos[3]], indices: [0, 2, 3])]
    }
    await store.send(.undoDelete) {
      $0.todos.insert(todos[0], at: 0)
      $0.todos.insert(todos[2], at: 2)
      $0.todos.insert(todos[3], at: 3)
      $0.deletions = []
      // The restored todos are done: the filter shows them again.
      $0.filter = .all
      $0.selection = 1
    }
    #expect(store.state.itemsLeftText == "2 items left")
    await store.finish()
  }

  @Test func clearThenDeleteAreUndoneNewestFirst() async {
    let todos = [Todo(id: 1, title: "a", isDone: true), Todo(id: 2, title: "b"), Todo(id: 3, title: "c")]
    let store = makeStore(todos)
    store.exhaustivity = .off
    await store.send(.clearCompleted)
    await store.send(.deleteSelected)
    #expect(store.state.todos.map(\.id) == [3])
    await store.send(.undoDelete)
    #expect(store.state.todos.map(\.id) == [2, 3])
    await store.send(.undoDelete)
    #expect(store.state.todos.elements == todos)
    await store.finish()
  }

  @Test func listKeysMapToActions() {
    let state = AppFeature.State(screen: .todos, todos: Self.three)
    let expected: [(Key, TodosFeature.Action)] = [
      (.character("a"), .startAdding), (.character("n"), .startAdding),
      (.up, .list(.move(.up))), (.character("k"), .list(.move(.up))),
      (.down, .list(.move(.down))), (.character("j"), .list(.move(.down))),
      (.character(" "), .toggleSelected), (.character("x"), .toggleSelected),
      (.character("e"), .startEditing),
      (.character("d"), .deleteSelected), (.delete, .deleteSelected),
      (.character("u"), .undoDelete), (.character("f"), .cycleFilter), (.character("c"), .clearCompleted),
    ]
    for (key, action) in expected {
      #expect(AppFeature.action(for: key, in: state) == .todos(action), "key \(key)")
    }
    #expect(AppFeature.action(for: .character("z"), in: state) == nil)
  }

  @Test func editorKeysMapToActionsAndEveryCharacterIsTyped() {
    var state = AppFeature.State(screen: .todos, todos: Self.three)
    state.todos.editor = Editor(purpose: .add, input: input("abc"))
    let expected: [(Key, TodosFeature.EditorAction)] = [
      (.enter, .submit), (.escape, .cancel), (.left, .input(.moveLeft)), (.right, .input(.moveRight)),
      (.home, .input(.moveToStart)), (.end, .input(.moveToEnd)), (.backspace, .input(.deleteBackward)),
      (.delete, .input(.deleteForward)),
      // The readline keys of the TextInput component.
      (.control("a"), .input(.moveToStart)), (.control("e"), .input(.moveToEnd)), (.control("b"), .input(.moveLeft)),
      (.control("f"), .input(.moveRight)), (.control("w"), .input(.deleteWordBackward)),
      (.control("u"), .input(.deleteToStart)), (.control("k"), .input(.deleteToEnd)),
      (.alt(.character("b")), .input(.moveWordLeft)), (.alt(.character("f")), .input(.moveWordRight)),
      (.alt(.character("d")), .input(.deleteWordForward)), (.alt(.backspace), .input(.deleteWordBackward)),
      (.character("a"), .input(.insert("a"))), (.character("d"), .input(.insert("d"))),
      (.character("q"), .input(.insert("q"))), (.character("?"), .input(.insert("?"))),
      (.character(" "), .input(.insert(" "))), (.character("日"), .input(.insert("日"))),
      (.character("🎉"), .input(.insert("🎉"))),
    ]
    for (key, action) in expected {
      #expect(AppFeature.action(for: key, in: state) == .todos(.editor(action)), "key \(key)")
    }
    #expect(AppFeature.action(for: .tab, in: state) == nil)
    // An alt-chord the field does not bind neither types nor runs a command.
    #expect(AppFeature.action(for: .alt(.character("x")), in: state) == nil)
    #expect(AppFeature.action(for: .up, in: state) == nil)
    #expect(AppFeature.action(for: .control("c"), in: state) == .quit)
  }

  @Test func longTitlesAreTruncatedWithAnEllipsis() {
    let long = String(repeating: "abcdefghij", count: 12)
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(AppFeature.State(screen: .todos, todos: [Todo(id: 1, title: long)]), on: &canvas)
    let row = canvas.text().split(separator: "\n").first { $0.contains("[ ] abc") }
    #expect(row != nil)
    #expect(row?.hasSuffix("…") == true)
    #expect((row?.count ?? 99) <= 78)
  }
}

extension TodosFeatureTests {
  /// A toggle under All changes a done mark, not a title or an id: the list's rows (the ids and
  /// folded titles) stay the same arrays, not 100,000 rows folded again on every `x` (they were
  /// rebuilt, once the list became a `SelectionList`). Under a filter the toggled todo leaves the
  /// list, so its rows are given again.
  @Test func aToggleUnderAllKeepsTheListsRowsAndAFilterGivesThemAgain() {
    var state = State(todos: Self.three)
    func idsStorage(_ state: State) -> UnsafeRawPointer? {
      state.list.ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let before = idsStorage(state)
    _ = TodosFeature().reduce(into: &state, action: .toggleSelected)
    #expect(state.todos[id: 1]?.isDone == true)
    #expect(idsStorage(state) == before, "a toggle under All gave the list its rows again")
    #expect(state.shownTodos.map(\.title) == ["one", "two", "three"])

    _ = TodosFeature().reduce(into: &state, action: .cycleFilter)
    #expect(state.filter == .active)
    #expect(state.list.ids == [3])
    #expect(state.shownTodos.map(\.title) == ["three"])
    _ = TodosFeature().reduce(into: &state, action: .toggleSelected)
    #expect(state.list.rowCount == 0, "under Active a toggled todo leaves the list")
  }
}
