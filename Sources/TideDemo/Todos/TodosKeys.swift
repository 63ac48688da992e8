import TideTerminal

extension TodosFeature {
  /// The list's keys, with their help.
  package static let listKeys = KeyMap<Action>([
    KeyBinding(.character("a"), .character("n"), action: .startAdding, help: "add"),
    KeyBinding(.up, .character("k"), action: .list(.move(.up)), help: "up", showsInFooter: false),
    KeyBinding(.down, .character("j"), action: .list(.move(.down)), help: "down", showsInFooter: false),
    KeyBinding(.character(" "), .character("x"), action: .toggleSelected, help: "toggle"),
    KeyBinding(.character("e"), action: .startEditing, help: "edit"),
    KeyBinding(.character("d"), .delete, action: .deleteSelected, help: "delete"),
    KeyBinding(.character("u"), action: .undoDelete, help: "undo"),
    KeyBinding(.character("f"), action: .cycleFilter, help: "filter"),
    KeyBinding(.character("c"), action: .clearCompleted, help: "clear done"),
  ])

  /// The input line's keys: enter and esc, then the ``TextInput`` component's readline keys;
  /// any other printable character is typed.
  package static let editorKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .editor(.submit), help: "save"),
    KeyBinding(.escape, action: .editor(.cancel), help: "cancel"),
  ]).followed(by: TextInput.keys.map { .editor(.input($0)) })

  /// The only keys while the read-only notice is shown; every other key is ignored.
  package static let readOnlyNoticeKeys = KeyMap<Action>([
    KeyBinding(.enter, .escape, action: .dismissReadOnlyNotice, help: "close"),
  ])

  /// The keys that apply in `state`.
  package static func keys(for state: State) -> KeyMap<Action> {
    if state.isReadOnlyNoticeShown { return readOnlyNoticeKeys }
    return state.editor == nil ? listKeys : editorKeys
  }
}
