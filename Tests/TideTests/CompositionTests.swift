import Testing
import Tide

/// A parent with an optional child editor: the child edits a draft, the parent saves the draft
/// and dismisses the child in response to the child's own `.save`.
private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var editor: Editor.State?
    var saved: String?
    var childActionsSeenByParent = 0
    var lastNotice: String?
  }

  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case present(String)
  }

  static let editorPath = ActionPath<Action, Editor.Action>(embed: { .editor($0) }) { action in
    if case .editor(let child) = action { child } else { nil }
  }

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .present(let draft):
        state.editor = Editor.State(draft: draft)
      case .editor(.save(let text)):
        state.childActionsSeenByParent += 1
        if let draft = state.editor?.draft {
          state.saved = draft
          state.editor = nil
        } else {
          state.lastNotice = "no editor for \(text)"
        }
      case .editor(.notify(let text)):
        state.childActionsSeenByParent += 1
        state.lastNotice = text
      case .editor:
        state.childActionsSeenByParent += 1
      }
      return .none
    }
    .ifLet(\.editor, action: Self.editorPath) { Editor() }
  }
}

private struct Editor: Reducer {
  struct State: Equatable, Sendable {
    var draft: String
  }

  enum Action: Equatable, Sendable {
    case type(String)
    case save(String)
    case notify(String)
    case typeThenNotify(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .type(let text):
      state.draft += text
      return .none
    case .save(let text):
      state.draft = text
      return .none
    case .notify:
      return .none
    case .typeThenNotify(let text):
      state.draft += text
      return .send(.notify("typed \(text)"))
    }
  }
}

@MainActor
@Suite("Composition: Reduce, CombineReducers, Scope, ifLet, forEach")
struct CompositionTests {
  @Test func reduceRunsItsClosureAndWrapsOtherReducers() {
    let closure = Reduce<Int, CounterFixture.Action> { count, action in
      if action == .increment { count += 10 }
      return .none
    }
    var count = 0
    _ = closure.reduce(into: &count, action: .increment)
    #expect(count == 10)

    var state = CounterFixture.State()
    _ = Reduce(CounterFixture()).reduce(into: &state, action: .increment)
    #expect(state.count == 1)
  }

