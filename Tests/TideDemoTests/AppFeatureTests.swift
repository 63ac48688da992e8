import Foundation
import Clocks
import Testing
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("App shell")
struct AppFeatureTests {
  func makeStore(_ state: AppFeature.State = AppFeature.State()) -> TestStore<AppFeature.State, AppFeature.Action> {
    let clock = TestClock()
    return TestStore(initialState: state, reducer: AppFeature(), clock: clock)
  }

  @Test func tabAndBackTabCycleTheScreens() async {
    let store = makeStore()
    #expect(store.state.screen == .counter)
    await store.send(.nextScreen) { $0.screen = .stopwatch }
    await store.send(.nextScreen) { $0.screen = .todos }
    await store.send(.nextScreen) { $0.screen = .counter }
    await store.send(.previousScreen) { $0.screen = .todos }
    await store.send(.previousScreen) { $0.screen = .stopwatch }
    await store.send(.previousScreen) { $0.screen = .counter }
    await store.finish()
  }

  @Test func helpTogglesAndQuitQuits() async {
    let store = makeStore()
    await store.send(.help(.toggle)) { $0.help.isShowingAll = true }
    await store.send(.help(.hide)) { $0.help.isShowingAll = false }
    await store.send(.quit) { $0.isQuitting = true }
    await store.finish()
  }

