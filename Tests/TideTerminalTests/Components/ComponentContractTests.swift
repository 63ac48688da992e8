import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTestSupport

/// Issue 39: every component holds the one contract (`Component`), checked by the same suite
/// (`assertComponentContract`) in the states that try it hardest — empty, more than fits, wide,
/// zero-width and control characters, a selection or scroll position out of range set by the
/// app — drawn focused and not, from 0×0 to 200×3.
@Suite("Component contract")
struct ComponentContractTests {
  /// Text that tries a component's measuring: wide characters, a combining mark, a zero-width
  /// joiner sequence, a flag, a tab and other control characters, and a long run.
  static let hardText = "漢字かな e\u{301} 👩‍👩‍👧 🇫🇷 tab\there bell\u{7} nul\u{0} " + String(repeating: "long ", count: 60)

  static let manyLines = (1...500).map { "line \($0) " + (($0 % 7 == 0) ? hardText : "") }.joined(separator: "\n")

  @Test func textInput() {
    var outOfRange = TextInput.State(text: Self.hardText, placeholder: "name")
    outOfRange.cursor = 10_000
    outOfRange.scrollOffset = -5
    assertComponentContract(
      TextInput(),
      states: [TextInput.State(placeholder: "your name"), TextInput.State(text: Self.hardText), outOfRange])
  }

  @Test func textArea() {
    var outOfRange = TextArea.State(text: Self.manyLines, showsLineNumbers: true)
    outOfRange.cursor = TextArea.Position(line: 9_999, column: 9_999)
    outOfRange.topLine = 10_000
    assertComponentContract(
      TextArea(),
      states: [TextArea.State(placeholder: "write here"), TextArea.State(text: Self.hardText), outOfRange])
  }

  @Test func viewport() {
    var outOfRange = Viewport.State(text: Self.manyLines, width: 40, height: 12)
    outOfRange.topRow = 99_999
    var searching = Viewport.State(text: Self.manyLines, width: 40, height: 12)
    _ = Viewport().reduce(into: &searching, action: .startSearch)
    assertComponentContract(Viewport(), states: [Viewport.State(), Viewport.State(text: Self.manyLines), outOfRange, searching])
  }

  @Test func selectionList() {
    let items = (1...300).map { ListItem("Item \($0) " + ($0 % 10 == 0 ? Self.hardText : ""), description: $0 % 3 == 0 ? "about \($0)" : nil) }
    var outOfRange = SelectionList.State(items: items, height: 12)
    outOfRange.cursor = 5_000
    outOfRange.top = -7
    var filtering = SelectionList.State(items: items)
    _ = SelectionList().reduce(into: &filtering, action: .startFiltering)
    var empty = SelectionList.State(items: [])
    empty.emptyText = "Nothing yet — press a to add one"
    assertComponentContract(SelectionList(), states: [empty, SelectionList.State(items: items), outOfRange, filtering])
  }

  /// A list of the app's own rows draws them from the app's collection, which its state does
  /// not hold: the contract checks it through a state that carries them beside the list's.
  struct RowsList: Component {
    struct State: Equatable, Sendable {
      var list: SelectionList<TextRow>.State
      var rows: [TextRow]
    }
    typealias Action = SelectionList<TextRow>.Action

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      SelectionList().reduce(into: &state.list, action: action)
    }

    static func keys(for state: State) -> KeyMap<Action> { SelectionList.keys(for: state.list) }

    static func action(for key: Key, in state: State) -> Action? { SelectionList.action(for: key, in: state.list) }

    static let title: @Sendable (TextRow) -> String = { $0.cells[0] }
    static let description: @Sendable (TextRow) -> String? = { $0.id % 3 == 0 ? $0.cells[1] : nil }

