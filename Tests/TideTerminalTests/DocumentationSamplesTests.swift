import Foundation
import Testing
import Tide
import TideTerminal
import TideTesting
import TideTerminalTesting

// The code samples of TideTerminal's doc comments, compiled: each marked line or block is the
// sample as the doc comment shows it (placeholders such as `names` or `body` are given values
// here), so a sample that stops compiling fails the build instead of an outside developer.

private enum Field: Hashable, Sendable { case name, email, plan, submit }

/// SelectionList's sample row.
private struct Todo: Identifiable, Equatable, Sendable { var id: UUID; var title: String }

/// Table's sample row.
private struct Process: Identifiable, Equatable, Sendable { var id: Int32; var command: String; var cpu: Double }

private struct Sample: Reducer {
  struct State: Equatable {
    var name = TextInput.State()
    var todos: [Todo] = []
    var list = SelectionList<Todo>.State()
    var table = Table<Process>.State(columns: [
      .init("PID", width: .fixed(6), alignment: .trailing) { "\($0.id)" },
      .init("Command") { $0.command },
      .init("CPU", width: .fixed(6), alignment: .trailing) { "\($0.cpu)" },
    ])
    var processes: [Process] = []
    var pager = Viewport.State()
    var progress = ProgressBar.State()
    var spinner = Spinner.State()
    var help = Help.State()
    var focus = FocusRing<Field>.State(order: [.name, .email, .plan, .submit])
  }

  enum Action: Sendable {
    case name(TextInput.Action)
    case list(SelectionList<Todo>.Action)
    case table(Table<Process>.Action)
    case pager(Viewport.Action)
    case progress(ProgressBar.Action)
    case spinner(Spinner.Action)
  }

  var body: some Reducer<State, Action> {
    // TextInput
    Scope(state: \.name, action: ActionPath(embed: Action.name) { if case .name(let action) = $0 { action } else { nil } }) {
      TextInput()
    }
    Reduce { _, _ in
      let (done, total) = (1, 4)
      // ProgressBar
      return .send(.progress(.setFraction(Double(done) / Double(total))))
    }
  }

  static func keys(_ key: Key, _ state: State) -> [Action?] {
    [
      TextInput.action(for: key).map(Action.name),
      SelectionList.action(for: key, in: state.list).map(Action.list),
      Table.action(for: key, in: state.table).map(Action.table),
      Viewport.keys.action(for: key).map(Action.pager),
    ]
  }

