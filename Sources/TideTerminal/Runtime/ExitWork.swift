import Tide

/// The cancellation id of the effects a ``Program`` lets finish before it exits.
package enum ExitWork: Hashable, Sendable {
  case pending
}

extension Effect {
  /// Marks this effect as work that must not be dropped when the program ends: before it
  /// restores the terminal and exits, the app's run waits for every effect so marked (at most
  /// five seconds), whatever ended it — a quit key or a signal.
  ///
  /// ```swift
  /// return .run { _ in try await storage.save(todos) }.finishesBeforeExit()
  /// ```
  ///
  /// It is a cancellation id under the hood, so `Effect.cancel(id:)` of an id that wraps it
  /// still cancels it.
  public func finishesBeforeExit() -> Self {
    cancellable(id: ExitWork.pending)
  }
}