    static func draw(
      _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
      sending: (@Sendable (Action) -> any Sendable)?
    ) {
      SelectionList.draw(
        state.list, rows: state.rows, title: title, description: description, in: rect, on: &canvas,
        isFocused: isFocused, sending: sending)
    }
  }

  @Test func selectionListOfTheAppsRows() {
    let rows = textRows((0..<300).map { ["row \($0) " + ($0 % 10 == 0 ? Self.hardText : ""), "about \($0) \(Self.hardText)"] })
    func list(height: Int = 0) -> SelectionList<TextRow>.State {
      SelectionList<TextRow>.State(rows: rows, title: RowsList.title, description: RowsList.description, height: height)
    }
    var outOfRange = list(height: 12)
    outOfRange.cursor = 9_999
    outOfRange.top = -5
    var filtering = list(height: 12)
    _ = SelectionList().reduce(into: &filtering, action: .startFiltering)
    _ = SelectionList().reduce(into: &filtering, action: .query(.insert("1")))
    var empty = SelectionList<TextRow>.State()
    empty.emptyText = "No rows yet — press a to add one"
    assertComponentContract(
      RowsList(),
      states: [
        RowsList.State(list: empty, rows: []), RowsList.State(list: list(), rows: rows),
        RowsList.State(list: outOfRange, rows: rows), RowsList.State(list: filtering, rows: rows),
      ])
  }

  /// A table draws the app's rows, which its state does not hold: the contract checks it through
  /// a state that carries them beside the table's.
  struct RowsTable: Component {
    struct State: Equatable, Sendable {
      var table: Table<TextRow>.State
      var rows: [TextRow]
    }
    typealias Action = Table<TextRow>.Action

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      Table().reduce(into: &state.table, action: action)
    }

    static func keys(for state: State) -> KeyMap<Action> { Table.keys(for: state.table) }

    static func action(for key: Key, in state: State) -> Action? { Table.action(for: key, in: state.table) }

    static func draw(
      _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
      sending: (@Sendable (Action) -> any Sendable)?
    ) {
      Table.draw(state.table, rows: state.rows, in: rect, on: &canvas, isFocused: isFocused, sending: sending)
    }
  }

  @Test func table() {
    let rows = textRows((0..<300).map { ["row \($0) " + ($0 % 10 == 0 ? Self.hardText : ""), "\($0)", Self.hardText] })
    let columns: [Table<TextRow>.Column] = [
      .text("Name", 0), .text("Size", 1, width: .fixed(6), alignment: .trailing),
      .text(Self.hardText, 2, width: .percentage(30), alignment: .center),
    ]
    var outOfRange = Table.State(columns: columns, rows: rows, height: 12)
    outOfRange.select(position: 9_999)
    outOfRange.scroll(by: .max)
    var sortedAndFiltering = Table.State(columns: columns, rows: rows, height: 12)
    sortedAndFiltering.sort(byColumn: 1, descending: true)
    _ = Table().reduce(into: &sortedAndFiltering, action: .startFiltering)
    _ = Table().reduce(into: &sortedAndFiltering, action: .query(.insert("1")))
    var empty = Table<TextRow>.State(columns: columns)
    empty.emptyText = "No rows yet — press a to add one"
    assertComponentContract(
      RowsTable(),
      states: [
        RowsTable.State(table: empty, rows: []), RowsTable.State(table: outOfRange, rows: rows),
        RowsTable.State(table: sortedAndFiltering, rows: rows),
      ])
  }

  @Test func tabs() {
    let outOfRange = Tabs.State(titles: ["Overview", Self.hardText, "Table"], selected: 42)
    assertComponentContract(
      Tabs(), states: [Tabs.State(titles: []), Tabs.State(titles: (1...40).map { "Tab \($0)" }, selected: 39), outOfRange])
  }

  @Test func tree() {
    typealias Node = Tree<Int>.Node
    let roots = (0..<200).map { Node(id: $0, title: "node \($0) " + ($0 % 9 == 0 ? Self.hardText : ""), hasChildren: $0 % 2 == 0) }
    var opened = Tree<Int>.State(roots: roots, height: 12)
    _ = Tree<Int>().reduce(into: &opened, action: .setChildren(of: 0, (1000..<1300).map { Node(id: $0, title: "child \($0)") }))
    _ = Tree<Int>().reduce(into: &opened, action: .expand)
    var outOfRange = opened
    outOfRange.select(position: 9_999)
    assertComponentContract(Tree<Int>(), states: [Tree<Int>.State(roots: []), Tree<Int>.State(roots: roots), opened, outOfRange])
  }

  @Test func filePicker() {
    let folder = FilePicker.Path("/contract")
    var loaded = FilePicker.State(folder: folder, height: 12)
    let entries = (0..<300).map {
      FilePicker.Entry(name: Array("file \($0) \($0 % 11 == 0 ? Self.hardText : "")".utf8) + ($0 == 7 ? [0xFF] : []), kind: $0 % 5 == 0 ? .folder : .file)
    }
    _ = FilePicker().reduce(into: &loaded, action: .loaded(FilePicker.Listing(folder: folder, entries: entries), selecting: nil))
    var failed = FilePicker.State(folder: folder)
    _ = FilePicker().reduce(
      into: &failed, action: .loaded(FilePicker.Listing(folder: folder, entries: [], error: "Permission denied"), selecting: nil))
    var outOfRange = loaded
    outOfRange.select(position: -3)
    assertComponentContract(FilePicker(), states: [FilePicker.State(folder: folder), loaded, failed, outOfRange])
  }

  @Test func form() {
    let fields: [Form.Field] = [
      .input("name", title: "Name", text: Self.hardText, rules: [.required("A name")]),
      .text("notes", title: "Notes", text: Self.manyLines),
      .select("plan", title: Self.hardText, options: ["Free", "Pro", Self.hardText], selected: 9),
      .multiSelect("tags", title: "Tags", options: (1...40).map { "tag \($0)" }, selected: [0, 99]),
      .confirm("terms", title: "Terms", label: "I agree", rules: [.required("Agree")]),
    ]
    var submitted = Form.State(fields: fields, cancel: "Cancel")
    _ = Form().reduce(into: &submitted, action: .submit)
    // A select filtering as the user types: its query's cursor only while the form is focused.
    var filtering = Form.State(fields: fields)
    filtering.focus(.field("plan"))
    if let typed = Form.action(for: .character("P"), in: filtering) { _ = Form().reduce(into: &filtering, action: typed) }
    assertComponentContract(
      Form(),
      states: [Form.State(fields: []), Form.State(fields: fields), submitted, Form.State(fields: Array(fields.prefix(1))), filtering])
  }

  @Test func button() {
    assertComponentContract(
      Button(), states: [Button.State("Save"), Button.State(Self.hardText), Button.State("Off", isEnabled: false), Button.State("")])
  }

  @Test func dialog() {
    assertComponentContract(
      Dialog(),
      states: [
        Dialog.State.confirm("Delete?", message: Self.hardText, confirm: "Delete"),
        Dialog.State.alert("Saved", message: ""),
        Dialog.State.confirm(Self.hardText, message: Self.manyLines, confirm: Self.hardText, cancel: Self.hardText),
      ])
  }

  @Test func charts() {
    // Typed closures: inferred, these two took the type checker 5.6 s.
    let bars = (0..<40).map { (index: Int) -> BarChart.Bar in
      BarChart.Bar("bar \(index) " + (index == 3 ? Self.hardText : ""), value: Double(index * index) - 30)
    }
    let values = (0..<1_000).map { (index: Int) -> Double in Double((index * 37) % 101) - 50 }
    assertComponentContract(
      BarChart(),
      states: [
        BarChart.State(), BarChart.State(bars: bars), BarChart.State(bars: bars, orientation: .vertical),
        BarChart.State(bars: [BarChart.Bar("nan", value: .nan), BarChart.Bar("inf", value: .infinity)], range: 5...5),
      ])
    assertComponentContract(
      Sparkline(),
      states: [
        Sparkline.State(), Sparkline.State(values: values),
        Sparkline.State(values: [.nan, .infinity, -.infinity, 1]),
      ])
  }

  @Test func progressAndSpinner() {
    assertComponentContract(
      ProgressBar(), states: [ProgressBar.State(), ProgressBar.State(fraction: 0.5), ProgressBar.State(fraction: 37.5)])
    var spinning = Spinner.State(frames: ["漢", "e\u{301}", ""], id: 1)
    spinning.frame = 99
    assertComponentContract(Spinner(), states: [Spinner.State(), spinning])
  }
}

