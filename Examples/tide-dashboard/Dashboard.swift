// tide-dashboard: Tabs (Overview, Table); a sortable, filterable Table of 1,000 generated
// services; a BarChart, a Sparkline and a ProgressBar fed by a timer on the app's clock; q quits.
// Built only on TideTerminal's public components.

import Tide
import TideTerminal
import TideTerminalCommand

/// A row of the table: a service made from its number alone, the same on every run.
struct Service: Identifiable, Equatable, Sendable {
  static let kinds = ["api", "auth", "cache", "db", "queue", "search", "web"]
  static let regions = ["eu-west", "us-east", "ap-south", "sa-east"]
  var id: Int
  var name: String { "\(Self.kinds[id % 7])-\(id + 1)" }
  var region: String { Self.regions[id * 7 / 3 % 4] }
  var cpu: Int { (id * 37 + 11) % 100 }
  var requests: Int { id * 7919 % 5000 }
}

/// The app's feature: the tabs, the table of services and the charts a timer feeds.
struct Dashboard: Reducer {
  struct State: Equatable, Sendable {
    var tabs = Tabs.State(titles: ["Overview", "Table"])
    var services = (0..<1_000).map(Service.init(id:))
    var table = Table<Service>.State(columns: [
      .init("Service") { $0.name }, .init("Region", width: .fixed(9)) { $0.region },
      .init("CPU %", width: .fixed(7), alignment: .trailing) { "\($0.cpu)" },
      .init("Req/s", width: .fixed(7), alignment: .trailing) { "\($0.requests)" },
    ])
    var load = BarChart.State(range: 0...100)
    var traffic = Sparkline.State(capacity: 120, range: 0...1000)
    var rollout = ProgressBar.State()
    var isQuitting = false

    init() { table.setRows(services) }
  }

  enum Action: Equatable, Sendable {
    case start, tick(at: Duration), resize(TerminalSize), quit
    case tabs(Tabs.Action), table(Table<Service>.Action)
  }

  static let tabs = ActionPath<Action, Tabs.Action>(embed: Action.tabs) { if case .tabs(let a) = $0 { a } else { nil } }
  static let table = ActionPath<Action, Table<Service>.Action>(embed: Action.table) {
    if case .table(let a) = $0 { a } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.tabs, action: Self.tabs) { Tabs() }
    Scope(state: \State.table, action: Self.table) { Table() }
    Reduce { state, action in
      switch action {
      case .start: return .timer(after: .zero, every: .milliseconds(500)) { .tick(at: $0) }
      case .tick(let instant):
        // Samples made from the time alone, so a replay draws the same charts.
        let step = Int(instant / .milliseconds(500))
        let wave: Int = abs(step % 20 - 10) * 25
        state.traffic.append(Double(400 + step * 7919 % 300 + wave))
        state.load.bars = Service.regions.indices.map { (region: Int) -> BarChart.Bar in
          let percent: Int = (step * (region + 3) * 13 + region * 29) % 100
          return BarChart.Bar(Service.regions[region], value: Double(percent))
        }
        state.rollout.setFraction(min(1, Double(step) / 60))
      case .resize(let size): state.table.resize(height: Self.layout(size.bounds).body.height)
      case .quit: state.isQuitting = true
      case .tabs, .table: break
      }
      return .none
    }
  }

  static let keys = KeyMap<Action>([KeyBinding(.character("q"), action: .quit, help: "quit")])
    .followed(by: Tabs.keys.map(Action.tabs))

  /// The table's keys on its tab (all of them while its filter is typed), the app's otherwise.
  static func action(for key: Key, in state: State) -> Action? {
    let table = state.tabs.selected == 1 ? Table.action(for: key, in: state.table).map(Action.table) : nil
    return state.table.isFiltering ? table : keys.action(for: key) ?? table
  }

  static func layout(_ screen: Rect) -> (tabs: Rect, body: Rect, help: Rect) {
    let rows = screen.rows([.fixed(1), .fixed(1), .fill(), .fixed(1)])
    return (rows[0], rows[2], rows[3])
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    Tabs.draw(state.tabs, in: parts.tabs, on: &canvas, isFocused: true, sending: { Action.tabs($0) })
    var help = keys
    if state.tabs.selected == 1 {
      Table.draw(state.table, rows: state.services, in: parts.body, on: &canvas, sending: { Action.table($0) })
      let tableKeys = Table.keys(for: state.table).map(Action.table)
      help = state.table.isFiltering ? tableKeys : help.followed(by: tableKeys)
    } else {
      let rows = parts.body.rows([.fixed(1), .fixed(4), .fixed(1), .fixed(1), .fixed(4), .fixed(1), .fixed(1), .fixed(1)])
      let label = canvas.theme.title
      canvas.draw("Requests/s (last minute)", atColumn: rows[0].column, row: rows[0].row, style: label)
      Sparkline.draw(state.traffic, in: rows[1], on: &canvas)
      canvas.draw("CPU by region", atColumn: rows[3].column, row: rows[3].row, style: label)
      BarChart.draw(state.load, in: rows[4], on: &canvas)
      canvas.draw("Rollout", atColumn: rows[6].column, row: rows[6].row, style: label)
      ProgressBar.draw(state.rollout, in: rows[7], on: &canvas)
    }
    Help.drawShort(help.helpLine(maxWidth: parts.help.width), in: parts.help, on: &canvas)
  }

  @MainActor
  static func app(launch: TerminalLaunch) -> TerminalApp<State, Action> {
    let store = launch.store(initialState: State(), reducer: Dashboard())
    store.send(.start)
    return TerminalApp(
      store: store,
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in state.table.isFiltering ? .table(.query(.paste(text))) : nil },
      resizeAction: { size in .resize(size) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
