import Tide

/// A modal box over the screen that asks one question — confirm ("Delete" / "Cancel") or alert
/// (one button) — and sends the answer to the app as an action.
///
/// The app keeps the dialog in its state while it is shown (`var dialog: Dialog.State?`), and
/// while it is: sends it every key (``action(for:in:)`` returns `nil` for keys it does not use,
/// so nothing under it takes keys), draws it last, over the rest of the screen, and reacts to
/// ``Action/choose(_:)`` by acting on the answer and setting the dialog to `nil`:
///
/// ```swift
/// case .delete: state.dialog = .confirm("Delete item?", message: "Item 4 goes for good.", confirm: "Delete")
/// case .dialog(.choose(let choice)):
///   if choice == .confirm { state.items.remove(at: index) }
///   state.dialog = nil
/// ```
///
/// Focus stays inside: tab, shift-tab, ← and → move it between the buttons, wrapping around;
/// enter or space chooses the focused button and esc cancels. Nothing under the dialog takes
/// clicks: drawing it covers the whole rectangle it is drawn in, so a click outside the box
/// does nothing (a stray click never answers the question); a click on a button chooses it.
public struct Dialog: Reducer, Sendable {
  /// The answers: the confirming button or cancelling.
  public enum Choice: Hashable, Sendable, Codable {
    /// The confirming button ("Delete"), or an alert's only button.
    case confirm
    /// The cancelling button ("Cancel"), or esc.
    case cancel
  }

  /// The buttons a dialog has: what ``State/confirm(_:message:confirm:cancel:default:)`` and
  /// ``State/alert(_:message:button:)`` make.
  package enum Kind: Hashable, Sendable, Codable {
    /// Two buttons, the confirming one first: `confirm` ("Delete") and `cancel` ("Cancel").
    case confirm(confirm: String, cancel: String)
    /// One button, `button` ("OK"), that chooses ``Choice/confirm``; esc chooses
    /// ``Choice/cancel``. Either way the alert was seen.
    case alert(button: String)
  }

  /// The question, its buttons and the focused one.
  public struct State: Hashable, Sendable, Codable {
    /// The label on the top edge of the box.
    public var title: String
    /// The text in the box, one row per line (any line break: `\n`, `\r\n`, U+2028), each cut
    /// with `…` when the screen is narrower; empty for a dialog whose body the app draws (see
    /// ``Dialog/draw(_:in:on:bodySize:sending:body:)``).
    public var message: String
    /// The buttons.
    package private(set) var kind: Kind
    /// The button enter chooses.
    public private(set) var focused: Choice

    /// A dialog of `kind` titled `title`, showing `message`, with the focus on `focused` (on
    /// ``Choice/cancel`` when not given or when the dialog has no such button: an alert's
    /// focus is on its one button).
    package init(title: String, message: String = "", kind: Kind, focused: Choice = .cancel) {
      self.title = title
      self.message = message
      self.kind = kind
      self.focused = .cancel
      focus(focused)
    }

    /// A question with a confirming and a cancelling button, the focus on `default` (cancel
    /// unless given, so an enter pressed without reading deletes nothing).
    public static func confirm(
      _ title: String, message: String = "", confirm: String, cancel: String = "Cancel", default focused: Choice = .cancel
    ) -> State {
      State(title: title, message: message, kind: .confirm(confirm: confirm, cancel: cancel), focused: focused)
    }

    /// A message with one button.
    public static func alert(_ title: String, message: String = "", button: String = "OK") -> State {
      State(title: title, message: message, kind: .alert(button: button), focused: .confirm)
    }

    /// The buttons' choices, left to right.
    package var choices: [Choice] {
      switch kind {
      case .confirm: [.confirm, .cancel]
      case .alert: [.confirm]
      }
    }

    /// The label of the button for `choice`; esc's for an alert's ``Choice/cancel``.
    package func label(of choice: Choice) -> String {
      switch (kind, choice) {
      case (.confirm(let confirm, _), .confirm): confirm
      case (.confirm(_, let cancel), .cancel): cancel
      case (.alert(let button), .confirm): button
      case (.alert, .cancel): "close"
      }
    }

