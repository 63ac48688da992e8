import Tide
import Testing
import TideTerminal

/// `click` and `scroll` lines: parsed with their errors at line and column, and replayed as
/// pointer events that go through the hit regions of the frame on screen.
@Suite("Pointer lines in key scripts")
@MainActor
struct PointerScriptTests {
  @Test func pointerLinesParse() throws {
    let script = try KeyScript(parsing: """
      click 12 5
      click "[ Submit ]"
      scroll down 3 at "Item 7"
      scroll up at 1 1
      """)
    #expect(script.steps.map(\.command) == [
      .click(.cell(column: 12, row: 5)), .click(.text("[ Submit ]")),
      .scroll(.down, notches: 3, at: .text("Item 7")), .scroll(.up, notches: 1, at: .cell(column: 1, row: 1)),
    ])
  }

  @Test(arguments: [
    ("click", 6, "'click' needs a column and a row (e.g. 12 5) or a quoted text"),
    ("click 12", 9, "'click' needs a column and a row (e.g. 12 5) or a quoted text"),
    ("click 0 5", 7, "expected a column from 1 to 1000, found '0'"),
    ("click 12 x", 10, "expected a row from 1 to 1000, found 'x'"),
    ("click 12 5 6", 12, "unexpected extra argument '6'"),
    (#"click """#, 7, "'click' needs a non-empty string"),
    (#"click 3 "a""#, 9, "'click' needs a row, found a quoted string"),
    ("scroll", 7, "'scroll' needs a direction, up or down"),
    ("scroll left at 1 1", 8, "'scroll' needs a direction, up or down, found 'left'"),
    ("scroll down", 12, "'scroll' needs 'at' and a place (e.g. scroll down 3 at 12 5)"),
    ("scroll down 3", 14, "'scroll' needs 'at' and a place (e.g. scroll down 3 at 12 5)"),
    ("scroll down 0 at 1 1", 13, "expected a number of notches from 1 to 100, found '0'"),
    ("scroll down 3 on 1 1", 15, "'scroll' needs 'at' before its place, found 'on'"),
    ("scroll down at", 15, "'at' needs a column and a row (e.g. 12 5) or a quoted text"),
  ] as [(String, Int, String)])
  func errorsNameTheirLineAndColumn(line: String, column: Int, message: String) {
    #expect(throws: KeyScriptError(file: "p.keys", line: 2, column: column, message: message)) {
      try KeyScript(parsing: "screen\n" + line, file: "p.keys")
    }
  }

  /// Two buttons and a list of numbers that the wheel scrolls, all as hit regions.
  struct Board: Reducer {
    struct State: Equatable {
      var count = 0
      var top = 0
      var presses: [String] = []
    }
    enum Action: Equatable, Sendable {
      case add(Int)
      case scroll(Int)
      case pressedList(row: Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let amount): state.count += amount
      case .scroll(let rows): state.top = max(0, state.top + rows)
      case .pressedList(let row): state.presses.append("row \(row)")
      }
      return .none
    }
  }

  func player() -> KeyScriptPlayer<Board.State, Board.Action> {
    let clock = VirtualClock()
    let store = Store(initialState: Board.State(), reducer: Board(), clock: clock)
    let app = TerminalApp(
      store: store,
      view: { state, canvas in
        canvas.draw("Count: \(state.count)  [ + ]  [ - ]", atColumn: 0, row: 0)
        canvas.addHitRegion(Rect(column: 10, row: 0, width: 5, height: 1), onPress: Board.Action.add(1))
        canvas.addHitRegion(Rect(column: 17, row: 0, width: 5, height: 1), onPress: Board.Action.add(-1))
        let list = Rect(column: 0, row: 2, width: 40, height: 5)
        for row in 0..<list.height { canvas.draw("Line \(state.top + row + 1)", atColumn: 0, row: list.row + row) }
        canvas.addHitRegion(list) { event -> Board.Action? in
          switch event.kind {
          case .scrollDown: .scroll(3)
          case .scrollUp: .scroll(-3)
          case .press(.left): .pressedList(row: event.row)
          default: nil
          }
        }
        canvas.draw("presses: \(state.presses.joined(separator: ", "))", atColumn: 0, row: 8)
      },
      keyAction: { _, _ in nil }, quitAction: .add(0), isFinished: { _ in false }, acceptsPointer: true)
    return KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 40, rows: 12))
  }

  @Test func clicksAndScrollsReachTheRegionsUnderThem() async throws {
    let player = player()
    try await player.play(KeyScript(parsing: """
      click "[ + ]"
      click 13 1
      click "[ - ]"
      expect "Count: 1"
      scroll down 2 at "Line 3"
      expect "Line 7"
      scroll up at 1 3
      expect "Line 4"
      click "Line 6"
      expect "presses: row 2"
      """))
  }

  @Test func aClickOnTextTheScreenDoesNotShowFailsLikeAnExpect() async throws {
    let player = player()
    await #expect {
      try await player.play(KeyScript(parsing: "click \"[ + ]\"\nclick \"[ Submit ]\"\nexpect \"Count: 1\"", file: "s.keys"))
    } throws: { error in
      guard case .expectation(let failure) = error as? KeyScriptPlayer<Board.State, Board.Action>.Failure else { return false }
      return failure.line == 2 && failure.description.hasPrefix("s.keys:2: expectation failed: click \"[ Submit ]\"")
        && failure.screen.contains("Count: 1")
    }
  }

  @Test func aClickBeyondTheScreenFails() async throws {
    let player = player()
    await #expect(throws: KeyScriptPlayer<Board.State, Board.Action>.Failure.self) {
      try await player.play(KeyScript(parsing: "click 41 1"))
    }
  }

  /// An app that does not ask for pointer input gets none, whatever its regions say.
  @Test func anAppWithoutPointerInputIgnoresClicks() async throws {
    let clock = VirtualClock()
    let store = Store(initialState: Board.State(), reducer: Board(), clock: clock)
    let app = TerminalApp(
      store: store,
      view: { state, canvas in
        canvas.draw("Count: \(state.count) [ + ]", atColumn: 0, row: 0)
        canvas.addHitRegion(canvas.bounds, onPress: Board.Action.add(1))
      },
      keyAction: { _, _ in nil }, quitAction: .add(0), isFinished: { _ in false })
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 40, rows: 12))
    try await player.play(KeyScript(parsing: "click \"[ + ]\"\nexpect \"Count: 0\""))
  }

  @Test func castsCarryPointerLinesAsInput() {
    var cast = AsciicastRecorder(size: TerminalSize(columns: 40, rows: 12))
    cast.input(PointerEvent(.press(.left), column: 249, row: 4), at: .milliseconds(1500))
    cast.input(PointerEvent(.release(.left), column: 249, row: 4), at: .milliseconds(1500))
    cast.input(PointerEvent(.scrollDown, column: 0, row: 0, modifiers: .control), at: .seconds(2))
    #expect(cast.text.split(separator: "\n").dropFirst() == [
      #"[1.500000, "i", "\u001b[<0;250;5M"]"#, #"[1.500000, "i", "\u001b[<0;250;5m"]"#,
      #"[2.000000, "i", "\u001b[<81;1;1M"]"#,
    ])
  }
}