/// The contract check itself: a component that breaks each rule is told which rule and where.
@Suite("Component contract check")
struct ComponentContractCheckTests {
  /// Breaks one rule at a time, chosen by its state.
  struct Careless: Component {
    enum Rule: Equatable, Sendable {
      case drawsOutside, drawsFarOutside, hardCodesAColour, drawsInTheDefaultColours, sendsItsOwnAction
      case bindsAKeyWithoutHelp
    }
    typealias State = Rule
    enum Action: Equatable, Sendable { case poke }

    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }

    static func keys(for state: State) -> KeyMap<Action> {
      KeyMap([KeyBinding(.character("p"), action: .poke, help: state == .bindsAKeyWithoutHelp ? "" : "poke")])
    }

    static func draw(
      _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
      sending: (@Sendable (Action) -> any Sendable)?
    ) {
      guard rect.width > 0, rect.height > 0 else { return }
      switch state {
      case .drawsOutside: canvas.draw("x", atColumn: rect.column - 1, row: rect.row, style: canvas.theme.text)
      // Beyond the two columns and the row the check once looked at around the rectangle.
      case .drawsFarOutside: canvas.draw("x", atColumn: rect.endColumn + 3, row: rect.endRow + 1, style: canvas.theme.text)
      case .hardCodesAColour: canvas.draw("x", atColumn: rect.column, row: rect.row, style: Style(foreground: .red))
      // A style made on the spot: the terminal's default colours, which no role of the theme has.
      case .drawsInTheDefaultColours: canvas.draw("x", atColumn: rect.column, row: rect.row, style: Style(bold: true))
      case .sendsItsOwnAction: canvas.addHitRegion(rect, onPress: Action.poke)
      case .bindsAKeyWithoutHelp: canvas.draw("x", atColumn: rect.column, row: rect.row, style: canvas.theme.text)
      }
    }
  }

  @Test(arguments: [
    (Careless.Rule.drawsOutside, "outside its rectangle"),
    (.drawsFarOutside, "outside its rectangle"),
    (.hardCodesAColour, "not the theme's"),
    (.drawsInTheDefaultColours, "not the theme's"),
    (.sendsItsOwnAction, "would never reach the app"),
    (.bindsAKeyWithoutHelp, "has no help text"),
  ])
  func eachBrokenRuleIsReported(rule: Careless.Rule, saying message: String) {
    withKnownIssue {
      assertComponentContract(Careless(), states: [rule])
    } matching: { issue in
      issue.description.contains(message)
    }
  }

  @Test func aComponentThatHoldsTheContractIsNotReported() {
    struct Careful: Component {
      typealias State = Int
      enum Action: Equatable, Sendable { case poke }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      static func keys(for state: State) -> KeyMap<Action> { KeyMap([KeyBinding(.character("p"), action: .poke, help: "poke")]) }
      static func draw(
        _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
        sending: (@Sendable (Action) -> any Sendable)?
      ) {
        canvas.drawTruncated("\(state)", atColumn: rect.column, row: rect.row, width: rect.width, style: canvas.theme.accent)
        if let sending { canvas.addHitRegion(rect, onPress: sending(.poke)) }
      }
    }
    assertComponentContract(Careful(), states: [0, 42])
  }
}