  static func draw(_ state: State, on canvas: inout Canvas, size: TerminalSize) {
    let keys = KeyMap<Action>([])
    // Layout
    // A header row, the body taking what is left, a two-row footer.
    let parts = canvas.bounds.rows([.fixed(1), .fill(), .fixed(2)])
    // A sidebar of a third of the width beside the rest.
    let sides = parts[1].columns([.percentage(33), .fill()])
    let (body, field, row, footer) = (sides[1], parts[0], parts[0], parts[2])
    TextInput.draw(state.name, in: field, on: &canvas)
    Table.draw(state.table, rows: state.processes, in: body, on: &canvas, sending: Action.table)
    Viewport.draw(state.pager, in: body, on: &canvas); _ = "\(state.pager.percentage)%"
    // Last in the shared `body`, so the test below sees the list drawn over the others.
    SelectionList.draw(state.list, rows: state.todos, title: \.title, in: body, on: &canvas)
    ProgressBar.draw(state.progress, in: row, on: &canvas)
    Spinner.draw(state.spinner, in: Rect(column: 0, row: 0, width: 2, height: 1), on: &canvas)
    // Help
    Help.drawShort(keys.helpLine(maxWidth: size.columns), in: footer, on: &canvas)
    if state.help.isShowingAll {
      Help.drawFull(state.help, entries: keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
    }
  }
}

@Suite struct DocumentationSamplesTests {
  @Test func componentSamplesBuildAndDraw() {
    let names = ["Ada", "Grace"]
    let entries = [(name: "a.txt", size: 12)]
    let contents = "line 1\nline 2"
    let size = TerminalSize(columns: 40, rows: 12)
    let todos = names.map { Todo(id: UUID(), title: $0) }
    var list = SelectionList<Todo>.State(rows: todos, title: \.title)
    list.resize(height: 5)
    let processes = entries.enumerated().map { Process(id: Int32($0.offset), command: $0.element.name, cpu: 0.5) }
    let pager = Viewport.State(text: contents, width: size.columns, height: size.rows - 1)
    var focus = FocusRing<Field>.State(order: [.name, .email, .plan, .submit])  // focus on .name
    focus.focus(.email)  // a parent moves the focus itself, as a press would
    var state = Sample.State()
    (state.todos, state.list, state.pager, state.focus) = (todos, list, pager, focus)
    // SelectionList: when the todos change
    state.list.setRows(state.todos, title: \.title)
    #expect(state.list.selectedID == todos[0].id)
    // Table: when the processes change
    state.processes = processes
    state.table.setRows(state.processes)
    #expect(state.table.selectedID == 0)
    state.help = Help.State()
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    Sample.draw(state, on: &canvas, size: size)
    #expect(canvas.text().contains("Ada"))
    #expect(state.focus.focused == .email)

    // SelectionList's custom rows
    let body = canvas.bounds
    struct Task: Identifiable, Sendable { var id: Int; var title: String; var isDone: Bool }
    struct Tasks { var tasks = [Task(id: 1, title: "milk", isDone: true)]; var list = SelectionList<Task>.State() }
    var state2 = Tasks()
    state2.list.setRows(state2.tasks, title: \.title)
    do {
      let state = state2
      SelectionList.draw(state.list, rows: state.tasks, in: body, on: &canvas) { row, canvas in
        let task = row.row
        let style = row.isSelected ? row.style : task.isDone ? canvas.theme.muted : canvas.theme.text
        let box = canvas.draw(task.isDone ? "[x] " : "[ ] ", atColumn: row.rect.column, row: row.rect.row, style: style)
        row.drawTitle(task.title, atColumn: row.rect.column + box, style: style, on: &canvas)
      }
    }
    #expect(canvas.text().contains("[x] milk"))
  }
}

// The whole features of the component articles (TideTerminal.docc), verbatim.
enum ArticleSamples {
  // ChartsComponent.md:14
  struct Monitor: Reducer {
    struct State: Equatable {
      var usage = BarChart.State(bars: [BarChart.Bar("cpu", value: 0), BarChart.Bar("disk", value: 0)])
      var load = Sparkline.State(capacity: 120, range: 0...100)
    }

    enum Action: Equatable, Sendable {
      case usage(BarChart.Action)
      case load(Sparkline.Action)
      case sampled(cpu: Double, disk: Double)
    }

    static let usage = ActionPath<Action, BarChart.Action>(embed: Action.usage) {
      if case .usage(let action) = $0 { action } else { nil }
    }
    static let load = ActionPath<Action, Sparkline.Action>(embed: Action.load) {
      if case .load(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.usage, action: Self.usage) { BarChart() }
      Scope(state: \State.load, action: Self.load) { Sparkline() }
      Reduce { state, action in
        guard case .sampled(let cpu, let disk) = action else { return .none }
        let bars = [
          BarChart.Bar("cpu", value: cpu, valueLabel: "\(Int(cpu))%"),
          BarChart.Bar("disk", value: disk, role: disk > 90 ? .warning : nil, valueLabel: "\(Int(disk))%"),
        ]
        return .merge(.send(.usage(.setBars(bars))), .send(.load(.append(cpu))))
      }
    }

    static func view(_ state: State, _ canvas: inout Canvas) {
      let parts = canvas.bounds.rows([.fixed(2), .fixed(1), .fill()])
      BarChart.draw(state.usage, in: parts[0], on: &canvas)
      Sparkline.draw(state.load, in: parts[2], on: &canvas)
    }
  }
  // ProgressAndSpinner.md:13
  struct Download: Reducer {
    struct State: Equatable {
      var spinner = Spinner.State()
      var progress = ProgressBar.State()
    }

    enum Action: Equatable, Sendable {
      case spinner(Spinner.Action)
      case progress(ProgressBar.Action)
      case received(bytes: Int, of: Int)
    }

