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
