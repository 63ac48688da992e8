import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTesting

@testable import tide_list

/// Issue 39: `Dialog` and `Button` as an app uses them. tide-list asks before deleting, by keys
/// and by clicks; a feature embedded in an app draws a dialog and a button whose clicks reach
/// the app through the scope it is drawn in.
@MainActor
@Suite("Dialogs and buttons in apps")
struct DialogExampleTests {
  static let size = TerminalSize(columns: 40, rows: 12)

  @Test func theListAsksBeforeDeletingAndTheDialogTakesEveryKey() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock, size: Self.size))
    await assertReplay(
      app, clock: clock, scriptFile: "Scripts/list-delete-keys.keys", golden: "Goldens/list-delete-keys.screen",
      size: Self.size)
    #expect(app.store.state.items.count == 49 && app.store.state.list.rowCount == 49)
    #expect(!app.store.state.items.contains { $0.title == "Item 3" })
    #expect(!app.store.state.list.isFiltering && !app.store.state.isQuitting)
    #expect(app.store.state.dialog?.focused == .confirm)
  }

  /// Below the app's minimum size the screen shows only "Terminal too small": keys the user
  /// cannot see the effect of must not act (`d tab enter` deleted an item unseen); the app's
  /// quit key and ctrl-c still quit.
  @Test(arguments: ["q", "ctrl-c"])
  func keysDoNothingWhileTheTerminalIsTooSmallButQuitKeysQuit(quitKey: String) async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock, size: Self.size))
    await assertReplay(
      app, clock: clock,
      script: """
        resize 20x5
        expect "Terminal too small"
        keys d tab enter down down
        paste "x"
        resize 40x12
        expect "50 items"
        expect "> Item 1"
        expect-not "Delete item?"
        resize 1x1
        keys d
        keys \(quitKey)
        """, size: Self.size)
    #expect(app.store.state.items.count == 50)
    #expect(app.store.state.isQuitting)
  }

  @Test func clicksUnderTheDialogDoNothingAndItsButtonsAnswer() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock, size: Self.size))
    await assertReplay(
      app, clock: clock, scriptFile: "Scripts/list-delete-click.keys", golden: "Goldens/list-delete-click.screen",
      size: Self.size)
    #expect(app.store.state.items.map(\.title).prefix(3) == ["Item 1", "Item 3", "Item 4"])
    #expect(app.store.state.list.ids.prefix(3) == [1, 3, 4])
    #expect(app.store.state.list.top == 0)
  }

  /// The answer is state like any other: deleting the last item selects the one before it, an
  /// empty list asks nothing, and cancelling keeps every item.
  @Test func theAnswerIsState() async {
    let store = TestStore(initialState: Chooser.State(items: 2), reducer: Chooser())
    await store.send(.list(.move(.last))) { $0.list.select(position: 1) }
    await store.send(.delete) { $0.dialog = .confirm("Delete item?", message: "Item 2 goes for good.", confirm: "Delete") }
    await store.send(.dialog(.choose(.cancel))) { $0.dialog = nil }
    await store.send(.delete) { $0.dialog = .confirm("Delete item?", message: "Item 2 goes for good.", confirm: "Delete") }
    await store.send(.dialog(.choose(.confirm))) {
      $0.dialog = nil
      $0.items.removeLast()
      $0.list.setRows($0.items, title: \.title)
    }
    #expect(store.state.list.selectedRow(in: store.state.items)?.title == "Item 1")
    await store.send(.delete) { $0.dialog = .confirm("Delete item?", message: "Item 1 goes for good.", confirm: "Delete") }
    await store.send(.dialog(.choose(.confirm))) {
      $0.dialog = nil
      $0.items = []
      $0.list.setRows([], title: \.title)
    }
    await store.send(.delete)
    await store.finish()
  }

  /// A feature written once: a button that asks, and the dialog that asks. Its draw function
  /// knows only its own action type.
  struct Eraser: Reducer {
    struct State: Equatable {
      var erase = Button.State("Erase all")
      var dialog: Dialog.State?
      var erased = 0
    }
    enum Action: Equatable, Sendable {
      case erase(Button.Action)
      case dialog(Dialog.Action)
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .erase(.press): state.dialog = .confirm("Erase?", message: "Everything goes.", confirm: "Erase")
        case .dialog(.choose(let choice)):
          if choice == .confirm { state.erased += 1 }
          state.dialog = nil
        case .dialog: break
        }
        return .none
      }
      .ifLet(\State.dialog, action: ActionPath(embed: Action.dialog) { if case .dialog(let a) = $0 { a } else { nil } }) {
        Dialog()
      }
    }
    static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas) {
      Button.draw(state.erase, in: rect, on: &canvas, sending: { Action.erase($0) })
      if let dialog = state.dialog { Dialog.draw(dialog, in: canvas.bounds, on: &canvas, sending: { Action.dialog($0) }) }
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var eraser = Eraser.State()
    }
    enum Action: Equatable, Sendable {
      case eraser(Eraser.Action)
      case quit
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.eraser, embed: Action.eraser, extract: { if case .eraser(let action) = $0 { action } else { nil } }) {
        Eraser()
      }
    }
  }

  func app(clock: VirtualClock) -> TerminalApp<App.State, App.Action> {
    TerminalApp(
      store: Store(initialState: App.State(), reducer: App(), clock: clock),
      view: { state, canvas in
        canvas.withActionScope(App.Action.eraser) {
          Eraser.draw(state.eraser, in: Rect(column: 2, row: 1, width: 20, height: 1), on: &$0)
        }
        canvas.draw("Erased \(state.eraser.erased)", atColumn: 0, row: 10)
      },
      keyAction: { state, key in
        state.eraser.dialog.flatMap { Dialog.action(for: key, in: $0) }.map { .eraser(.dialog($0)) }
      },
      quitAction: .quit, isFinished: { _ in false }, acceptsPointer: true)
  }

  /// The button's click and the dialog's clicks reach the app through the scope the feature is
  /// drawn in; the button under the dialog takes none.
  @Test func aFeaturesButtonAndDialogReachTheAppThroughItsScope() async {
    let clock = VirtualClock()
    let app = app(clock: clock)
    await assertReplay(app, clock: clock, script: """
      click "Erase all"
      expect "┌ Erase? "
      click 5 2
      expect "┌ Erase? "
      click "[ Cancel ]"
      expect-not "Erase?"
      expect "Erased 0"
      click "Erase all"
      click "[ Erase ]"
      expect "Erased 1"
      click "Erase all"
      keys tab enter
      expect "Erased 2"
      """, size: Self.size)
    #expect(app.store.state.eraser.dialog == nil)
  }

  /// Drawn without the scope, the dialog's buttons send `Eraser.Action` where the app takes
  /// `App.Action`: reported when drawn, never a click that silently does nothing.
  @Test func aDialogDrawnOutsideItsScopeIsReportedWhenDrawn() {
    var canvas = Canvas(columns: 40, rows: 12)
    canvas.withActionScope(App.Action.eraser) {
      Eraser.draw(Eraser.State(dialog: .alert("Done")), in: Rect(column: 0, row: 0, width: 20, height: 1), on: &$0)
    }
    withKnownIssue {
      canvas.withActionScope({ (action: App.Action) in action }) {
        Eraser.draw(Eraser.State(dialog: .alert("Done")), in: Rect(column: 0, row: 0, width: 20, height: 1), on: &$0)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Eraser.Action") && $0.rawValue.contains("App.Action") }
    }
  }
}
