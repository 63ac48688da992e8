import Tide

/// A form of fields — one-line inputs, texts of several lines, selects that filter as you
/// type, multi-selects and confirms — each checked by its rules, with a submit button and an
/// optional cancel button; the values are State, read by field id.
///
/// The app keeps the form in its state, scopes it like any component, and reacts to two of its
/// actions: ``Action/submitted``, sent only when every field passed its rules (read the values
/// then), and ``Action/cancel`` (esc, or the cancel button), which the form itself does nothing
/// about — the app decides whether to quit, ask first or ignore it, so esc never loses what was
/// typed behind the app's back.
///
/// ```swift
/// var form = Form.State(fields: [
///   .input("name", title: "Name:", rules: [.required("Enter your name")]),
///   .input("email", title: "Email:", rules: [.contains("@", message: "An email has an @")]),
///   .select("plan", title: "Plan:", options: ["Free", "Pro", "Team"]),
/// ])
/// // keys:   Form.action(for: key, in: state.form).map(Action.form)
/// // view:   Form.draw(state.form, in: rect, on: &canvas, sending: { Action.form($0) })
/// // reduce: case .form(.submitted): state.done = state.form.text("email")
/// //         case .form(.cancel): state.isQuitting = true
/// ```
///
/// Focus moves through the fields, then the buttons: tab and shift-tab, enter on a one-line
/// field or a select, or a press (on a field's title, its text, an option, a box, a button).
/// Only the focused field takes keys, and ``keys(for:)`` are its keys for ``Help``. Submitting
/// (enter on the submit button, or a click on it) checks every field: a field that fails shows
/// its rule's message under it in ``Theme/error`` and takes the focus (the first that failed),
/// and nothing is submitted; a message goes as soon as an edit makes the value pass.
public struct Form: Reducer, Sendable {
  /// What can have the focus: a field, by its id, or a button.
  public enum Focus: Hashable, Sendable, Codable {
    /// The field with this id.
    case field(String)
    /// The submit button.
    case submit
    /// The cancel button.
    case cancel
  }

  /// The fields, their values and errors, the buttons and the focus.
  public struct State: Equatable, Sendable, Codable {
    /// The fields, in order.
    public internal(set) var fields: [Field]
    /// The submit button's label.
    public var submitLabel: String
    /// The cancel button's label; `nil` for a form without one (esc still cancels).
    public let cancelLabel: String?
    /// The focus order: the fields, then the buttons.
    var ring: FocusRing<Focus>.State

    /// A form of `fields` (a field whose id an earlier one has is left out: ids name values),
    /// a submit button labelled `submit` and, when `cancel` is given, a cancel button; the
    /// focus on the first field.
    public init(fields: [Field], submit: String = "Submit", cancel: String? = nil) {
      var seen = Set<String>()
      self.fields = fields.filter { seen.insert($0.id).inserted }
      submitLabel = submit
      cancelLabel = cancel
      ring = FocusRing.State(order: self.fields.map { .field($0.id) } + [.submit] + (cancel == nil ? [] : [.cancel]))
    }

    /// What has the focus.
    public var focused: Focus { ring.focused }

    /// Focuses `focus`, leaving the field that had it (a select's filter is cleared, its
    /// option kept); ignored for a field or button the form does not have.
    public mutating func focus(_ focus: Focus) {
      guard focus != ring.focused, ring.order.contains(focus) else { return }
      if case .field(let id) = ring.focused, let index = index(of: id) { fields[index].leave() }
      ring.focus(focus)
    }

    /// Checks every field and shows each one's error; focuses the first that failed. Whether
    /// they all passed: what a submit does before sending ``Action/submitted``.
    @discardableResult
    public mutating func validate() -> Bool {
      var firstFailed: String?
      for index in fields.indices where !fields[index].validate() {
        firstFailed = firstFailed ?? fields[index].id
      }
      if let firstFailed { focus(.field(firstFailed)) }
      return firstFailed == nil
    }

    /// The index in ``fields`` of the field `id`.
    func index(of id: String) -> Int? {
      fields.firstIndex { $0.id == id }
    }

    /// Changes the field `id` with `change` (nothing for an unknown id); when the field shows
    /// an error, checks it again so the message goes once the value passes.
    mutating func updateField<Result>(_ id: String, _ change: (inout Field) -> Result?) -> Result? {
      guard let index = index(of: id) else { return nil }
      let result = change(&fields[index])
      if fields[index].error != nil { fields[index].validate() }
      return result
    }

    /// The focus `step` places after the current one, wrapping around, as the ring moves it.
    func focus(movedBy step: Int) -> Focus {
      var moved = ring
      moved.move(by: step)
      return moved.focused
    }
  }