    static let spinner = ActionPath<Action, Spinner.Action>(embed: Action.spinner) {
      if case .spinner(let action) = $0 { action } else { nil }
    }
    static let progress = ActionPath<Action, ProgressBar.Action>(embed: Action.progress) {
      if case .progress(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.spinner, action: Self.spinner) { Spinner() }
      Scope(state: \State.progress, action: Self.progress) { ProgressBar() }
      Reduce { state, action in
        guard case .received(let bytes, let total) = action else { return .none }
        let done = bytes >= total
        return .merge(
          .send(.progress(.setFraction(Double(bytes) / Double(total)))),
          .send(.spinner(done ? .stop : .start)))
      }
    }

    static func view(_ state: State, _ canvas: inout Canvas) {
      Spinner.draw(state.spinner, in: Rect(column: 0, row: 0, width: 2, height: 1), on: &canvas)
      ProgressBar.draw(state.progress, in: Rect(column: 2, row: 0, width: 40, height: 1), on: &canvas)
    }
  }
  // SelectionListComponent.md:15
  struct Contact: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct Contacts: Reducer {
    struct State: Equatable {
      var contacts: [Contact]
      var list: SelectionList<Contact>.State
      var chosen: String?

      init(contacts: [Contact]) {
        self.contacts = contacts
        list = SelectionList.State(rows: contacts, title: \.name)
      }
    }

    enum Action: Equatable, Sendable {
      case list(SelectionList<Contact>.Action)
      case choose
      case delete
    }

    static let list = ActionPath<Action, SelectionList<Contact>.Action>(embed: Action.list) {
      if case .list(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.list, action: Self.list) { SelectionList() }
      Reduce { state, action in
        switch action {
        case .choose: state.chosen = state.list.selectedRow(in: state.contacts)?.name
        case .delete:
          guard let id = state.list.selectedID else { break }
          state.contacts.removeAll { $0.id == id }
          state.list.setRows(state.contacts, title: \.name)
        case .list: break
        }
        return .none
      }
    }

    static func action(for key: Key, in state: State) -> Action? {
      if key == .enter, !state.list.isFiltering { return .choose }
      return SelectionList.action(for: key, in: state.list).map(Action.list)
    }

    static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas) {
      SelectionList.draw(state.list, rows: state.contacts, title: \.name, in: rect, on: &canvas)
    }
  }
  // TextInputComponent.md:10

  struct Greeter: Reducer {
    struct State: Equatable {
      var name = TextInput.State(placeholder: "your name", characterLimit: 40)
      var greeting: String?
    }

    enum Action: Equatable, Sendable {
      case name(TextInput.Action)
      case submit
    }

    static let name = ActionPath<Action, TextInput.Action>(embed: Action.name) {
      if case .name(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.name, action: Self.name) { TextInput() }
      Reduce { state, action in
        if case .submit = action { state.greeting = "Hello, \(state.name.text)!" }
        return .none
      }
    }

    static func action(for key: Key) -> Action? {
      key == .enter ? .submit : TextInput.action(for: key).map(Action.name)
    }

    static func view(_ state: State, _ canvas: inout Canvas) {
      let prompt = canvas.draw("Name: ", atColumn: 0, row: 0)
      TextInput.draw(state.name, in: Rect(column: prompt, row: 0, width: canvas.columns - prompt, height: 1), on: &canvas)
      if let greeting = state.greeting { canvas.draw(greeting, atColumn: 0, row: 1) }
    }
  }
  // ViewportComponent.md:7
  struct Pager: Reducer {
    struct State: Equatable {
      var text: Viewport.State
    }

    enum Action: Equatable, Sendable {
      case text(Viewport.Action)
      case resized(TerminalSize)
    }

    static let text = ActionPath<Action, Viewport.Action>(embed: Action.text) {
      if case .text(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.text, action: Self.text) { Viewport() }
      Reduce { state, action in
        guard case .resized(let size) = action else { return .none }
        return .send(.text(.resize(width: size.columns, height: size.rows - 1)))
      }
    }

    static func view(_ state: State, _ canvas: inout Canvas) {
      let parts = canvas.bounds.rows([.fill(), .fixed(1)])
      Viewport.draw(state.text, in: parts[0], on: &canvas)
      canvas.draw("\(state.text.percentage)%", atColumn: 0, row: parts[1].row, style: Style(reverse: true))
    }
  }
}

