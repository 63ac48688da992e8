import TideTerminal

/// What the app reports to its trace, in order: the user's input and the actions reduced.
@usableFromInline
enum TraceEntry<State: Sendable, Action: Sendable>: Sendable {
  /// The state before the first action, and the Swift name of the store's reducer if known.
  case start(State, reducer: String?)
  /// A key, paste or resize, at its time on the app's clock.
  case input(InputEvent, time: Duration)
  /// The action reduced and the state after it, with the key, paste or resize that sent it when
  /// that input was not queued on its own before (``TraceRecorder`` queues it so when an effect's
  /// action comes between them); none for an effect's action.
  case action(Action, state: State, time: Duration, input: TraceInput?)
  /// The app was put back into its state after action `number` (live time travel): the actions
  /// after it become a branch, and numbering goes on from `number`.
  case jump(to: Int, state: State, time: Duration)
}
