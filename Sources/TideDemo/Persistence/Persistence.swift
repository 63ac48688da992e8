import Tide
import TideTerminal

extension AppFeature {
  /// Saves the todos after every action that changed them, as an effect: the reducer never
  /// does I/O.
  ///
  /// Whether the todos changed is read from their revision, a counter the list bumps on every
  /// mutation, so an action that leaves them alone (a stopwatch tick) costs the same with
  /// 100,000 todos as with ten. The saves themselves are coalesced by ``TodoStorage``, and each
  /// is marked ``TideTerminal/Effect/finishesBeforeExit()`` so that quitting waits for it.
  @MainActor
  package static func persistence(to storage: TodoStorage, initialRevision: Int = 0) -> Middleware<State, Action> {
    let saved = SavedRevision(initialRevision)
    return Middleware { _, state in
      guard state.todos.revision != saved.revision else { return .none }
      saved.revision = state.todos.revision
      guard !state.todos.isReadOnly else { return .none }
      let todos = state.todos.todos.elements
      // Only a shown warning needs word of a successful save (to clear it).
      let reportsSuccess = state.warning?.isClearedBySave == true
      return .run { send in
        try await storage.save(todos)
        if reportsSuccess { await send(.saveSucceeded) }
      } catch: { error, send in
        let details = (error as? TodoStorage.SaveError)?.description ?? "Could not save todos to \(storage.path)."
        await send(.saveFailed(Warning(
          summary: "Could not save todos to \(storage.location?.name ?? storage.path)",
          details: Self.sentence(details) + " The changes are kept in memory; the next change tries again.")))
      }
      .finishesBeforeExit()
    }
  }

  /// `text` ending as a sentence does, so another can follow it.
  static func sentence(_ text: String) -> String {
    text.hasSuffix(".") ? text : text + "."
  }
}

/// The revision of the list last handed to a save.
@MainActor
private final class SavedRevision {
  var revision: Int

  init(_ revision: Int) {
    self.revision = revision
  }
}
