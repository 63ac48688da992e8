import Tide

extension Form {
  /// One field of a form: its id, the title drawn beside it, the rules its value must pass,
  /// the error it shows, and its value as the component that edits it.
  ///
  /// Make fields with ``input(_:title:text:placeholder:characterLimit:rules:)``,
  /// ``text(_:title:text:placeholder:height:rules:)``, ``select(_:title:options:selected:height:rules:)``,
  /// ``multiSelect(_:title:options:selected:height:rules:)`` and ``confirm(_:title:label:isOn:rules:)``;
  /// read their values from the form by id (``State/text(_:)``, ``State/selection(_:)``,
  /// ``State/selections(_:)``, ``State/isOn(_:)``).
  public struct Field: Equatable, Sendable, Codable {
    /// The field's name in the app's code (`"email"`): what the form's values are read by.
    public let id: String
    /// The label drawn left of the field (`"Email:"`), as given.
    public var title: String
    /// What the value must pass to submit, checked in order; the first that fails gives the
    /// error. See ``Rule``.
    public var rules: [Rule]
    /// The message drawn under the field in ``Theme/error``: the first rule the value failed
    /// when last checked, or what the app set with ``State/setError(_:for:)``; `nil` for none.
    public internal(set) var error: String?
    /// The component that edits the value.
    package var control: Control

    /// The components a field is edited with.
    package enum Control: Equatable, Sendable, Codable {
      /// One line of text.
      case input(TextInput.State)
      /// Several lines of text.
      case text(TextArea.State)
      /// One option of a list; typing filters it.
      case select(SelectionList<ListItem>.State)
      /// Any number of options of a list (the item indices chosen); `/` filters it.
      case multiSelect(SelectionList<ListItem>.State, chosen: Set<Int>)
      /// On or off, with the label drawn beside the box.
      case confirm(isOn: Bool, label: String)
    }

    package init(id: String, title: String, rules: [Rule], control: Control) {
      self.id = id
      self.title = title
      self.rules = rules
      self.control = control
    }

    /// A one-line text field (a ``TextInput``): `text` to start with, `placeholder` shown
    /// dimmed while it is empty, at most `characterLimit` characters.
    public static func input(
      _ id: String, title: String, text: String = "", placeholder: String = "", characterLimit: Int? = nil,
      rules: [Rule] = []
    ) -> Field {
      Field(
        id: id, title: title, rules: rules,
        control: .input(TextInput.State(text: text, placeholder: placeholder, characterLimit: characterLimit)))
    }

    /// A text of several lines (a ``TextArea``), `height` rows high (at least 1): enter breaks
    /// the line, tab leaves the field.
    public static func text(
      _ id: String, title: String, text: String = "", placeholder: String = "", height: Int = 3, rules: [Rule] = []
    ) -> Field {
      Field(
        id: id, title: title, rules: rules,
        control: .text(TextArea.State(text: text, placeholder: placeholder, height: max(1, height))))
    }

    /// One of `options`, `selected` (an index, clamped to the options) to start with, shown in
    /// up to `height` rows. Typing filters the options as in a ``SelectionList``'s `/` filter;
    /// ↑ and ↓ move; leaving the field clears the filter and keeps the option chosen.
    public static func select(
      _ id: String, title: String, options: [String], selected: Int = 0, height: Int = 5, rules: [Rule] = []
    ) -> Field {
      var list = Field.list(options, height: height)
      list.select(position: selected)
      return Field(id: id, title: title, rules: rules, control: .select(list))
    }

    /// Any of `options`, those at the indices `selected` chosen to start with (indices out of
    /// range are left out), shown in up to `height` rows: space or x toggles the option under
    /// the cursor, `/` filters.
    public static func multiSelect(
      _ id: String, title: String, options: [String], selected: Set<Int> = [], height: Int = 5, rules: [Rule] = []
    ) -> Field {
      Field(
        id: id, title: title, rules: rules,
        control: .multiSelect(Field.list(options, height: height), chosen: selected.filter(options.indices.contains)))
    }

    /// A box that is on or off (`[x] I agree`), `label` beside it: space or x toggles it.
    public static func confirm(
      _ id: String, title: String, label: String = "", isOn: Bool = false, rules: [Rule] = []
    ) -> Field {
      Field(id: id, title: title, rules: rules, control: .confirm(isOn: isOn, label: label))
    }

    /// A list of `options` without a status row, as high as the options up to `height`.
    private static func list(_ options: [String], height: Int) -> SelectionList<ListItem>.State {
      var list = SelectionList<ListItem>.State(
        items: options.map { ListItem($0) }, height: max(1, min(options.count, height)), showsStatus: false)
      list.emptyText = "No options"
      return list
    }
  }
}
