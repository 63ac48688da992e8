import Tide
import TideTerminal

extension AppFeature {
  /// Saves the todos after every action that changed them, as an effect: the reducer never
  /// does I/O. Saves are numbered so the newest list always wins, whatever order the effect
  /// tasks finish in.
  @MainActor
  public static func persistence(to storage: TodoStorage, initial: [Todo]) -> Middleware<State, Action> {
    let saved = SavedTodos(initial)
    return Middleware { _, state in
      let todos = state.todos.todos.elements
      guard todos != saved.todos else { return .none }
      saved.todos = todos
      saved.version += 1
      let version = saved.version
      return .run { _ in
        try storage.save(todos, version: version)
      } catch: { error, send in
        await send(.saveFailed(String(describing: error)))
      }
      .finishesBeforeExit()
    }
  }
}

/// The list as last handed to a save.
@MainActor
private final class SavedTodos {
  var todos: [Todo]
  var version = 0

  init(_ todos: [Todo]) {
    self.todos = todos
  }
}
