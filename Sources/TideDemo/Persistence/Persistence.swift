import Tide
import TideTerminal

extension AppFeature {
  /// Saves the todos after every action that changed them, as an effect: the reducer never
  /// does I/O.
  ///
  /// Whether the todos changed is read from their revision, a counter the list bumps on every
  /// mutation, so an action that leaves them alone (a stopwatch tick) costs the same with
  /// 100,000 todos as with ten. The saves are TideTerminal's `DataSaver` effects: coalesced,
  /// the newest last whatever order their tasks start in, and waited for by quitting.
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
      let shownPath = storage.location?.name ?? storage.path
      return storage.save(todos, succeeded: reportsSuccess ? Action.saveSucceeded : nil) { error in
        .saveFailed(Warning(
          summary: "Could not save todos to \(shownPath)",
          details: Self.sentence(error.description) + " The changes are kept in memory; the next change tries again."))
      }
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
