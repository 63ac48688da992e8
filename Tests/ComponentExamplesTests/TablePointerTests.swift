import Testing
import Tide
import TideTerminal
import TideTerminalTesting

/// A user's own small app on ``Table`` alone, public API only: forty files, the selected one
/// named under the table; a press on a row selects it, a press on a header sorts by it.
struct FileTable: Reducer {
  struct File: Identifiable, Sendable {
    var id: Int
    var name: String { "file \(id).txt" }
    var size: String { "\(id * 100) B" }
  }

  struct State: Equatable, Sendable {
    var files = (1...40).map { File(id: $0) }
    var table = Table<File>.State(columns: [.init("Name") { $0.name }, .init("Size", width: .fixed(8)) { $0.size }], height: 10)
    var isQuitting = false

    static func == (left: State, right: State) -> Bool { left.table == right.table && left.isQuitting == right.isQuitting }
  }

  enum Action: Equatable, Sendable {
    case table(Table<File>.Action)
    case quit
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.table, action: ActionPath(embed: Action.table) { if case .table(let a) = $0 { a } else { nil } }) { Table() }
    Reduce { state, action in
      if action == .quit { state.isQuitting = true }
      return .none
    }
  }

  @MainActor
  static func app(clock: VirtualClock) -> TerminalApp<State, Action> {
    var state = State()
    state.table.setRows(state.files)
    return TerminalApp(
      store: Store(initialState: state, reducer: FileTable(), clock: clock),
      view: { state, canvas in
        Table.draw(state.table, rows: state.files, in: Rect(column: 1, row: 1, width: 30, height: 10), on: &canvas, sending: Action.table)
        canvas.draw("Selected: \(state.table.selectedRow(in: state.files)?.name ?? "none")", atColumn: 1, row: 12)
      },
      keyAction: { state, key in key == .character("q") ? .quit : Table.action(for: key, in: state.table).map(Action.table) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}

@MainActor
@Suite("Table and the pointer")
struct TablePointerTests {
  @Test func aClickOnARowSelectsItAfterTheTableHasScrolled() async {
    let clock = VirtualClock()
    let app = FileTable.app(clock: clock)
    await assertReplay(app, clock: clock, script: """
      expect "Selected: file 1.txt"
      click "file 4.txt"
      expect "Selected: file 4.txt"
      keys end
      expect "Selected: file 40.txt"
      click "file 33.txt"
      expect "Selected: file 33.txt"
      keys pgup
      expect "Selected: file 24.txt"
      click "2800 B"
      expect "Selected: file 28.txt"
      click 2 13
      expect "Selected: file 28.txt"
      click "Size"
      expect "Size ▲"
      expect "Selected: file 28.txt"
      click "Size ▲"
      expect "Size ▼"
      """)
    // The line under the table takes no press; a sort keeps the selected file selected.
    #expect(app.store.state.table.selectedID == 28)
    #expect(app.store.state.table.sortColumn == 1 && app.store.state.table.sortsDescending)
  }
  /// The wheel over a table moves its window and the selection with it, three rows a notch,
  /// as over a list; at the end a notch still moves the selection.
  @Test func theWheelScrollsTheTableAndTheSelectionWithIt() async {
    let clock = VirtualClock()
    let app = FileTable.app(clock: clock)
    await assertReplay(app, clock: clock, script: """
      scroll down 2 at "file 3.txt"
      expect "Selected: file 7.txt"
      scroll up at "file 9.txt"
      expect "Selected: file 4.txt"
      """)
    #expect(app.store.state.table.top == 3)
    var table = app.store.state.table
    table.scroll(by: 100)
    #expect(table.cursor == 39 && table.top == 31)
    table.scroll(by: -1)
    #expect(table.cursor == 38 && table.top == 30)
    // An app's scroll by any amount clamps, never overflows.
    table.scroll(by: .min)
    #expect(table.cursor == 0 && table.top == 0)
    table.scroll(by: .max)
    #expect(table.cursor == 39 && table.top == 31)
    var list = SelectionList.State(items: (1...40).map { ListItem("Item \($0)") }, height: 11)
    list.scroll(by: .max)
    #expect(list.cursor == 39 && list.top == 30)
    list.scroll(by: .min)
    #expect(list.cursor == 0 && list.top == 0)
  }
}