  @Test func combineReducersRunsInOrderAndMergesEffects() {
    let store = Store(
      initialState: [String](),
      reducer: CombineReducers {
        Reduce<[String], String> { log, action in
          log.append("first \(action)")
          return action == "go" ? .send("from first") : .none
        }
        Reduce<[String], String> { log, action in
          log.append("second \(action)")
          return action == "go" ? .send("from second") : .none
        }
      })
    store.send("go")
    #expect(store.state == [
      "first go", "second go",
      "first from first", "second from first",
      "first from second", "second from second",
    ])
  }

  @Test func builderConditionalsPickTheBranchBuiltAtCreation() {
    func make(_ doubled: Bool, _ extra: Bool) -> some Reducer<Int, CounterFixture.Action> {
      CombineReducers {
        if doubled {
          Reduce<Int, CounterFixture.Action> { count, _ in count += 2; return .none }
        } else {
          Reduce<Int, CounterFixture.Action> { count, _ in count += 1; return .none }
        }
        if extra {
          Reduce<Int, CounterFixture.Action> { count, _ in count += 100; return .none }
        }
      }
    }
    var a = 0, b = 0, c = 0
    _ = make(true, false).reduce(into: &a, action: .increment)
    _ = make(false, false).reduce(into: &b, action: .increment)
    _ = make(false, true).reduce(into: &c, action: .increment)
    #expect([a, b, c] == [2, 1, 101])

    var empty = 5
    _ = EmptyReducer<Int, CounterFixture.Action>().reduce(into: &empty, action: .increment)
    #expect(empty == 5)
  }

  @Test func scopeRunsTheChildOnItsStateAndIgnoresOtherActions() {
    struct State: Equatable { var left = CounterFixture.State(); var right = CounterFixture.State() }
    enum Action: Equatable, Sendable { case left(CounterFixture.Action), right(CounterFixture.Action), other }
    let reducer = CombineReducers {
      Scope(state: \State.left, action: ActionPath<Action, CounterFixture.Action>(embed: { .left($0) }) {
        if case .left(let a) = $0 { a } else { nil }
      }) { CounterFixture() }
      Scope(state: \State.right, embed: { Action.right($0) }, extract: { (action: Action) -> CounterFixture.Action? in
        if case .right(let a) = action { a } else { nil }
      }) { CounterFixture() }
    }
    let store = Store(initialState: State(), reducer: reducer)
    store.send(.left(.increment))
    store.send(.right(.set(7)))
    store.send(.other)
    #expect(store.state == State(left: .init(count: 1), right: .init(count: 7)))
  }

  @Test func actionPathsCompose() {
    enum Inner: Equatable, Sendable { case leaf(Int) }
    enum Outer: Equatable, Sendable { case inner(Inner), other }
    let outer = ActionPath<Outer, Inner>(embed: { .inner($0) }) { if case .inner(let i) = $0 { i } else { nil } }
    let leaf = ActionPath<Inner, Int>(embed: { .leaf($0) }) { if case .leaf(let n) = $0 { n } else { nil } }
    let path = outer.appending(leaf)
    #expect(path.embed(3) == .inner(.leaf(3)))
    #expect(path.extract(.inner(.leaf(4))) == 4)
    #expect(path.extract(.other) == nil)
  }

  @Test func ifLetRunsTheChildBeforeTheParent() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.present("draft"))
    store.send(.editor(.type("!")))
    #expect(store.state.editor == Editor.State(draft: "draft!"))

    // The child writes the draft first, so the parent saves the child's new draft, then dismisses.
    store.send(.editor(.save("final")))
    #expect(store.state.saved == "final")
    #expect(store.state.editor == nil)
  }

  @Test func ifLetReportsChildActionsWhileTheChildIsNilAndDropsThem() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    withKnownIssue {
      store.send(.editor(.type("lost")))
      store.send(.editor(.save("late")))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("child state is nil") }
    }
    #expect(store.state.editor == nil)
    #expect(store.state.saved == nil)
    #expect(store.state.lastNotice == "no editor for late")  // the parent itself still runs
    #expect(store.state.childActionsSeenByParent == 2)
  }

  @Test func ifLetLiftsChildEffectsIntoParentActions() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.present(""))
    store.send(.editor(.typeThenNotify("x")))
    #expect(store.state.editor?.draft == "x")
    #expect(store.state.lastNotice == "typed x")
  }

  @Test func forEachRoutesElementActionsById() {
    let store = Store(initialState: Todos.make(3), reducer: Todos())
    store.send(.todo(id: 2, action: .toggle))
    #expect(store.state.todos.map(\.isDone) == [false, true, false])
    // The element ran before the parent, which counted the toggled element.
    #expect(store.state.doneCount == 1)

    store.send(.todo(id: 3, action: .renameLater("Three")))
    #expect(store.state.todos[id: 3]?.title == "Three")
    #expect(store.state.todos[id: 1]?.title == "Todo 1")
  }

  @Test func forEachReportsActionsForRemovedIdsAndDropsThem() {
    let store = Store(initialState: Todos.make(3), reducer: Todos())
    store.send(.remove(id: 2))
    let before = store.state
    withKnownIssue {
      store.send(.todo(id: 2, action: .toggle))
      store.send(.todo(id: 2, action: .renameLater("ghost")))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("id 2") }
    }
    #expect(store.state == before)
    #expect(store.state.todos.ids == [1, 3])
  }

  @Test func forEachHandlesALargeListByIdInPlace() {
    let store = Store(initialState: Todos.make(1_000), reducer: Todos())
    for id in stride(from: 1, through: 1_000, by: 7) {
      store.send(.todo(id: id, action: .toggle))
    }
    #expect(store.state.doneCount == 143)
    #expect(store.state.todos[id: 995]?.isDone == true)
    #expect(store.state.todos[id: 996]?.isDone == false)
  }
}
