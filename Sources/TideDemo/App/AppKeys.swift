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
    KeyBinding(.character("?"), action: .toggleHelp, help: "help"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// The keys while the help overlay is open.
  package static let helpKeys = KeyMap<Action>([
    KeyBinding(.character("?"), .escape, action: .toggleHelp, help: "close help"),
    KeyBinding(.down, .character("j"), action: .scrollHelp(1), help: "scroll", showsInFooter: false),
    KeyBinding(.up, .character("k"), action: .scrollHelp(-1), help: "scroll back", showsInFooter: false),
    KeyBinding(.pageDown, action: .scrollHelp(5), help: "", showsInFooter: false),
    KeyBinding(.pageUp, action: .scrollHelp(-5), help: "", showsInFooter: false),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// The current screen's layers, as if no overlay were open: the screen's keys, then the global
  /// ones (unless the screen takes text or shows an alert), then the keys that work always; on
  /// the todo input line, unbound characters are typed.
  package static func screenKeys(for state: State) -> KeyLayers<Action> {
    switch state.screen {
    case .counter:
      let counter = CounterFeature.keys(for: state.counter).map(Action.counter)
      return KeyLayers(
        state.counter.alert == nil ? [counter, globalKeys, warningKeys(state), alwaysKeys] : [counter, alwaysKeys])
    case .stopwatch:
      return KeyLayers([StopwatchFeature.keys.map(Action.stopwatch), globalKeys, warningKeys(state), alwaysKeys])
    case .todos:
      let todos = TodosFeature.keys(for: state.todos).map(Action.todos)
      if state.todos.isReadOnlyNoticeShown { return KeyLayers([todos, alwaysKeys]) }
      guard state.todos.editor != nil else { return KeyLayers([todos, globalKeys, warningKeys(state), alwaysKeys]) }
      return KeyLayers([todos, alwaysKeys], textEntry: { .todos(.editor(.insert($0))) })
    }
  }

  /// `esc` dismisses a shown warning (where `esc` means nothing else).
  static func warningKeys(_ state: State) -> KeyMap<Action> {
    state.warning == nil
      ? KeyMap([]) : KeyMap([KeyBinding(.escape, action: .dismissWarning, help: "dismiss warning", showsInFooter: false)])
  }

  /// The keys that apply in `state`: the help overlay's while it is open, else the screen's.
  package static func keys(for state: State) -> KeyLayers<Action> {
    state.isHelpShown ? KeyLayers([helpKeys, alwaysKeys]) : screenKeys(for: state)
  }

  /// The action for `key` in `state`, or `nil` to ignore it.
  package static func action(for key: Key, in state: State) -> Action? {
    keys(for: state).action(for: key)
  }

  /// The action for a bracketed paste: text for the input line when it is open, nothing
  /// anywhere else — pasted text never runs as key commands.
  package static func action(forPaste text: String, in state: State) -> Action? {
    guard !state.isHelpShown, state.screen == .todos, state.todos.editor != nil else { return nil }
    return .todos(.editor(.paste(text)))
  }
}
