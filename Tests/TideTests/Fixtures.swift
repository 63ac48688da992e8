import Clocks
import IdentifiedCollections
import Synchronization
import Testing
import Tide
import TideTestSupport

// MARK: - CounterFixture

/// A counter with several fields, so tests can tell a change of one field from the others.
struct CounterFixture: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "Counter"
    var step = 1
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case set(Int)
    case rename(String)
    case noop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += state.step
    case .decrement: state.count -= state.step
    case .set(let value): state.count = value
    case .rename(let title): state.title = title
    case .noop: break
    }
    return .none
  }
}

// MARK: - Todos (IdentifiedArray)

struct Todo: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var isDone = false
  }

  enum Action: Equatable, Sendable {
    case toggle
    case rename(String)
    /// Renames through a `.send` effect, to see element effects routed back by id.
    case renameLater(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      state.isDone.toggle()
      return .none
    case .rename(let title):
      state.title = title
      return .none
    case .renameLater(let title):
      return .send(.rename(title))
    }
  }
}

struct Todos: Reducer {
  struct State: Equatable, Sendable {
    var todos: IdentifiedArrayOf<Todo.State> = []
    /// Computed by the parent after the element reducer ran.
    var doneCount = 0
  }

  enum Action: Equatable, Sendable {
    case todo(id: Int, action: Todo.Action)
    case add(id: Int, title: String)
    case remove(id: Int)
  }

  static let todoPath = ActionPath<Action, (id: Int, action: Todo.Action)>(
    embed: { .todo(id: $0.id, action: $0.action) },
    extract: { action in
      if case .todo(let id, let childAction) = action { (id, childAction) } else { nil }
    })

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .add(let id, let title):
        state.todos.append(Todo.State(id: id, title: title))
      case .remove(let id):
        state.todos.remove(id: id)
      case .todo:
        break
      }
      state.doneCount = state.todos.filter(\.isDone).count
      return .none
    }
    .forEach(\.todos, action: Self.todoPath) {
      Todo()
    }
  }

  static func make(_ count: Int) -> State {
    State(todos: IdentifiedArray(uniqueElements: (1...count).map { Todo.State(id: $0, title: "Todo \($0)") }))
  }
}

// MARK: - Nesting (5 levels of Scope)

/// One level of nesting around an inner feature.
struct Wrap<Inner: Reducer & SendableMetatype>: Reducer where Inner.State: Equatable & Sendable, Inner.Action: Equatable {
  struct State: Equatable, Sendable {
    var inner: Inner.State
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case inner(Inner.Action)
    case annotate(String)
  }

  let inner: Inner

  static var innerPath: ActionPath<Action, Inner.Action> {
    ActionPath(embed: { .inner($0) }, extract: { action in
      if case .inner(let innerAction) = action { innerAction } else { nil }
    })
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Self.innerPath) { inner }
    Reduce<State, Action> { state, action in
      if case .annotate(let note) = action { state.note = note }
      return .none
    }
  }
}

typealias Nested5 = Wrap<Wrap<Wrap<Wrap<Wrap<CounterFixture>>>>>

enum Nesting {
  static func reducer() -> Nested5 {
    Nested5(inner: Wrap<Wrap<Wrap<Wrap<CounterFixture>>>>(inner: Wrap<Wrap<Wrap<CounterFixture>>>(
      inner: Wrap<Wrap<CounterFixture>>(inner: Wrap<CounterFixture>(inner: CounterFixture())))))
  }

  static func initialState() -> Nested5.State {
    .init(inner: .init(inner: .init(inner: .init(inner: .init(inner: CounterFixture.State())))))
  }
}

// MARK: - Helpers

/// A thread-safe list, for effects and tracers (which run off the main actor) to report into.
final class Recorded<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
}

/// A plain reference box, for wiring a store into its own middleware or observers.
final class Box<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
  init(_ value: Value) { self.storage = Mutex(value) }
}

@MainActor
private final class Resumer {
  var continuation: CheckedContinuation<Bool, Never>?
  func resume(_ value: Bool) {
    continuation?.resume(returning: value)
    continuation = nil
  }
}

/// Waits until the store's state satisfies `predicate`, woken by the store's own notifications
/// (no polling, no sleeping to let effects run). The wall-clock `limit` only turns a hang —
/// the thing a failing test would otherwise do — into a recorded failure.
@MainActor
func waitUntil<State, Action>(
  _ store: Store<State, Action>,
  limit: Duration = Slowdown.waitLimit,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ predicate: @escaping (State) -> Bool
) async {
  if predicate(store.state) { return }
  let resumer = Resumer()
  var token: ObservationToken?
  var guardTask: Task<Void, Never>?
  let met = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
    resumer.continuation = continuation
    token = store.observe { state in
      if predicate(state) { resumer.resume(true) }
    }
    guardTask = Task { @MainActor in
      try? await Task.sleep(for: Slowdown.sanitized(limit))
      resumer.resume(false)
    }
  }
  token?.cancel()
  guardTask?.cancel()
  if !met {
    Issue.record("The store never reached the expected state; it is \(store.state)", sourceLocation: sourceLocation)
  }
}

/// Waits until the store's effect counters satisfy `predicate`, woken by every change of the
/// counters. The wall-clock `limit` only turns a hang into a recorded failure.
@MainActor
func waitUntilEffects<State, Action>(
  _ store: Store<State, Action>,
  limit: Duration = Slowdown.waitLimit,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ predicate: @escaping @Sendable (EffectEngine.Counts) -> Bool
) async {
  await waitUntil(store.effectScheduler, limit: limit, sourceLocation: sourceLocation, predicate)
}

extension VirtualClock.Instant {
  static func at(_ offset: Duration) -> Self { Self(offset: offset) }
}

/// Collects values from a consumer task and lets the test wait for a number of them, woken by
/// each arrival.
@MainActor
final class Mailbox<Value> {
  private(set) var values: [Value] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func put(_ value: Value) {
    values.append(value)
    let ready = waiters.filter { $0.count <= values.count }
    waiters.removeAll { $0.count <= values.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  func waitForCount(_ count: Int) async {
    if values.count >= count { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }
}