    /// Focuses the button for `choice`, or the first button when the dialog has none for it
    /// (an alert's ``Choice/cancel``): what ``Action/next`` does, for a parent that moves the
    /// focus itself.
    public mutating func focus(_ choice: Choice) {
      focused = choices.contains(choice) ? choice : choices[0]
    }

    mutating func move(by step: Int) {
      let choices = choices
      let index = choices.firstIndex(of: focused) ?? 0
      focused = choices[(index + step + choices.count) % choices.count]
    }
  }

  /// What a dialog can do.
  public enum Action: Hashable, Sendable, Codable {
    /// Focuses the next button, wrapping around (tab, →).
    case next
    /// Focuses the previous button, wrapping around (shift-tab, ←).
    case previous
    /// The answer (enter or space on a button, a click on it, or esc for ``Choice/cancel``):
    /// the app acts on it and stops showing the dialog.
    case choose(Choice)
  }

  /// A dialog.
  public init() {}

  /// Moves the focus; ``Action/choose(_:)`` changes nothing, as the answer is the app's.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .next: state.move(by: 1)
    case .previous: state.move(by: -1)
    case .choose: break
    }
    return .none
  }

  /// The keys of `state`: enter and space choose the focused button, esc cancels, tab, →,
  /// shift-tab and ← move between the buttons. They are all a screen takes while the dialog is
  /// shown.
  public static func keys(for state: State) -> KeyMap<Action> {
    let hasChoice = state.choices.count > 1
    return KeyMap([
      KeyBinding(.enter, .character(" "), action: .choose(state.focused), help: state.label(of: state.focused)),
      KeyBinding(.escape, action: .choose(.cancel), help: hasChoice ? state.label(of: .cancel) : "close"),
      KeyBinding(.tab, .right, action: .next, help: "next button", showsInFooter: hasChoice),
      KeyBinding(.backTab, .left, action: .previous, help: "previous button", showsInFooter: false),
    ])
  }

  /// The action for `key` while `state` is shown, or `nil`: send nothing for other keys, so
  /// that nothing under the dialog takes them.
  public static func action(for key: Key, in state: State) -> Action? {
    keys(for: state).action(for: key)
  }

  /// Draws the dialog with its message, centred in `bounds` (the screen, as a rule) and sized to
  /// its message, title and buttons within it.
  ///
  /// See ``draw(_:in:on:bodySize:sending:body:)``.
  public static func draw(
    _ state: State, in bounds: Rect, on canvas: inout Canvas, sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    let lines = messageLines(state.message)
    let size = TerminalSize(columns: lines.map(\.displayWidth).max() ?? 0, rows: lines.count)
    draw(state, in: bounds, on: &canvas, bodySize: size, sending: sending) { rect, canvas in
      for (offset, line) in lines.prefix(rect.height).enumerated() {
        canvas.drawTruncated(line, atColumn: rect.column, row: rect.row + offset, width: rect.width, style: canvas.theme.text)
      }
    }
  }

  /// Draws the dialog over what is in `bounds`: a box with a border and the title on it
  /// (``Block``, its border in ``Theme/focus`` as the dialog holds the focus), `body` drawn in
  /// the rectangle left for it (`bodySize` when the screen has room), and the buttons
  /// centred under it, the focused one in ``Theme/selection``.
  ///
  /// The box is sized to the body, the title and the buttons, and centred in `bounds`; in a
  /// smaller screen it is cut to `bounds`, the body first (it keeps its top left), then the
  /// buttons, each cut with `…`. The whole of `bounds` is covered for the pointer: regions
  /// drawn before the dialog take no clicks. With `sending`, a press on a button sends
  /// ``Action/choose(_:)`` for it, embedded in the app's action by `sending` (or by the action
  /// scope the dialog is drawn in, ``Canvas/withActionScope(_:_:)``).
  public static func draw(
    _ state: State, in bounds: Rect, on canvas: inout Canvas, bodySize: TerminalSize,
    sending: (@Sendable (Action) -> any Sendable)? = nil, body: (Rect, inout Canvas) -> Void
  ) {
    canvas.coverHitRegions(bounds)
    let box = frame(of: state, bodySize: bodySize, in: bounds)
    guard !box.isEmpty else { return }
    canvas.withClip(box) { canvas in
      canvas.fill(box, style: canvas.theme.text)
      let inner = Block(title: state.title, padding: Insets(horizontal: 1), isFocused: true).draw(in: box, on: &canvas)
      guard inner.width > 0, inner.height > 0 else { return }
      let above = inner.height - 1
      let bodyRows = min(max(0, bodySize.rows), above >= 2 ? above - 1 : above)
      if bodyRows > 0 {
        let bodyRect = Rect(column: inner.column, row: inner.row, width: inner.width, height: bodyRows)
        canvas.withClip(bodyRect) { body(bodyRect, &$0) }
      }
      drawButtons(state, in: Rect(column: inner.column, row: inner.endRow - 1, width: inner.width, height: 1), on: &canvas, sending: sending)
    }
  }

  /// The box of a dialog with a body of `bodySize` in `bounds`: the body, the title and the
  /// buttons inside a border and a column of padding either side, cut to `bounds` and centred.
  static func frame(of state: State, bodySize: TerminalSize, in bounds: Rect) -> Rect {
    let bodyColumns = max(0, bodySize.columns)
    let bodyRows = max(0, bodySize.rows)
    let content = max(bodyColumns, buttonsWidth(state), state.title.displayWidth)
    let width = min(max(0, bounds.width), content + 4)
    let height = min(max(0, bounds.height), (bodyRows > 0 ? bodyRows + 1 : 0) + 1 + 2)
    return Rect(
      column: bounds.column + (bounds.width - width) / 2, row: bounds.row + (bounds.height - height) / 2,
      width: width, height: height)
  }

  /// The columns of the buttons drawn whole, two columns apart.
  static func buttonsWidth(_ state: State) -> Int {
    let widths = state.choices.map { Button.State(state.label(of: $0)).width }
    return widths.reduce(0, +) + 2 * (widths.count - 1)
  }

  /// The buttons, centred on `row`; when they do not all fit, the widest are cut first.
  private static func drawButtons(
    _ state: State, in row: Rect, on canvas: inout Canvas, sending: (@Sendable (Action) -> any Sendable)?
  ) {
    let choices = state.choices
    let buttons = choices.map { Button.State(state.label(of: $0)) }
    let gaps = 2 * (buttons.count - 1)
    let widths = fairWidths(buttons.map(\.width), within: max(buttons.count, row.width - gaps))
    let total = widths.reduce(0, +) + gaps
    var column = row.column + max(0, (row.width - total) / 2)
    for (index, button) in buttons.enumerated() {
      let choice = choices[index]
      let rect = Rect(column: column, row: row.row, width: widths[index], height: 1)
      var press: (@Sendable (Button.Action) -> any Sendable)?
      if let sending { press = { _ in sending(.choose(choice)) } }
      Button.draw(button, in: rect, on: &canvas, isFocused: state.focused == choice, sending: press)
      column += widths[index] + 2
    }
  }

  /// `widths` cut so that they add up to no more than `available`: every width above a cap is
  /// cut to it, the cap as high as fits (at least 1).
  static func fairWidths(_ widths: [Int], within available: Int) -> [Int] {
    guard widths.reduce(0, +) > available else { return widths }
    var low = 1
    var high = widths.max() ?? 1
    while low < high {
      let cap = (low + high + 1) / 2
      if widths.reduce(0, { $0 + min($1, cap) }) <= available { low = cap } else { high = cap - 1 }
    }
    return widths.map { min($0, low) }
  }

  /// The message's lines; none for an empty message.
  static func messageLines(_ message: String) -> [String] {
    message.isEmpty ? [] : message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }
}

extension Dialog: Component {
  /// Draws the dialog with its message (see ``draw(_:in:on:sending:)``): a dialog is modal, so it
  /// always has the focus, and `isFocused` changes nothing.
  public static func draw(
    _ state: State, in bounds: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: bounds, on: &canvas, sending: sending)
  }
}
