import Tide

extension Form {
  /// tab, shift-tab and esc: the keys of every field and button, after the focused one's own.
  static let commonKeys = KeyMap<Action>([
    KeyBinding(.tab, action: .next, help: "next field"),
    KeyBinding(.backTab, action: .previous, help: "previous field", showsInFooter: false),
    KeyBinding(.escape, action: .cancel, help: "cancel"),
  ])

  /// The keys of what has the focus in `state`, then tab, shift-tab and esc: for dispatch and
  /// for ``Help`` (the footer shows the focused field's keys).
  ///
  /// - A one-line field: ``TextInput``'s readline keys; enter goes to the next field.
  /// - A text field: ``TextArea``'s keys, enter breaking the line; tab leaves it.
  /// - A select: ↑, ↓, pgup, pgdn, home and end move; typed characters filter, backspace
  ///   erases and esc clears the filter (then cancels, as everywhere); enter goes on.
  /// - A multi-select: ``SelectionList``'s keys (`/` filters); space or x toggles; enter goes on.
  /// - A confirm: space or x toggles; enter goes on.
  /// - A button: enter or space presses it.
  public static func keys(for state: State) -> KeyMap<Action> {
    fieldKeys(for: state).followed(by: commonKeys)
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, else a character typed into
  /// the focused field (a select's filter); `nil` for keys the form does not use, which an app
  /// should not take as commands while the form has the focus.
  public static func action(for key: Key, in state: State) -> Action? {
    if let action = keys(for: state).action(for: key) { return action }
    guard case .field(let id) = state.focused, let field = state.field(id) else { return nil }
    switch field.control {
    case .input: return TextInput.action(for: key).map { .input(id, $0) }
    case .text: return TextArea.action(for: key).map { .text(id, $0) }
    case .select: return TextInput.action(for: key).map { .list(id, .query($0)) }
    case .multiSelect(let list, _): return SelectionList.action(for: key, in: list).map { .list(id, $0) }
    case .confirm: return nil
    }
  }

  /// The action for pasted `text` in `state`: inserted into the focused text field or filter;
  /// `nil` where nothing takes text.
  public static func paste(_ text: String, in state: State) -> Action? {
    guard case .field(let id) = state.focused, let field = state.field(id) else { return nil }
    switch field.control {
    case .input: return .input(id, .paste(text))
    case .text: return .text(id, .paste(text))
    case .select: return .list(id, .query(.paste(text)))
    case .multiSelect(let list, _): return list.isFiltering ? .list(id, .query(.paste(text))) : nil
    case .confirm: return nil
    }
  }

  /// The focused field's or button's own keys.
  private static func fieldKeys(for state: State) -> KeyMap<Action> {
    let enterGoesOn = KeyBinding<Action>(.enter, action: .next, help: "next")
    func toggles(_ id: String) -> KeyBinding<Action> {
      KeyBinding(.character(" "), .character("x"), action: .toggle(id), help: "toggle")
    }
    switch state.focused {
    case .submit: return KeyMap([KeyBinding(.enter, .character(" "), action: .submit, help: "submit")])
    case .cancel: return KeyMap([KeyBinding(.enter, .character(" "), action: .cancel, help: "cancel")])
    case .field(let id):
      guard let field = state.field(id) else { return KeyMap([]) }
      switch field.control {
      case .input: return KeyMap([enterGoesOn]).followed(by: TextInput.keys.map { .input(id, $0) })
      case .text: return TextArea.keys.map { .text(id, $0) }
      case .select(let list): return selectKeys(list).map { .list(id, $0) }.followed(by: KeyMap([enterGoesOn]))
      case .multiSelect(let list, _):
        let keys = SelectionList.keys(for: list).map { Action.list(id, $0) }
        if list.isFiltering { return keys }
        return KeyMap([enterGoesOn, toggles(id)]).followed(by: keys)
      case .confirm: return KeyMap([enterGoesOn, toggles(id)])
      }
    }
  }

  /// A select's keys: moving (no letters, which filter), erasing the filter, and esc clearing
  /// it while there is one.
  private static func selectKeys(_ list: SelectionList<ListItem>.State) -> KeyMap<SelectionList<ListItem>.Action> {
    var bindings: [KeyBinding<SelectionList<ListItem>.Action>] = [
      KeyBinding(.up, .control("p"), action: .move(.up), help: "up", showsInFooter: false),
      KeyBinding(.down, .control("n"), action: .move(.down), help: "down", showsInFooter: false),
      KeyBinding(.pageUp, action: .move(.pageUp), help: "page up", showsInFooter: false),
      KeyBinding(.pageDown, action: .move(.pageDown), help: "page down", showsInFooter: false),
      KeyBinding(.home, action: .move(.first), help: "first", showsInFooter: false),
      KeyBinding(.end, action: .move(.last), help: "last", showsInFooter: false),
      KeyBinding(.backspace, action: .query(.deleteBackward), help: "erase filter", showsInFooter: false),
      KeyBinding(.control("w"), .alt(.backspace), action: .query(.deleteWordBackward), help: "erase filter word", showsInFooter: false),
      KeyBinding(.control("u"), action: .query(.deleteToStart), help: "erase filter", showsInFooter: false),
    ]
    if list.isFiltering || list.matches != nil {
      bindings.append(KeyBinding(.escape, action: .clearFilter, help: "clear filter"))
    }
    return KeyMap(bindings)
  }
}
