import Tide
import TideTerminal

/// The Todos screen: a list to add to, edit, tick off, delete (with undo), filter and clear.
package struct TodosFeature: Reducer {
  /// Which todos the list shows.
  package enum Filter: String, Equatable, Sendable, CaseIterable, Codable {
    /// Every todo.
    case all = "All"
    /// Todos not done.
    case active = "Active"
    /// Todos done.
    case done = "Done"

    /// The filter after this one: All → Active → Done → All.
    package var next: Filter {
      switch self {
      case .all: .active
      case .active: .done
      case .done: .all
      }
    }

    /// Whether `todo` is shown under this filter.
    package func includes(_ todo: Todo) -> Bool {
      switch self {
      case .all: true
      case .active: !todo.isDone
      case .done: todo.isDone
      }
    }
  }

  /// The line being typed: a new todo, or a new title for an existing one.
  package struct Editor: Equatable, Sendable, Codable {
    /// What the line is for.
    package enum Purpose: Equatable, Sendable, Codable {
      /// A new todo.
      case add
      /// A new title for the todo with this id.
      case edit(id: Int)
    }
    /// What the line is for.
    package var purpose: Purpose
    /// The text field: TideTerminal's ``TextInput`` component, with its readline keys and paste.
    package var input: TextInput.State
  }

  /// What one delete or clear removed and where each todo stood, for undo.
  package struct Deletion: Equatable, Sendable, Codable {
    /// The todos removed, in list order.
    package var todos: [Todo]
    /// Where each stood in the full list before the removal, ascending.
    package var indices: [Int]

    /// The removal of `todos` from `indices`.
    package init(todos: [Todo], indices: [Int]) {
      self.todos = todos
      self.indices = indices
    }
  }

  /// The list and how it is being viewed and edited.
  package struct State: Equatable, Sendable {
    /// Every todo, in order.
    package var todos: IdentifiedArrayOf<Todo> {
      // Not reading `oldValue` keeps in-place mutations in place (no copy of the list).
      didSet {
        revision &+= 1
        if !isChangingDoneMarksOnly { titlesRevision &+= 1 }
        activeCount = todos.count { !$0.isDone }
      }
    }
    /// Bumped with ``revision`` unless only done marks changed (``toggleDone(id:)``): the list's
    /// items are the titles, so a toggle under All leaves 100,000 of them as they are.
    private var titlesRevision = 0
    private var isChangingDoneMarksOnly = false
    /// How many todos are not done: counted when the list changes, not on every frame.
    package private(set) var activeCount: Int
    /// Bumped on every change to `todos`: saving compares this number, not the lists, so an
    /// action that leaves the todos alone costs nothing however many there are.
    package private(set) var revision = 0
    /// The selected todo, if any.
    package var selection: Int?
    /// Which todos are shown.
    package var filter: Filter = .all
    /// The input line while adding or editing.
    package var editor: Editor?
    /// What deletes and clears removed, most recent last, for `u`.
    package var deletions: [Deletion] = []
    /// The ids new todos get: never one in use, never one a deleted todo may come back with.
    package var ids: TodoIDs
    /// Why the list may not be changed, when its file is open read-only (a newer version,
    /// unknown fields, another instance holds it), so that no change is made that cannot be
    /// saved.
    package var readOnly: ReadOnlyReason?
    /// Whether the notice saying why the list cannot be changed is shown: an editing key on a
    /// read-only list opens it instead of an input line, and it takes every key until `enter`
    /// or `esc`, so text typed after that key never runs as commands.
    package var isReadOnlyNoticeShown = false

    /// The todos the filter shows, as TideTerminal's ``SelectionList``: moves go through its
    /// reducer and the view draws its window. It follows ``todos``, ``filter`` and
    /// ``selection`` after every action (``syncList()``), so it is left out of `==`.
    package var list = SelectionList<Todo>.State(showsStatus: false)
    /// The rows of the area the screen is drawn in, from the app's resize action; 0 until known.
    /// The list's height follows from it and from whether the input line is open
    /// (``TodosFeature/listHeight(inArea:isEditing:)``), so page keys and the window match what
    /// is drawn. Layout, not content: left out of `==`.
    package var areaHeight = 0
    /// Where each todo the list shows is in ``todos`` under Active or Done (under All a
    /// position in the list is the index).
    private var shownIndices: [Int] = []
    /// The ``revision`` and ``filter`` the list's items were made for.
    private var listMadeFor: (revision: Int, filter: Filter)?

    /// Marks the todo with `id` done or not done, leaving the list's items alone when the
    /// filter shows every todo.
    mutating func toggleDone(id: Int) {
      isChangingDoneMarksOnly = true
      defer { isChangingDoneMarksOnly = false }
      todos[id: id]?.isDone.toggle()
    }

    /// Whether the list may not be changed.
    package var isReadOnly: Bool { readOnly != nil }

    /// A list holding `todos`, the first one selected.
    package init(todos: [Todo] = [], readOnly: ReadOnlyReason? = nil) {
      self.todos = IdentifiedArray(todos, uniquingIDsWith: { first, _ in first })
      self.activeCount = self.todos.count { !$0.isDone }
      self.selection = self.todos.first?.id
      self.ids = TodoIDs(after: self.todos.ids)
      self.readOnly = readOnly
      syncList()
    }

    /// The todo the list shows at `position` (an index into its rows).
    package func shownTodo(at position: Int) -> Todo {
      filter == .all ? todos[position] : todos[shownIndices[position]]
    }

    /// Brings ``list`` up to date after an action: its items when the todos or the filter
    /// changed (ids and titles only: a row's check box is drawn from the todo), its selection always.
    mutating func syncList() {
      // Under All the items are the titles alone; a filter's items depend on the done marks.
      let itemsRevision = filter == .all ? titlesRevision : revision
      if listMadeFor?.revision != itemsRevision || listMadeFor?.filter != filter {
        listMadeFor = (itemsRevision, filter)
        shownIndices = filter == .all ? [] : todos.indices.filter { filter.includes(todos[$0]) }
        let rows = shownTodos
        list.setRows(rows, title: { $0.title })
      }
      let height = TodosFeature.listHeight(inArea: areaHeight, isEditing: editor != nil)
      if list.height != height { list.resize(height: height) }
      list.select(position: shownPosition(of: selection) ?? 0)
    }

    /// The todos the list shows, in its order: the collection its rows are drawn from (the todos
    /// themselves under All, without a copy).
    package var shownTodos: LazyMapCollection<Range<Int>, Todo> {
      (0..<(filter == .all ? todos.count : shownIndices.count)).lazy.map { shownTodo(at: $0) }
    }

    /// Where the todo with `id` is among those the list shows.
    private func shownPosition(of id: Int?) -> Int? {
      guard let id, let index = todos.index(id: id) else { return nil }
      return filter == .all ? index : shownIndices.firstIndex(of: index)
    }

    /// The todos the filter shows, in order (the list itself under All, without a copy).
    package var visible: [Todo] { filter == .all ? todos.elements : todos.filter(filter.includes) }

    /// Where the todo with `id` is in ``visible``, if it is shown.
    func visibleIndex(of id: Int?, in visible: [Todo]) -> Int? {
      guard let id else { return nil }
      if filter == .all { return todos.index(id: id) }
      return visible.firstIndex { $0.id == id }
    }

    /// Equal when what the user sees and can undo is equal. The bookkeeping — ``revision`` and
    /// ``ids`` — is left out: it follows from the changes made, and tests assert those.
    package static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.todos == rhs.todos && lhs.selection == rhs.selection && lhs.filter == rhs.filter
        && lhs.editor == rhs.editor && lhs.deletions == rhs.deletions && lhs.readOnly == rhs.readOnly
        && lhs.isReadOnlyNoticeShown == rhs.isReadOnlyNoticeShown
    }

    /// `N items left` (`1 item left` for one).
    package var itemsLeftText: String {
      activeCount == 1 ? "1 item left" : "\(activeCount) items left"
    }
  }

  /// What the list can do.
  package enum Action: Equatable, Sendable, Codable {
    /// Opens the input line for a new todo.
    case startAdding
    /// Opens the input line with the selected todo's title.
    case startEditing
    /// Moves the selection in the list (up and down, stopping at the ends): the
    /// ``SelectionList`` component's actions.
    case list(SelectionList<Todo>.Action)
    /// Ticks or unticks the selected todo.
    case toggleSelected
    /// Selects the todo shown at `position` and ticks or unticks it (a press on its `[ ]`).
    case toggle(position: Int)
    /// Deletes the selected todo.
    case deleteSelected
    /// Puts back what the last delete or clear removed, where it was.
    case undoDelete
    /// All → Active → Done → All.
    case cycleFilter
    /// Deletes every done todo.
    case clearCompleted
    /// Keys for the input line.
    case editor(EditorAction)
    /// Closes the notice saying why a read-only list cannot be changed.
    case dismissReadOnlyNotice
    /// The screen is now drawn in an area `areaHeight` rows high.
    case resized(areaHeight: Int)
  }

  /// What the input line can do.
  package enum EditorAction: Equatable, Sendable, Codable {
    /// Edits the text: typing, pasting, moving, erasing (the ``TextInput`` component's actions).
    case input(TextInput.Action)
    /// Saves the line (a blank line saves nothing).
    case submit
    /// Closes the line without saving.
    case cancel

    static let inputPath = ActionPath<EditorAction, TextInput.Action>(embed: EditorAction.input) {
      if case .input(let action) = $0 { action } else { nil }
    }
  }

  static let listPath = ActionPath<Action, SelectionList<Todo>.Action>(embed: Action.list) {
    if case .list(let action) = $0 { action } else { nil }
  }

  static let editorPath = ActionPath<Action, EditorAction>(embed: Action.editor) {
    if case .editor(let action) = $0 { action } else { nil }
  }

  /// Creates the feature.
  package init() {}

  /// The list's logic, with the input line's text field scoped to the editor while it is open.
  package var body: some Reducer<State, Action> {
    Scope(state: \State.list, action: Self.listPath) { SelectionList() }
    Reduce<State, Action> { state, action in
      let effect = reduceList(into: &state, action: action)
      state.syncList()
      return effect
    }
      .ifLet(\State.editor, action: Self.editorPath) {
        Scope(state: \Editor.input, action: EditorAction.inputPath) { TextInput() }
      }
  }

  private func reduceList(into state: inout State, action: Action) -> Effect<Action> {
    if state.isReadOnly, action.changesTodos {
      state.isReadOnlyNoticeShown = true
      return .none
    }
    switch action {
    case .resized(let areaHeight):
      state.areaHeight = max(0, areaHeight)
    case .toggle(let position):
      return .concatenate(.send(.list(.select(position: position))), .send(.toggleSelected))
    case .dismissReadOnlyNotice:
      state.isReadOnlyNoticeShown = false
    case .editor(let editorAction):
      reduceEditor(into: &state, action: editorAction)
    case .startAdding:
      state.editor = Editor(purpose: .add, input: TextInput.State(characterLimit: Todo.maximumTitleLength))
    case .startEditing:
      guard let id = state.selection, let todo = state.todos[id: id] else { break }
      // A loaded title may be longer than anyone may type, or hold control characters: editing
      // keeps it as it is (drawn visibly) and changes only what is edited.
      state.editor = Editor(
        purpose: .edit(id: id), input: TextInput.State(verbatim: todo.title, characterLimit: Todo.maximumTitleLength))
    case .list:
      // The list, scoped in ``body``, has moved: the selected todo follows it.
      if let position = state.list.selectedIndex { state.selection = state.shownTodo(at: position).id }
    case .toggleSelected:
      guard let id = state.selection, state.todos[id: id] != nil else { break }
      // Under All a toggle hides nothing, and copying 100,000 todos for nothing is not free.
      let visibleBefore = state.filter == .all ? [] : state.visible
      state.toggleDone(id: id)
      keepSelectionVisible(&state, previouslyVisible: visibleBefore)
    case .deleteSelected:
      guard let id = state.selection, let index = state.todos.index(id: id) else { break }
      let visibleBefore = state.visible
      let todo = state.todos.remove(at: index)
      state.deletions.append(Deletion(todos: [todo], indices: [index]))
      keepSelectionVisible(&state, previouslyVisible: visibleBefore)
    case .undoDelete:
      guard let deletion = state.deletions.popLast(), let first = deletion.todos.first else { break }
      restore(deletion, into: &state)
      if !deletion.todos.contains(where: state.filter.includes) { state.filter = .all }
      state.selection = (deletion.todos.first(where: state.filter.includes) ?? first).id
    case .cycleFilter:
      state.filter = state.filter.next
      if !state.visible.contains(where: { $0.id == state.selection }) {
        state.selection = state.visible.first?.id
      }
    case .clearCompleted:
      let indices = state.todos.indices.filter { state.todos[$0].isDone }
      guard !indices.isEmpty else { break }
      state.deletions.append(Deletion(todos: indices.map { state.todos[$0] }, indices: indices))
      state.todos.removeAll { $0.isDone }
      if state.selection.flatMap({ state.todos[id: $0] }) == nil {
        state.selection = state.visible.first?.id
      }
    }
    return .none
  }

  /// Puts the todos of `deletion` back at their old places (or at the end, when the list has
  /// since become shorter), in one pass over the list however many there are.
  private func restore(_ deletion: Deletion, into state: inout State) {
    var merged: [Todo] = []
    merged.reserveCapacity(state.todos.count + deletion.todos.count)
    var restored = 0
    for todo in state.todos {
      while restored < deletion.todos.count, deletion.indices[restored] <= merged.count {
        merged.append(deletion.todos[restored])
        restored += 1
      }
      merged.append(todo)
    }
    merged += deletion.todos[restored...]
    // Ids are never reused (``TodoIDs``), so the removed todos' ids are still free.
    state.todos = IdentifiedArray(uniqueElements: merged)
  }

  private func reduceEditor(into state: inout State, action: EditorAction) {
    guard let editor = state.editor else { return }
    switch action {
    case .input:
      // The text field, scoped in ``body``, has already applied it.
      return
    case .cancel:
      state.editor = nil
      return
    case .submit:
      state.editor = nil
      let title = editor.input.text.trimmingWhitespace
      guard !title.isEmpty else { return }
      switch editor.purpose {
      case .add:
        let id = state.ids.make { [todos = state.todos, deletions = state.deletions] id in
          todos[id: id] != nil || deletions.contains { $0.todos.contains { $0.id == id } }
        }
        state.todos.append(Todo(id: id, title: title))
        if !state.filter.includes(Todo(id: id, title: title)) { state.filter = .all }
        state.selection = id
      case .edit(let id):
        state.todos[id: id]?.title = title
      }
      return
    }
  }

  /// After the selected todo left the filtered list, selects its neighbour: the next visible
  /// one, or the previous one at the end of the list.
  private func keepSelectionVisible(_ state: inout State, previouslyVisible: [Todo]) {
    let visible = state.visible
    if state.visibleIndex(of: state.selection, in: visible) != nil { return }
    guard let oldIndex = previouslyVisible.firstIndex(where: { $0.id == state.selection }) else {
      state.selection = visible.first?.id
      return
    }
    let survivors = previouslyVisible[(oldIndex + 1)...].first { todo in visible.contains { $0.id == todo.id } }
      ?? previouslyVisible[..<oldIndex].last { todo in visible.contains { $0.id == todo.id } }
    state.selection = survivors?.id
  }
}

extension TodosFeature.Action {
  /// Whether the action changes the list (as opposed to moving around in it or filtering it).
  var changesTodos: Bool {
    switch self {
    case .startAdding, .startEditing, .toggleSelected, .deleteSelected, .undoDelete, .clearCompleted, .editor: true
    case .list, .cycleFilter, .dismissReadOnlyNotice, .resized, .toggle: false
    }
  }
}

extension String {
  /// The string without leading and trailing white space.
  var trimmingWhitespace: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
