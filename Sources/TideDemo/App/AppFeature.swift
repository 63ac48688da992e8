import Tide
import TideTerminal

/// The demo app: three screens under tabs, a help overlay, and quitting. Each screen is its own
/// feature, composed here with ``Scope``.
package struct AppFeature: Reducer, Sendable {
  /// The whole app's state.
  package struct State: Equatable, Sendable, Codable {
    /// The screen shown.
    package var screen: Screen
    /// The Counter screen.
    package var counter = CounterFeature.State()
    /// The Stopwatch screen.
    package var stopwatch = StopwatchFeature.State()
    /// The Todos screen.
    package var todos: TodosFeature.State
    /// The footer's key help and the `?` overlay: TideTerminal's ``Help`` component.
    package var help = Help.State()
    /// A warning above the footer (a corrupt, read-only or unwritable todo file): its summary
    /// on the line, its details under `?`.
    package var warning: Warning?
    /// Set when the app should end.
    package var isQuitting = false

    /// The app on `screen`, with `todos` loaded (read-only, for `readOnly`'s reason, if given).
    package init(screen: Screen = .counter, todos: [Todo] = [], warning: Warning? = nil, readOnly: ReadOnlyReason? = nil) {
      self.screen = screen
      self.todos = TodosFeature.State(todos: todos, readOnly: readOnly)
      self.warning = warning
    }

    /// Whether the `?` overlay is shown.
    package var isHelpShown: Bool { help.isShowingAll }
  }

  /// Everything the app can do.
  package enum Action: Equatable, Sendable, Codable {
    /// A Counter action.
    case counter(CounterFeature.Action)
    /// A Stopwatch action.
    case stopwatch(StopwatchFeature.Action)
    /// A Todos action.
    case todos(TodosFeature.Action)
    /// `tab`.
    case nextScreen
    /// Shows this screen (a press on its tab).
    case showScreen(Screen)
    /// `btab`.
    case previousScreen
    /// The `?` overlay: opening, closing and scrolling it.
    case help(Help.Action)
    /// `q`, ctrl-c, or a signal.
    case quit
    /// Saving the todos failed; shows why.
    case saveFailed(Warning)
    /// A save succeeded: a warning it makes obsolete goes away.
    case saveSucceeded
    /// `esc` on a shown warning.
    case dismissWarning

    static let counterPath = ActionPath<Action, CounterFeature.Action>(embed: Action.counter) {
      if case .counter(let action) = $0 { action } else { nil }
    }
    static let stopwatchPath = ActionPath<Action, StopwatchFeature.Action>(embed: Action.stopwatch) {
      if case .stopwatch(let action) = $0 { action } else { nil }
    }
    static let helpPath = ActionPath<Action, Help.Action>(embed: Action.help) {
      if case .help(let action) = $0 { action } else { nil }
    }
    static let todosPath = ActionPath<Action, TodosFeature.Action>(embed: Action.todos) {
      if case .todos(let action) = $0 { action } else { nil }
    }
  }

  /// Creates the app; all its time comes from the store's clock, through effects.
  package init() {}

  /// The three screens, each scoped to its part of the state, then the shell's own logic.
  package var body: some Reducer<State, Action> {
    Scope(state: \State.counter, action: Action.counterPath) { CounterFeature() }
    Scope(state: \State.stopwatch, action: Action.stopwatchPath) { StopwatchFeature() }
    Scope(state: \State.todos, action: Action.todosPath) { TodosFeature() }
    Scope(state: \State.help, action: Action.helpPath) { Help() }
    Reduce<State, Action> { state, action in
      switch action {
      case .nextScreen:
        state.screen = state.screen.next
      case .showScreen(let screen):
        state.screen = screen
      case .previousScreen:
        state.screen = state.screen.previous
      case .quit:
        state.isQuitting = true
      case .saveFailed(let warning):
        state.warning = warning
      case .saveSucceeded:
        if state.warning?.isClearedBySave == true { state.warning = nil }
      case .dismissWarning:
        state.warning = nil
      case .counter, .stopwatch, .todos, .help:
        break
      }
      return .none
    }
  }
}
