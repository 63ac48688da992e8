import TideTerminal
import TideTrace

/// The recorder's calls made for each action and input, as closures made where the app's `State`
/// and `Action` are known (``TraceSupport/codable()``, inlinable): through them the recorder's
/// inlinable code runs compiled for those types.
@usableFromInline
struct RecorderCalls<State: Encodable & Sendable, Action: Encodable & Sendable>: Sendable {
  /// Takes the action and the state, as the recorder does: a borrowed pair would be copied
  /// (every reference in the state retained) to hand over.
  let reduced: @Sendable (consuming Action, consuming State) -> Void
  let willSend: @Sendable (Action) -> Void
  let record: @Sendable (InputEvent) -> Void

  @usableFromInline
  init(
    reduced: @escaping @Sendable (consuming Action, consuming State) -> Void, willSend: @escaping @Sendable (Action) -> Void,
    record: @escaping @Sendable (InputEvent) -> Void
  ) {
    self.reduced = reduced
    self.willSend = willSend
    self.record = record
  }
}
