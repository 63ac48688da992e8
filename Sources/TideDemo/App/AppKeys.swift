import TideTerminal

extension AppFeature {
  /// Keys that work always, whatever is shown or typed: bound once, here.
  package static let alwaysKeys = KeyMap<Action>([
    KeyBinding(.control("c"), action: .quit, help: "quit", showsInFooter: false),
  ])

  /// Keys that work on every screen unless it is taking text or showing an alert.
  package static let globalKeys = KeyMap<Action>([
    KeyBinding(.tab, action: .nextScreen, help: "next screen"),
    KeyBinding(.backTab, action: .previousScreen, help: "previous screen", showsInFooter: false),
  ]).followed(by: Help.keys.map(Action.help)).followed(by: quitKeys)

  static let quitKeys = KeyMap<Action>([KeyBinding(.character("q"), action: .quit, help: "quit")])

  /// The keys while the help overlay is open: the ``Help`` component's (close, scroll through
  /// the entries of `state`), and `q`.
  package static func helpKeys(for state: State) -> KeyMap<Action> {
    Help.fullHelpKeys(entryCount: helpEntries(for: state).count).map(Action.help).followed(by: quitKeys)
  }

  /// The current screen's layers, as if no overlay were open: the screen's keys, then the global
  /// ones (unless the screen takes text or shows an alert), then the keys that work always; on
  /// the todo input line, unbound characters are typed. The tables of each screen's modes are
  /// built once (`ScreenKeyTables`): they are looked up at every key, and lifting a screen's
  /// table into the app's actions copies every binding.
  package static func screenKeys(for state: State) -> KeyLayers<Action> {
    let warns = state.warning != nil
    switch state.screen {
    case .counter:
      if state.counter.alert != nil { return KeyLayers(ScreenKeyTables.counterAlert) }
      return KeyLayers(warns ? ScreenKeyTables.counterWarning : ScreenKeyTables.counter)
    case .stopwatch:
      return KeyLayers(warns ? ScreenKeyTables.stopwatchWarning : ScreenKeyTables.stopwatch)
    case .todos:
      if state.todos.isReadOnlyNoticeShown { return KeyLayers(ScreenKeyTables.todosNotice) }
      guard state.todos.editor != nil else {
        return KeyLayers(warns ? ScreenKeyTables.todosListWarning : ScreenKeyTables.todosList)
      }
      return KeyLayers(ScreenKeyTables.todosEditor, textEntry: { .todos(.editor(.input(.insert($0)))) })
    }
  }

  /// `esc` dismisses a shown warning (where `esc` means nothing else).
  static let dismissWarningKeys = KeyMap<Action>([
    KeyBinding(.escape, action: .dismissWarning, help: "dismiss warning", showsInFooter: false),
  ])

  /// The keys that apply in `state`: the help overlay's while it is open, else the screen's.
  package static func keys(for state: State) -> KeyLayers<Action> {
    state.isHelpShown ? KeyLayers([helpKeys(for: state), alwaysKeys]) : screenKeys(for: state)
  }

  /// The action for `key` in `state`, or `nil` to ignore it.
  package static func action(for key: Key, in state: State) -> Action? {
    keys(for: state).action(for: key)
  }

  /// The action for a bracketed paste: text for the input line when it is open, nothing
  /// anywhere else — pasted text never runs as key commands.
  package static func action(forPaste text: String, in state: State) -> Action? {
    guard !state.isHelpShown, state.screen == .todos, state.todos.editor != nil else { return nil }
    return .todos(.editor(.input(.paste(text))))
  }
}

/// The layers of each screen in each of its modes, in the app's actions: the screen's table as
/// its feature's `keys(for:)` gives it in that mode, then the global keys and `esc` for a shown
/// warning where the screen takes no text, then the keys that work always.
/// `AppKeysTests` checks them against the features' own tables.
enum ScreenKeyTables {
  typealias Action = AppFeature.Action

  static let counter = screen(CounterFeature.keys.map(Action.counter), warning: false)
  static let counterWarning = screen(CounterFeature.keys.map(Action.counter), warning: true)
  static let counterAlert = [CounterFeature.alertKeys.map(Action.counter), AppFeature.alwaysKeys]
  static let stopwatch = screen(StopwatchFeature.keys.map(Action.stopwatch), warning: false)
  static let stopwatchWarning = screen(StopwatchFeature.keys.map(Action.stopwatch), warning: true)
  static let todosList = screen(TodosFeature.listKeys.map(Action.todos), warning: false)
  static let todosListWarning = screen(TodosFeature.listKeys.map(Action.todos), warning: true)
  static let todosNotice = [TodosFeature.readOnlyNoticeKeys.map(Action.todos), AppFeature.alwaysKeys]
  static let todosEditor = [TodosFeature.editorKeys.map(Action.todos), AppFeature.alwaysKeys]

  private static func screen(_ keys: KeyMap<Action>, warning: Bool) -> [KeyMap<Action>] {
    [keys, AppFeature.globalKeys, warning ? AppFeature.dismissWarningKeys : KeyMap([]), AppFeature.alwaysKeys]
  }
}