  /// What a form can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Focuses the next field or button, wrapping around (tab; enter on a one-line field or a
    /// select).
    case next
    /// Focuses the previous field or button, wrapping around (shift-tab).
    case previous
    /// Focuses a field or a button (a press on a field's title).
    case focus(Focus)
    /// Edits the one-line field with this id.
    case input(String, TextInput.Action)
    /// Edits the text field with this id.
    case text(String, TextArea.Action)
    /// Moves, filters or presses the select or multi-select with this id. A press on an
    /// option focuses the field and chooses the option (in a multi-select, toggles it); a
    /// press on the option a focused select has chosen goes on to the next field, as enter does.
    case list(String, SelectionList<ListItem>.Action)
    /// Toggles the confirm with this id, or the option under a multi-select's cursor (space).
    case toggle(String)
    /// Focuses the submit button, checks every field and, when all pass, sends ``submitted``;
    /// else focuses the first that failed (enter on the submit button, or a click on it).
    case submit
    /// Every field passed: the app reads the values and acts on them.
    case submitted
    /// The user asked to leave the form (esc, or the cancel button): the app decides. The
    /// form changes nothing.
    case cancel
  }

  /// A form.
  public init() {}

  /// Applies `action`; see ``Action``. A press on a field (its text, an option, its box)
  /// focuses it first.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .next: state.focus(state.focus(movedBy: 1))
    case .previous: state.focus(state.focus(movedBy: -1))
    case .focus(let focus): state.focus(focus)
    case .input(let id, let action):
      if case .moveCursor = action { state.focus(.field(id)) }
      let effect = state.updateField(id) { field -> Effect<TextInput.Action>? in
        guard case .input(var input) = field.control else { return nil }
        defer { field.control = .input(input) }
        return TextInput().reduce(into: &input, action: action)
      }
      return effect.map { $0.map { Action.input(id, $0) } } ?? .none
    case .text(let id, let action):
      if case .moveCursor = action { state.focus(.field(id)) }
      let effect = state.updateField(id) { field -> Effect<TextArea.Action>? in
        guard case .text(var area) = field.control else { return nil }
        defer { field.control = .text(area) }
        return TextArea().reduce(into: &area, action: action)
      }
      return effect.map { $0.map { Action.text(id, $0) } } ?? .none
    case .list(let id, let action):
      let wasFocused = state.focused == .field(id)
      if case .press = action { state.focus(.field(id)) }
      if case .choose = action { return .send(.next) }
      // A press on the option a focused select has chosen goes on, as enter does.
      if state.updateField(id, { $0.apply(action) }) == true, wasFocused { return .send(.next) }
    case .toggle(let id):
      state.focus(.field(id))
      _ = state.updateField(id) { $0.toggle() }
    case .submit:
      state.focus(.submit)
      return state.validate() ? .send(.submitted) : .none
    case .submitted, .cancel: break
    }
    return .none
  }
}

extension Form.Field {
  /// Applies a list action to a select or a multi-select: typing in a select starts its filter,
  /// a press chooses the option pressed (toggles it in a multi-select). Whether it was a press
  /// on the option a select had chosen already; `nil` for a field of another kind.
  mutating func apply(_ action: SelectionList<ListItem>.Action) -> Bool? {
    var again = false
    switch control {
    case .select(var list):
      switch action {
      case .press(let position):
        again = position == list.cursor
        list.select(position: position)
      case .query(let edit):
        // Typing starts the filter; erasing it all ends it, so the list is whole again.
        switch edit {
        case .insert, .paste: if !list.isFiltering { _ = SelectionList().reduce(into: &list, action: .startFiltering) }
        default: guard list.isFiltering else { return false }
        }
        _ = SelectionList().reduce(into: &list, action: action)
        if list.query.isEmpty { _ = SelectionList().reduce(into: &list, action: .clearFilter) }
      default: _ = SelectionList().reduce(into: &list, action: action)
      }
      control = .select(list)
    case .multiSelect(var list, var chosen):
      if case .press(let position) = action {
        list.select(position: position)
        if let index = list.selectedIndex { chosen.formSymmetricDifference([index]) }
      } else {
        _ = SelectionList().reduce(into: &list, action: action)
      }
      control = .multiSelect(list, chosen: chosen)
    case .input, .text, .confirm: return nil
    }
    return again
  }

  /// Toggles a confirm, or the option under a multi-select's cursor.
  mutating func toggle() -> Void? {
    switch control {
    case .confirm(let isOn, let label): control = .confirm(isOn: !isOn, label: label)
    case .multiSelect(let list, var chosen):
      guard let index = list.selectedIndex else { return nil }
      chosen.formSymmetricDifference([index])
      control = .multiSelect(list, chosen: chosen)
    case .input, .text, .select: return nil
    }
    return ()
  }

  /// The field loses the focus: a list's filter is cleared, the option under its cursor kept.
  mutating func leave() {
    switch control {
    case .select(var list):
      guard list.isFiltering || list.matches != nil else { return }
      _ = SelectionList().reduce(into: &list, action: .clearFilter)
      control = .select(list)
    case .multiSelect(var list, let chosen):
      guard list.isFiltering || list.matches != nil else { return }
      _ = SelectionList().reduce(into: &list, action: .clearFilter)
      control = .multiSelect(list, chosen: chosen)
    case .input, .text, .confirm: break
    }
  }
}

extension Form: Component {}