// DataSaver's and README's saving sample, verbatim inside `savingSample`.
private struct Habit: Codable, Sendable, Equatable {}
private struct Habits: Reducer {
  struct State: Equatable { var habits: [Habit] = []; var saveError: String?; var isQuitting = false }
  enum Action: Sendable {
    case add
    case saveFailed(String)
    case quit
    var changesHabits: Bool { if case .add = self { true } else { false } }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add: state.habits.append(Habit())
    case .saveFailed(let reason): state.saveError = reason
    case .quit: state.isQuitting = true
    }
    return .none
  }
  static let keys = KeyMap<Action>([KeyBinding(.character("q"), action: .quit, help: "quit")])
  static func draw(_ state: State, on canvas: inout Canvas) {}
}

// README "Saving a data file" and BuildingATerminalApp "Ending well", as they show it.
@MainActor
private func savingSample(launch: TerminalLaunch) -> TerminalApp<Habits.State, Habits.Action> {
  // nil in a replay given no data file: it then saves nothing.
  let saver = launch.dataFile.map { DataSaver<[Habit]>(path: $0) { try JSONEncoder().encode($0) } }
  let saving = Middleware<Habits.State, Habits.Action> { action, state in
    guard let saver, action.changesHabits else { return .none }  // only after a change
    return saver.save(state.habits, failed: { .saveFailed($0.description) })
  }
  // The middleware goes into the store the launch makes; a failed save makes the exit status 1:
  let store = launch.store(initialState: Habits.State(), reducer: Habits(), middleware: [saving])
  let app = TerminalApp(
    store: store,
    view: { state, canvas in Habits.draw(state, on: &canvas) },
    keyAction: { _, key in Habits.keys.action(for: key) },
    quitAction: .quit,
    isFinished: \.isQuitting,
    unsavedChanges: { store.state.saveError.map { "the habits were not saved: \($0)" } })
  return app
}

// README, "The first run": a missing data file starts empty; any other error stops the start.
private func loadHabits(from path: String) throws -> [Habit] {
  do {
    return try JSONDecoder().decode([Habit].self, from: Data(FileContents.read(atPath: path)))
  } catch let error as SystemError where error.code == ENOENT {
    return []  // first run: the first save creates the file
  } catch let error as DecodingError {
    throw DataFileError(path: path, decoding: error)  // kept as it is; the message says why
  }
}

@Suite struct FirstRunSampleTests {
  @Test func aMissingFileStartsEmptyAndAFileTheAppCannotReadIsReported() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-first-run-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try loadHabits(from: folder.appendingPathComponent("none.json").path).isEmpty)
    let bad = folder.appendingPathComponent("bad.json").path
    try FileContents.write(Array("{".utf8), atPath: bad)
    #expect(throws: DataFileError.self) { try loadHabits(from: bad) }
    #expect(throws: SystemError.self) { try loadHabits(from: folder.path) }
  }
}

