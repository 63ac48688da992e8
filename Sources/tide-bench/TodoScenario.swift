import IdentifiedCollections
import Tide

struct BenchTodo: Identifiable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

struct TodoListState: Equatable {
  var todos: IdentifiedArrayOf<BenchTodo>
}

enum TodoListAction: Sendable, Equatable {
  case toggle(id: Int)
}

@inline(__always)
func todoBody(_ state: inout TodoListState, _ action: TodoListAction) {
  switch action {
  case .toggle(let id): state.todos[id: id]?.isDone.toggle()
  }
}

func makeTodos(_ count: Int) -> TodoListState {
  TodoListState(todos: IdentifiedArray(
    uniqueElements: (0..<count).map { BenchTodo(id: $0, title: "Todo number \($0)") }))
}

/// `todo-1k` / `todo-10k`: toggle one item by id in a list of `count`, one observer of the
/// whole state.
@MainActor
func todoScenario(name: String, count: Int, iterations: Int, rounds: Int) -> Measurement {
  let sink = Sink()
  let store = Store(
    initialState: makeTodos(count),
    reducer: Reduce<TodoListState, TodoListAction> { state, action in
      todoBody(&state, action)
      return .none
    })
  let token = store.observe { sink.value &+= $0.todos.count }
  let baseline = BaselineStore(state: makeTodos(count), reduce: todoBody) { sink.value &+= $0.todos.count }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { sendThroughTide(store, .toggle(id: ($0 &* 7919) % count)) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { baseline.send(.toggle(id: ($0 &* 7919) % count)) }
  }
  token.cancel()
  precondition(store.state == baseline.state, "\(name): Tide and baseline disagree")
  return Measurement(name: name, tide: result.tide, baseline: result.baseline)
}
