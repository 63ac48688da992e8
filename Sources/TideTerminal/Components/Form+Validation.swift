import Tide

extension Form {
  /// A check a field's value must pass to submit, and the message shown under the field when it
  /// fails.
  ///
  /// Rules are data, not closures, so that a form's State stays `Equatable` (a `TestStore`
  /// compares it) and a field says what it needs where it is declared. A check only the app can
  /// make (a name already taken) is made by the app when the form sends
  /// ``Action/submitted``, which then shows its message with ``State/setError(_:for:)``.
  ///
  /// Every rule is checked also when the value is empty: an optional field whose value must
  /// look some way when given is left without rules, and checked by the app.
  public enum Rule: Hashable, Sendable, Codable {
    /// A value must be given: text other than spaces, an option chosen in a select (a filter
    /// that hides every option leaves none), at least one in a multi-select, a confirm on.
    case required(String)
    /// The text holds `text` (`"@"` in an email); for a select, the option chosen does. Multi-
    /// selects and confirms pass.
    case contains(String, message: String)
    /// At least `count` characters of text, or options chosen in a multi-select; a select
    /// counts 1 with an option chosen, a confirm 1 when on.
    case minCount(Int, message: String)

    /// The message shown when the rule fails.
    var message: String {
      switch self {
      case .required(let message), .contains(_, let message), .minCount(_, let message): message
      }
    }

    /// Whether `field`'s value passes.
    func passes(_ field: Field) -> Bool {
      switch self {
      case .required:
        switch field.control {
        case .input, .text: return !field.textValue.allSatisfy(\.isWhitespace)
        default: return field.count > 0
        }
      case .contains(let text, _):
        switch field.control {
        case .input, .text: return field.textValue.contains(text)
        case .select(let list): return list.selectedItem?.title.contains(text) ?? false
        case .multiSelect, .confirm: return true
        }
      case .minCount(let count, _):
        return field.count >= count
      }
    }
  }
}

extension Form.Field {
  /// The text of an input or a text field; empty for the others.
  var textValue: String {
    switch control {
    case .input(let input): input.text
    case .text(let area): area.text
    case .select, .multiSelect, .confirm: ""
    }
  }

  /// What ``Form/Rule/minCount(_:message:)`` counts: characters, options chosen, or 1 for a
  /// select with an option chosen and a confirm that is on.
  var count: Int {
    switch control {
    case .input(let input): input.characters.count
    case .text(let area): area.text.count
    case .select(let list): list.selectedItem == nil ? 0 : 1
    case .multiSelect(_, let chosen): chosen.count
    case .confirm(let isOn, _): isOn ? 1 : 0
    }
  }

  /// Checks the rules in order and shows the first failure's message, or none; whether the
  /// value passed.
  @discardableResult
  mutating func validate() -> Bool {
    error = rules.first { !$0.passes(self) }?.message
    return error == nil
  }
}