  @Test func saveFailedShowsAWarningThatASuccessfulSaveOrEscClears() async throws {
    let store = makeStore(AppFeature.State(screen: .todos))
    let warning = Warning(
      summary: "Could not save todos to todos.json",
      details: "Could not save todos to /a/very/long/path/to/the/data/folder/of/this/user/todos.json: could not write /a/very/long/path/to/the/data/folder/of/this/user/.todos.json.tmp-42: No space left on device.")
    await store.send(.saveFailed(warning)) { $0.warning = warning }
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(store.state, on: &canvas)
    #expect(canvas.text(ofRow: 22).contains("! Could not save todos to todos.json  ? details  esc hide"))
    // `?` shows the whole reason, wrapped, with the full path.
    await store.send(.help(.toggle)) { $0.help.isShowingAll = true }
    canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(store.state, on: &canvas)
    let screen = (0..<24).map { canvas.text(ofRow: $0) }.joined(separator: "\n")
    // The box's lines, read as one text.
    let boxText = (0..<24).map { canvas.text(ofRow: $0) }.filter { $0.hasPrefix(" │") }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }.joined(separator: " ")
    #expect(boxText == warning.details, "\(screen)")
    await store.send(.help(.toggle)) { $0.help.isShowingAll = false }
    // A later successful save clears it.
    await store.send(.saveSucceeded) { $0.warning = nil }
    // esc dismisses one.
    await store.send(.saveFailed(warning)) { $0.warning = warning }
    let esc = try #require(AppFeature.action(for: .escape, in: store.state))
    await store.send(esc) { $0.warning = nil }
    #expect(AppFeature.action(for: .escape, in: store.state) == nil)
    // A read-only warning stays after a save.
    let readOnly = Warning(summary: "todos.json is read-only", isClearedBySave: false)
    await store.send(.saveFailed(readOnly)) { $0.warning = readOnly }
    await store.send(.saveSucceeded)
    await store.finish()
  }

  @Test func childActionsReachTheirScreensOnly() async {
    let store = makeStore()
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.todos(.startAdding)) {
      $0.todos.editor = TodosFeature.Editor(purpose: .add, input: TextInput.State(characterLimit: Todo.maximumTitleLength))
    }
    await store.send(.todos(.editor(.input(.insert("a"))))) { $0.todos.editor?.input.apply(.insert("a")) }
    await store.send(.todos(.editor(.submit))) {
      $0.todos.editor = nil
      $0.todos.todos = [Todo(id: 1, title: "a")]
      $0.todos.selection = 1
    }
    await store.finish()
  }

  @Test func theStopwatchRunsOnTheAppClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: AppFeature.State(screen: .stopwatch), reducer: AppFeature(), clock: clock)
    await clock.advance(by: .seconds(7))  // time before the start does not count
    await store.send(.stopwatch(.toggle)) {
      $0.stopwatch.startedAt = .seconds(7)
      $0.stopwatch.lastReading = .seconds(7)
    }
    let interval = StopwatchFeature.tickInterval
    await store.receive(.stopwatch(.tick(at: .seconds(7) + tickInstant(1))), timeout: interval) {
      $0.stopwatch.lastReading = .seconds(7) + tickInstant(1)
    }
    await store.send(.stopwatch(.toggle)) {
      $0.stopwatch.accumulated = tickInstant(1)
      $0.stopwatch.startedAt = nil
    }
    await store.finish()
  }

  // MARK: - Key dispatch

  @Test(arguments: [Screen.counter, .stopwatch, .todos])
  func globalKeysOnEveryScreen(screen: Screen) {
    let state = AppFeature.State(screen: screen)
    #expect(AppFeature.action(for: .character("q"), in: state) == .quit)
    #expect(AppFeature.action(for: .control("c"), in: state) == .quit)
    #expect(AppFeature.action(for: .tab, in: state) == .nextScreen)
    #expect(AppFeature.action(for: .backTab, in: state) == .previousScreen)
    #expect(AppFeature.action(for: .character("?"), in: state) == .help(.toggle))
  }

  /// The app's key tables are built once per screen mode; in every mode they must be the
  /// screen's own table for that state (its feature's `keys(for:)`), then the global keys and
  /// `esc` for a warning where the screen takes no text, then ctrl-c.
  @Test func eachScreenModeUsesItsFeaturesTable() {
    func expectLayers(_ state: AppFeature.State, _ screen: KeyMap<AppFeature.Action>, global: Bool, line: Int = #line) {
      let warning: KeyMap<AppFeature.Action> =
        state.warning == nil ? KeyMap([]) : KeyMap([
          KeyBinding(.escape, action: .dismissWarning, help: "dismiss warning", showsInFooter: false)
        ])
      let expected = global ? [screen, AppFeature.globalKeys, warning, AppFeature.alwaysKeys] : [screen, AppFeature.alwaysKeys]
      #expect(AppFeature.screenKeys(for: state).layers == expected, "line \(line)")
    }
    for warning in [nil, Warning(summary: "careful")] {
      var state = AppFeature.State(screen: .counter, warning: warning)
      expectLayers(state, CounterFeature.keys(for: state.counter).map(AppFeature.Action.counter), global: true)
      state.counter.alert = "too far"
      expectLayers(state, CounterFeature.keys(for: state.counter).map(AppFeature.Action.counter), global: false)
      state = AppFeature.State(screen: .stopwatch, warning: warning)
      expectLayers(state, StopwatchFeature.keys.map(AppFeature.Action.stopwatch), global: true)
      state = AppFeature.State(screen: .todos, warning: warning)
      expectLayers(state, TodosFeature.keys(for: state.todos).map(AppFeature.Action.todos), global: true)
      state.todos.editor = TodosFeature.Editor(purpose: .add, input: TextInput.State(characterLimit: Todo.maximumTitleLength))
      expectLayers(state, TodosFeature.keys(for: state.todos).map(AppFeature.Action.todos), global: false)
      state.todos.editor = nil
      state.todos.isReadOnlyNoticeShown = true
      expectLayers(state, TodosFeature.keys(for: state.todos).map(AppFeature.Action.todos), global: false)
    }
  }

  @Test func qTypesWhileTypingButCtrlCStillQuits() {
    var state = AppFeature.State(screen: .todos)
    state.todos.editor = TodosFeature.Editor(purpose: .add, input: TextInput.State(characterLimit: Todo.maximumTitleLength))
    #expect(AppFeature.action(for: .character("q"), in: state) == .todos(.editor(.input(.insert("q")))))
    #expect(AppFeature.action(for: .character("?"), in: state) == .todos(.editor(.input(.insert("?")))))
    #expect(AppFeature.action(for: .tab, in: state) == nil)
    #expect(AppFeature.action(for: .backTab, in: state) == nil)
    #expect(AppFeature.action(for: .control("c"), in: state) == .quit)
  }

  @Test(arguments: [Screen.counter, .stopwatch, .todos])
  func whileHelpIsShownOnlyHelpAndQuitKeysWork(screen: Screen) {
    var state = AppFeature.State(screen: screen)
    state.help.isShowingAll = true
    #expect(AppFeature.action(for: .character("?"), in: state) == .help(.hide))
    #expect(AppFeature.action(for: .escape, in: state) == .help(.hide))
    #expect(AppFeature.action(for: .character("q"), in: state) == .quit)
    #expect(AppFeature.action(for: .control("c"), in: state) == .quit)
    for key: Key in [.tab, .backTab, .character("+"), .character("s"), .character("a"), .enter] {
      #expect(AppFeature.action(for: key, in: state) == nil, "key \(key)")
    }
  }

  @Test func theFooterAndTheHelpOverlayComeFromTheBindings() {
    var state = AppFeature.State(screen: .counter)
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(state, on: &canvas)
    let footer = canvas.text(ofRow: 23)
    for help in ["increment", "decrement", "reset", "next screen", "help", "quit"] {
      #expect(footer.contains(help), "footer: \(footer)")
    }
    state.help.isShowingAll = true
    canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(state, on: &canvas)
    let screen = canvas.text()
    #expect(screen.contains("Keys: Counter"))
    for help in CounterFeature.keys.helpEntries.map(\.help) + AppFeature.globalKeys.helpEntries.map(\.help) {
      #expect(screen.contains(help), "overlay lacks \(help)")
    }
    #expect(screen.contains("close help"))
  }

  @Test func theHeaderHighlightsTheCurrentTab() {
    for screen in Screen.allCases {
      var canvas = Canvas(columns: 80, rows: 24)
      AppFeature.draw(AppFeature.State(screen: screen), on: &canvas)
      #expect(canvas.text(ofRow: 0).contains(" Counter   Stopwatch   Todos "))
      let column = canvas.text(ofRow: 0).distance(
        of: " \(screen.title) ")
      #expect(canvas[column + 1, 0].style.reverse, "\(screen) tab not highlighted")
      for other in Screen.allCases where other != screen {
        let otherColumn = canvas.text(ofRow: 0).distance(of: " \(other.title) ")
        #expect(!canvas[otherColumn + 1, 0].style.reverse)
      }
    }
  }
}

extension String {
  /// The column (in characters) where `needle` starts; -1 if absent.
  func distance(of needle: String) -> Int {
    guard let range = range(of: needle) else { return -1 }
    return self[..<range.lowerBound].count
  }
}
