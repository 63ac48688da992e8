import Tide

/// The values of a form's fields, read and set by field id.
///
/// A reader given an id the form has no field for, or a field of another kind, answers the
/// empty value (`""`, `nil`, `[]`, `false`); a setter does nothing. Setters keep values in
/// range: an option index is clamped to the options, indices of options that do not exist are
/// left out.
extension Form.State {
  /// The field with this id; `nil` when the form has none.
  func field(_ id: String) -> Form.Field? {
    index(of: id).map { fields[$0] }
  }

  /// The text of the one-line or text field `id`.
  public func text(_ id: String) -> String {
    field(id)?.textValue ?? ""
  }

  /// The option chosen in the select `id`: `nil` while its filter hides every option, or when
  /// it has none.
  public func selection(_ id: String) -> String? {
    guard case .select(let list) = field(id)?.control else { return nil }
    return list.selectedItem?.title
  }

  /// The options chosen in the multi-select `id`, in the order of its options.
  public func selections(_ id: String) -> [String] {
    guard case .multiSelect(let list, let chosen) = field(id)?.control else { return [] }
    return chosen.sorted().map { list.items[$0].title }
  }

  /// Whether the confirm `id` is on.
  public func isOn(_ id: String) -> Bool {
    guard case .confirm(let isOn, _) = field(id)?.control else { return false }
    return isOn
  }

  /// The error shown under the field `id`; `nil` for none.
  public func error(_ id: String) -> String? {
    field(id)?.error
  }

  /// Replaces the text of the one-line or text field `id` (a one-line field drops control
  /// characters and keeps its limit), the cursor at its end.
  public mutating func setText(_ text: String, for id: String) {
    _ = updateField(id) { field -> Void? in
      switch field.control {
      case .input(var input):
        input.setText(text)
        field.control = .input(input)
      case .text(var area):
        area.setText(text)
        field.control = .text(area)
      case .select, .multiSelect, .confirm: return nil
      }
      return ()
    }
  }

  /// Chooses the option at `index` (clamped to the options) in the select `id`, or moves the
  /// cursor of the multi-select `id` to it; a filter typed in the field is cleared first.
  public mutating func select(option index: Int, for id: String) {
    _ = updateField(id) { field -> Void? in
      field.leave()
      switch field.control {
      case .select(var list):
        list.select(position: index)
        field.control = .select(list)
      case .multiSelect(var list, let chosen):
        list.select(position: index)
        field.control = .multiSelect(list, chosen: chosen)
      case .input, .text, .confirm: return nil
      }
      return ()
    }
  }

  /// Chooses the options at `indices` in the multi-select `id`, and no others; indices that
  /// are not options are left out.
  public mutating func setSelections(_ indices: Set<Int>, for id: String) {
    _ = updateField(id) { field -> Void? in
      guard case .multiSelect(let list, _) = field.control else { return nil }
      field.control = .multiSelect(list, chosen: indices.filter(list.items.indices.contains))
      return ()
    }
  }

  /// Turns the confirm `id` on or off.
  public mutating func setIsOn(_ isOn: Bool, for id: String) {
    _ = updateField(id) { field -> Void? in
      guard case .confirm(_, let label) = field.control else { return nil }
      field.control = .confirm(isOn: isOn, label: label)
      return ()
    }
  }

  /// Shows `message` under the field `id` in ``Theme/error``, or none for `nil`: for a check
  /// only the app can make (a name already taken), after ``Form/Action/submitted``. The field
  /// takes the focus. The message stays until an edit of the field makes it pass its rules.
  public mutating func setError(_ message: String?, for id: String) {
    guard let index = index(of: id) else { return }
    fields[index].error = message
    if message != nil { focus(.field(id)) }
  }
}
