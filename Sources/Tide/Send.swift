/// Sends actions from an effect back to its store.
///
/// Calling it hops to the main actor, where the store handles the action at once. Once the
/// effect is cancelled, calls are ignored, so a cancelled timer or request never delivers a
/// late action.
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline
  let body: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that forwards actions to `send`; useful for testing effect bodies alone.
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.body = send
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    body(action)
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let body = self.body
    return Send<Child> { body(transform($0)) }
  }
}
