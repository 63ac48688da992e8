import TideTerminal

extension InspectorBrowser {
  /// The inspector's own keys, in every pane.
  static let commandKeys = KeyMap<Action>([
    KeyBinding(.home, .character("g"), action: .jumpToStart, help: "start"),
    KeyBinding(.end, .character("G"), action: .jumpToEnd, help: "end"),
    KeyBinding(.character(":"), action: .chooseStep, help: "step"),
    KeyBinding(.character("c"), action: .chooseField, help: "field"),
    KeyBinding(.character("["), action: .previousChange, help: "prev change"),
    KeyBinding(.character("]"), action: .nextChange, help: "next change"),
    KeyBinding(.tab, action: .toggleFocus, help: "pane"),
    KeyBinding(.character("?"), action: .help(.toggle), help: "help"),
    KeyBinding(.character("q"), .control("c"), action: .quit, help: "quit"),
  ])

  /// The keys of live time travel, when the inspector is attached to a running app.
  static let liveKeys = KeyMap<Action>([
    KeyBinding(.character("t"), action: .travel, help: "put app here"),
    KeyBinding(.character("r"), action: .resume, help: "resume app"),
  ])

  /// The keys of the field prompt: enter follows the field, esc leaves it as it was.
  static let fieldKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .acceptPrompt, help: "follow field"),
    KeyBinding(.escape, action: .cancelPrompt, help: "cancel"),
  ]).followed(by: TextInput.keys.map(Action.promptInput))

  /// The keys of the step prompt: enter jumps to the step, esc stays.
  static let stepKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .acceptPrompt, help: "go"),
    KeyBinding(.escape, action: .cancelPrompt, help: "cancel"),
  ]).followed(by: TextInput.keys.map(Action.promptInput))

  /// Every key of the inspector, for the `?` overlay.
  static var helpEntries: [KeyHelp] {
    // The list's home and end are the inspector's start and end: listed once.
    let own = commandKeys.helpEntries
    let list = SelectionList<ListItem>.browsingKeys.helpEntries.filter { entry in !own.contains { $0.keys == entry.keys } }
    return own + list + [KeyHelp(keys: "tab, then ↑ ↓ pgup pgdn", help: "scroll the step's changes")]
  }

  /// The keys that apply in `state`: the open help's, the prompt's, the filter's, or the list's
  /// or the detail's with the inspector's own.
  static func keys(for state: State) -> KeyMap<Action> {
    if state.help.isShowingAll { return Help.fullHelpKeys(entryCount: helpEntries.count).map(Action.help) }
    switch state.prompt {
    case .field: return fieldKeys
    case .step: return stepKeys
    case nil: break
    }
    if state.steps.isFiltering { return SelectionList<ListItem>.filteringKeys.map(Action.steps) }
    let own = state.isLive ? liveKeys.followed(by: commandKeys) : commandKeys
    switch state.focus {
    case .steps:
      return own.followed(by: SelectionList.keys(for: state.steps).map(Action.steps))
    case .detail:
      return own.followed(by: Viewport.keys.map(Action.detail))
    }
  }

  /// The action a bracketed paste of `text` stands for: typed into the open prompt or the
  /// filter, else nothing (a paste is never taken for keys).
  package static func action(forPaste text: String, in state: State) -> Action? {
    if state.help.isShowingAll { return nil }
    if state.prompt != nil { return .promptInput(.paste(text)) }
    if state.steps.isFiltering { return .steps(.query(.paste(text))) }
    return nil
  }

  /// The action for `key` in `state`; while typing, a character goes to the text field.
  package static func action(for key: Key, in state: State) -> Action? {
    if let action = keys(for: state).action(for: key) { return action }
    if state.prompt != nil { return TextInput.action(for: key).map(Action.promptInput) }
    if state.steps.isFiltering { return SelectionList.action(for: key, in: state.steps).map(Action.steps) }
    return nil
  }
}
