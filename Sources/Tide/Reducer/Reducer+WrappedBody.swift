extension Reducer {
  /// The body function (``Reducer/_bodyFunction()``) of a reducer that runs this one inside
  /// work of its own — a tracer, a test store's recorder: `around`, given this reducer's body
  /// read once, or `nil` when it has none (the wrapper's own `reduce(into:action:)` then runs
  /// it as it is).
  package func bodyFunction(
    wrappedIn around: @escaping (inout State, Action, (inout State, Action) -> Effect<Action>) -> Effect<Action>
  ) -> ((inout State, Action) -> Effect<Action>)? {
    guard let body = _bodyFunction() else { return nil }
    return { around(&$0, $1, body) }
  }
}
