import Tide

/// The contract every component holds, so that an app uses each one the same way and a test
/// checks each one with the same suite (`assertComponentContract` in TideTerminalTesting).
///
/// A component is a `Reducer` (Tide's) whose `State` the app keeps inside its own and whose `Action`
/// the app embeds in its own (a case and a `Scope`). Beyond the reducer it says which keys it
/// takes and draws itself:
///
/// - ``keys(for:)`` are the keys it acts on in a state, each with its help text: the same map
///   dispatches them (``action(for:in:)``) and ``Help`` lists them, so help never disagrees with
///   what the keys do.
/// - ``draw(_:in:on:isFocused:sending:)`` draws the state inside the rectangle and nowhere else,
///   with the canvas theme's roles only (so `--theme` restyles it), marks its focus where it has
///   something to mark (a selection, a cursor), and, given `sending`, marks hit regions whose
///   actions reach the app through the same embedding as its keys.
///
/// What the app may set — data, selection, size, scroll position — it sets through the
/// component's public `State` methods (`state.list.select(position:)`, `state.viewport.resize(…)`),
/// never by calling `reduce` by hand; a value out of range is clamped, never a crash. Components
/// that scroll take `scroll(by:)` (an action and a `State` method) and the wheel; lists keep
/// their selection by identity when their data changes, filter with `/` and show an empty-state
/// text the app sets. The article <doc:WritingAComponent> says how to write one.
public protocol Component: Reducer where State: Equatable & Sendable, Action: Equatable & Sendable {
  /// The keys the component acts on in `state`, each with its help text, for dispatch and for
  /// ``Help``.
  static func keys(for state: State) -> KeyMap<Action>

  /// The action for `key` in `state`, or `nil` for a key the component does not take. By
  /// default the binding of ``keys(for:)``; a component that takes typed text adds it here.
  static func action(for key: Key, in state: State) -> Action?

  /// Draws `state` inside `rect` with the canvas theme's roles, marking the focus when
  /// `isFocused` (a component alone on its screen has it); with `sending`, marks hit regions whose
  /// actions `sending` embeds in the app's action.
  static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?)
}

extension Component {
  /// The binding of ``keys(for:)`` for `key`.
  public static func action(for key: Key, in state: State) -> Action? {
    keys(for: state).action(for: key)
  }
}
