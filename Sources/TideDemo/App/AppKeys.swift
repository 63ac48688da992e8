import TideTerminal

extension AppFeature {
  /// Keys that work on every screen (unless a screen is taking text or showing an alert).
  public static let globalKeys = KeyMap<Action>([
    KeyBinding(.tab, action: .nextScreen, help: "next screen"),
    KeyBinding(.backTab, action: .previousScreen, help: "previous screen", showsInFooter: false),
    KeyBinding(.character("?"), action: .toggleHelp, help: "help"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
    KeyBinding(.control("c"), action: .quit, help: "quit", showsInFooter: false),
  ])

  /// The keys while the help overlay is open.
  public static let helpKeys = KeyMap<Action>([
    KeyBinding(.character("?"), .escape, action: .toggleHelp, help: "close help"),
    KeyBinding(.down, .character("j"), action: .scrollHelp(1), help: "scroll", showsInFooter: false),
    KeyBinding(.up, .character("k"), action: .scrollHelp(-1), help: "scroll back", showsInFooter: false),
    KeyBinding(.pageDown, action: .scrollHelp(5), help: "", showsInFooter: false),
    KeyBinding(.pageUp, action: .scrollHelp(-5), help: "", showsInFooter: false),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
    KeyBinding(.control("c"), action: .quit, help: "quit", showsInFooter: false),
  ])

  /// The keys that apply in `state`, screen keys first, as the footer and overlay list them.
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isHelpShown { return helpKeys }
    let quitOnly = KeyMap<Action>([KeyBinding(.control("c"), action: .quit, help: "quit", showsInFooter: false)])
    switch state.screen {
    case .counter:
      let counter = CounterFeature.keys(for: state.counter).map(Action.counter)
      return state.counter.alert == nil ? counter.followed(by: globalKeys) : counter.followed(by: quitOnly)
    case .stopwatch:
      return StopwatchFeature.keys.map(Action.stopwatch).followed(by: globalKeys)
    case .todos:
      let todos = TodosFeature.keys(for: state.todos).map(Action.todos)
      return state.todos.editor == nil ? todos.followed(by: globalKeys) : todos.followed(by: quitOnly)
    }
  }

  /// The action for `key` in `state`, or `nil` to ignore it.
  public static func action(for key: Key, in state: State) -> Action? {
    if let action = keys(for: state).action(for: key) { return action }
    if !state.isHelpShown, state.screen == .todos, state.todos.editor != nil,
      let typed = TodosFeature.action(for: key, in: state.todos)
    {
      return .todos(typed)
    }
    return nil
  }

  /// The action for a bracketed paste: text for the input line when it is open, nothing
  /// anywhere else — pasted text never runs as key commands.
  public static func action(forPaste text: String, in state: State) -> Action? {
    guard !state.isHelpShown, state.screen == .todos, state.todos.editor != nil else { return nil }
    return .todos(.editor(.paste(text)))
  }
}
