import Testing
import Tide
import TideTerminal
import TideTerminalTesting

/// Issue 39: a component embedded in a feature that is itself embedded in the app. The
/// feature's draw function knows only its own action type, as a reusable feature should; its
/// list's hit regions must still reach the app's Action, through the scope the app draws it in,
/// and a region that cannot reach it must be reported where it is drawn, never ignored.
@Suite("A component's clicks inside a parent feature")
@MainActor
struct EmbeddedComponentClickTests {
  /// A feature written once and embedded in apps: a plan picker.
  struct PlanPicker: Reducer {
    struct State: Equatable {
      var plans = SelectionList.State(items: [.init("Free"), .init("Team"), .init("Enterprise")])
    }
    enum Action: Equatable, Sendable {
      case plans(SelectionList<ListItem>.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.plans, embed: Action.plans, extract: { if case .plans(let action) = $0 { action } else { nil } }) {
        SelectionList()
      }
    }
    /// Draws the picker; its regions send the picker's own actions.
    static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas) {
      canvas.draw("Choose a plan", atColumn: rect.column, row: rect.row, style: canvas.theme.title)
      let list = Rect(column: rect.column, row: rect.row + 1, width: rect.width, height: rect.height - 1)
      SelectionList.draw(state.plans, in: list, on: &canvas, sending: { Action.plans($0) })
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var picker = PlanPicker.State()
    }
    enum Action: Equatable, Sendable {
      case picker(PlanPicker.Action)
      case quit
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.picker, embed: Action.picker, extract: { if case .picker(let action) = $0 { action } else { nil } }) {
        PlanPicker()
      }
    }
  }

  func app(clock: VirtualClock, scoped: Bool) -> TerminalApp<App.State, App.Action> {
    let store = Store(initialState: App.State(), reducer: App(), clock: clock)
    return TerminalApp(
      store: store,
      view: { state, canvas in
        let rect = Rect(column: 0, row: 0, width: 40, height: 6)
        if scoped {
          canvas.withActionScope(App.Action.picker) { PlanPicker.draw(state.picker, in: rect, on: &$0) }
        } else {
          PlanPicker.draw(state.picker, in: rect, on: &canvas)
        }
        canvas.draw("Plan: \(state.picker.plans.selectedItem?.title ?? "none")", atColumn: 0, row: 8)
      },
      keyAction: { _, key in key == .character("q") ? .quit : nil },
      quitAction: .quit, isFinished: { _ in false }, acceptsPointer: true)
  }

  @Test func aClickOnTheEmbeddedListReachesTheApp() async {
    let clock = VirtualClock()
    await assertReplay(app(clock: clock, scoped: true), clock: clock, script: """
      expect "Plan: Free"
      click "Team"
      expect "Plan: Team"
      click "Enterprise"
      expect "Plan: Enterprise"
      """, size: TerminalSize(columns: 40, rows: 12))
  }

  /// Drawn outside the scope, the picker's regions send `PlanPicker.Action` where the app takes
  /// `App.Action`: reported when drawn, naming both types and the fix.
  @Test func aRegionOfTheWrongActionTypeIsReportedWhenDrawn() async {
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(app(clock: clock, scoped: false), clock: clock, script: """
        click "Team"
        """, size: TerminalSize(columns: 40, rows: 12))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("PlanPicker.Action") && $0.rawValue.contains("App.Action")
          && $0.rawValue.contains("withActionScope")
      }
    }
  }
}
