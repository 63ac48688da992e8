import Tide

/// A label in brackets, `[ Save ]`, that does one thing when pressed: enter or space while it
/// has the focus, or a click.
///
/// A button keeps no state of its own beyond its label and whether it is enabled: what it does
/// is the parent's, which reacts to ``Action/press`` embedded in its own action. It takes part
/// in the screen's ``FocusRing`` as any component does: its id is in the ring's order, the app
/// draws it with `isFocused` and sends it keys only while it has the focus.
///
/// ```swift
/// var save = Button.State("Save")
/// // keys, while focused: Button.keys(for: state.save).action(for: key).map(Action.save)
/// // view: Button.draw(state.save, in: row, on: &canvas, isFocused: state.focus.isFocused(.save),
/// //   sending: { Action.save($0) })
/// // reducer: case .save(.press): save the form
/// ```
///
/// Drawn with the canvas's ``Theme``: ``Theme/text`` normally, ``Theme/selection`` while it
/// has the focus, ``Theme/muted`` when disabled. A disabled button takes no keys and no clicks.
public struct Button: Reducer, Sendable {
  /// The label and whether the button can be pressed.
  public struct State: Hashable, Sendable, Codable {
    /// The text between the brackets.
    public var label: String
    /// Whether the button takes keys and clicks; a disabled one is drawn in ``Theme/muted``.
    public var isEnabled: Bool

    /// A button labelled `label`, enabled unless `isEnabled` is false.
    public init(_ label: String, isEnabled: Bool = true) {
      self.label = label
      self.isEnabled = isEnabled
    }

    /// The columns the button takes drawn whole: the label and its brackets, `[ label ]`.
    public var width: Int { label.displayWidth + 4 }
  }

  /// What a button can do.
  public enum Action: Hashable, Sendable, Codable {
    /// The button was pressed: enter or space while it had the focus, or a click on it. The
    /// parent does what the button is for.
    case press
  }

  /// A button.
  public init() {}

  /// Changes nothing: a press is for the parent to act on.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }

  /// enter and space press the button.
  public static let keys = KeyMap<Action>([KeyBinding(.enter, .character(" "), action: .press, help: "press")])

  /// The keys of `state`: ``keys``, or none while it is disabled.
  public static func keys(for state: State) -> KeyMap<Action> {
    state.isEnabled ? keys : KeyMap([])
  }

  /// Draws `[ label ]` from the top left corner of `rect` (``State/width`` columns), the label cut
  /// with `…` when the button is wider than `rect`. A rectangle narrower than 5 columns shows
  /// what fits of the label alone (`De…`): the words say more than the brackets.
  ///
  /// With `sending`, a press of the primary button on it sends ``Action/press``, embedded in the
  /// app's action by `sending` (or by the action scope it is drawn in: see
  /// ``Canvas/withActionScope(_:_:)``); a disabled button marks no region.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let theme = canvas.theme
    let style = !state.isEnabled ? theme.muted : isFocused ? theme.selection : theme.text
    let text =
      rect.width >= 5
      ? "[ " + state.label.truncated(toDisplayWidth: rect.width - 4) + " ]"
      : state.label.truncated(toDisplayWidth: rect.width)
    let width = canvas.draw(text, atColumn: rect.column, row: rect.row, style: style, maxWidth: rect.width)
    let taken = Rect(column: rect.column, row: rect.row, width: width, height: 1)
    if state.isEnabled, let sending { canvas.addHitRegion(taken, onPress: sending(.press)) }
  }
}

extension Button: Component {}