@MainActor
@Suite struct ChartSamplesTests {
  @Test func theChartArticlesMonitorDrawsItsSample() async {
    let store = TestStore(initialState: ArticleSamples.Monitor.State(), reducer: ArticleSamples.Monitor())
    store.exhaustivity = .off
    await store.send(.sampled(cpu: 42, disk: 95))
    await store.receive(.usage(.setBars([
      BarChart.Bar("cpu", value: 42, valueLabel: "42%"), BarChart.Bar("disk", value: 95, role: .warning, valueLabel: "95%"),
    ])))
    await store.receive(.load(.append(42)))
    var canvas = Canvas(columns: 24, rows: 4)
    ArticleSamples.Monitor.view(store.state, &canvas)
    #expect(canvas.text() == """
      cpu  ██████▋         42%
      disk ███████████████ 95%

      ▄
      """)
  }

  @Test func theChartDocCommentSamplesBuild() {
    // BarChart
    let usage = BarChart.State(bars: [
      BarChart.Bar("cpu", value: 42), BarChart.Bar("disk", value: 91, role: .warning),
    ])
    var canvas = Canvas(columns: 20, rows: 3)
    let body = canvas.bounds
    BarChart.draw(usage, in: body, on: &canvas)
    #expect(canvas.text().hasPrefix("cpu"))
    // Sparkline
    let row = Rect(column: 0, row: 2, width: 20, height: 1)
    Sparkline.draw(Sparkline.State(values: [1, 2]), in: row, on: &canvas)
    #expect(canvas.text(ofRow: 2) == "▁█")
  }
}

// ButtonAndDialog.md (and the doc comments of Button and Dialog), as they show them.
enum ButtonAndDialogSamples {
  enum Field: Hashable, Sendable { case list, save }

  struct Chooser: Reducer {
    struct State: Equatable, Sendable, Codable {
      var list: SelectionList<ListItem>.State
      var dialog: Dialog.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case list(SelectionList<ListItem>.Action)
      case delete
      case dialog(Dialog.Action)
    }

    static let list = ActionPath<Action, SelectionList<ListItem>.Action>(embed: Action.list) {
      if case .list(let action) = $0 { action } else { nil }
    }
    static let dialog = ActionPath<Action, Dialog.Action>(embed: Action.dialog) {
      if case .dialog(let action) = $0 { action } else { nil }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.list, action: Self.list) { SelectionList() }
      Reduce { state, action in
        switch action {
        case .delete:
          guard let item = state.list.selectedItem else { break }
          state.dialog = .confirm("Delete item?", message: "\(item.title) goes for good.", confirm: "Delete")
        case .dialog(.choose(let choice)):
          if choice == .confirm, let index = state.list.selectedIndex {
            var items = state.list.items
            items.remove(at: index)
            state.list.setItems(items)
          }
          state.dialog = nil
        case .list, .dialog: break
        }
        return .none
      }
      .ifLet(\State.dialog, action: Self.dialog) { Dialog() }
    }

    static func action(for key: Key, in state: State) -> Action? {
      if let dialog = state.dialog { return Dialog.action(for: key, in: dialog).map(Action.dialog) }
      return key == .character("d") ? .delete : nil
    }

    static func draw(_ state: State, on canvas: inout Canvas) {
      if let dialog = state.dialog {
        Dialog.draw(dialog, in: canvas.bounds, on: &canvas, sending: { Action.dialog($0) })
      }
      let export = ProgressBar.State()
      if let dialog = state.dialog {
        Dialog.draw(dialog, in: canvas.bounds, on: &canvas, bodySize: TerminalSize(columns: 30, rows: 1),
          sending: { Action.dialog($0) }) { rect, canvas in
          ProgressBar.draw(export, in: rect, on: &canvas)
        }
      }
    }
  }

  struct Saver: Reducer {
    struct State: Equatable {
      var focus = FocusRing<Field>.State(order: [.list, .save])
      var save = Button.State("Save")
      var saved = false
    }
    enum Action: Equatable, Sendable {
      case save(Button.Action)
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .save(.press): state.saved = true
        }
        return .none
      }
    }
    static func draw(_ state: State, in row: Rect, on canvas: inout Canvas) {
      Button.draw(state.save, in: row, on: &canvas, isFocused: state.focus.isFocused(.save), sending: { Action.save($0) })
    }
    static func action(for key: Key, in state: State) -> Action? {
      Button.keys(for: state.save).action(for: key).map(Action.save)
    }
  }
}

@MainActor
@Suite struct ButtonAndDialogSampleTests {
  @Test func theArticlesSamplesAskDeleteAndPress() async {
    let store = TestStore(
      initialState: ButtonAndDialogSamples.Chooser.State(list: SelectionList.State(items: [.init("A"), .init("B")])),
      reducer: ButtonAndDialogSamples.Chooser())
    await store.send(.delete) { $0.dialog = .confirm("Delete item?", message: "A goes for good.", confirm: "Delete") }
    await store.send(.dialog(.next)) { $0.dialog?.focus(.confirm) }
    await store.send(.dialog(.choose(.confirm))) {
      $0.dialog = nil
      $0.list.setItems([.init("B")])
    }
    await store.finish()
    var canvas = Canvas(columns: 40, rows: 10)
    var state = store.state
    state.dialog = .alert("Done")
    ButtonAndDialogSamples.Chooser.draw(state, on: &canvas)
    #expect(canvas.text().contains("[ OK ]"))
    let saver = ButtonAndDialogSamples.Saver.State()
    ButtonAndDialogSamples.Saver.draw(saver, in: Rect(column: 0, row: 0, width: 20, height: 1), on: &canvas)
    #expect(canvas.text(ofRow: 0).hasPrefix("[ Save ]"))
    #expect(ButtonAndDialogSamples.Saver.action(for: .enter, in: saver) == .save(.press))
  }
}

// TitleClipboardLinksAndFocus.md, and the doc comments of Hyperlink, Key.focusIn and
// Effect.copyToClipboard(_:): the samples, compiled.
private struct ProtocolSamples: Reducer {
  struct State: Equatable {
    var fileName = "notes.txt"
    var link = "https://example.com/issues/40"
    var isQuitting = false
  }

  enum Action: Equatable, Sendable { case copyLink, reload, quit }

  static let keys = KeyMap<Action>([
    KeyBinding(.focusIn, action: .reload, help: "reload", showsInFooter: false)
  ])

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .copyLink:
      return .copyToClipboard(state.link)
    case .reload: return .none
    case .quit:
      state.isQuitting = true
      return .none
    }
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    var style = canvas.theme.accent
    style.link = Hyperlink("https://example.com/issues/40")
    canvas.draw("issue 40", atColumn: 2, row: 1, style: style)
  }

  @MainActor static func app(_ launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(), reducer: ProtocolSamples()),
      view: draw, keyAction: { state, key in keys.action(for: key) },
      quitAction: .quit, isFinished: \.isQuitting,
      title: { state in "\(state.fileName) — tide-edit" })
  }
}

@Suite struct ProtocolSampleTests {
  @Test @MainActor func theSamplesBuildAndDrawALink() {
    let app = ProtocolSamples.app(TerminalLaunch(clock: VirtualClock()))
    let frame = app.frame(size: TerminalSize(columns: 40, rows: 12))
    #expect(frame[2, 1].style.link?.url == "https://example.com/issues/40")
    #expect(app.title?(app.store.state) == "notes.txt — tide-edit")
    #expect(ProtocolSamples.keys.action(for: .focusIn) == .reload)
  }
}

/// The component of the article "Writing a component", as written there.
private struct Rating: Component {
  struct State: Equatable, Sendable {
    var stars = 0
    let maximum = 5
  }

  enum Action: Equatable, Sendable {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let stars): state.stars = min(max(0, stars), state.maximum)
    }
    return .none
  }

  static func keys(for state: State) -> KeyMap<Action> {
    KeyMap([
      KeyBinding(.left, action: .set(state.stars - 1), help: "fewer"),
      KeyBinding(.right, action: .set(state.stars + 1), help: "more"),
    ])
  }

  static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    let theme = canvas.theme
    for star in 0..<min(state.maximum, rect.width) {
      let cell = Rect(column: rect.column + star, row: rect.row, width: 1, height: min(1, rect.height))
      let style = star < state.stars ? (isFocused ? theme.accent : theme.text) : theme.muted
      canvas.draw(star < state.stars ? "★" : "☆", atColumn: cell.column, row: cell.row, style: style, maxWidth: 1)
      if let sending { canvas.addHitRegion(cell, onPress: sending(.set(star + 1))) }
    }
  }
}

@Suite struct WritingAComponentSampleTests {
  @Test func ratingHoldsTheContract() {
    var tooMany = Rating.State()
    tooMany.stars = 99  // as an app might set it
    assertComponentContract(Rating(), states: [Rating.State(), tooMany])
  }

  @Test func ratingDrawsItsStarsAndAClickSetsThem() {
    var canvas = Canvas(columns: 8, rows: 1)
    Rating.draw(Rating.State(stars: 2), in: canvas.bounds, on: &canvas, isFocused: true, sending: { $0 })
    #expect(canvas.text() == "★★☆☆☆")
    #expect(HitMap(canvas).target(of: PointerEvent(.press(.left), column: 3, row: 0)) as? Rating.Action == .set(4))
  }
}
