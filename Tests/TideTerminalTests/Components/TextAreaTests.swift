import Foundation
import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("TextArea")
struct TextAreaTests {
  typealias Position = TextArea.Position

  func send(_ actions: TextArea.Action..., to state: inout TextArea.State) {
    for action in actions { _ = TextArea().reduce(into: &state, action: action) }
  }

  func type(_ text: String, into state: inout TextArea.State) {
    for character in text {
      if let action = TextArea.action(for: .character(character)) { send(action, to: &state) }
    }
  }

  /// The area drawn at its own size, each row with its trailing spaces removed.
  func drawn(_ state: TextArea.State, isFocused: Bool = false) -> String {
    var canvas = Canvas(columns: max(1, state.width), rows: max(1, state.height))
    TextArea.draw(state, in: canvas.bounds, on: &canvas, isFocused: isFocused)
    return canvas.text()
  }

  @Test func typingEnterAndEditingKeysMakeLines() {
    var state = TextArea.State(width: 20, height: 5)
    type("hello world", into: &state)
    send(.insertNewline, to: &state)
    type("second", into: &state)
    #expect(state.lines == ["hello world", "second"])
    #expect(state.cursor == Position(line: 1, column: 6))
    // ctrl-w erases the word before, ctrl-a/ctrl-k the line from the start, backspace at a
    // line's start joins it to the line before.
    send(.deleteWordBackward, to: &state)
    #expect(state.lines == ["hello world", ""])
    send(.deleteBackward, to: &state)
    #expect(state.lines == ["hello world"])
    #expect(state.cursor == Position(line: 0, column: 11))
    send(.moveWordLeft, .moveWordLeft, .deleteToLineEnd, to: &state)
    #expect(state.lines == [""])
    type("a", into: &state)
    send(.insertNewline, .insertNewline, .moveToStart, .deleteToLineEnd, to: &state)
    #expect(state.lines == ["", "", ""], "ctrl-k at a line's end joins the next line")
    send(.deleteToLineEnd, .deleteForward, to: &state)
    #expect(state.lines == [""])
    #expect(state.text == "")
  }

  @Test func aCombiningMarkTypedAfterALetterJoinsItsCluster() {
    var state = TextArea.State(text: "ab")
    send(.moveRight, .insert("\u{301}"), to: &state)
    #expect(state.lines == ["a\u{301}b"])
    #expect(state.lines[0].count == 2)
    #expect(state.cursor == Position(line: 0, column: 1), "after á, before b")
  }

  @Test func controlCharactersAndTabAreNotTyped() {
    var state = TextArea.State()
    for key in [Key.character("\u{1B}"), .character("\t"), .tab, .escape, .function(5), .alt(.character("x"))] {
      #expect(TextArea.action(for: key) == nil, "\(key)")
    }
    send(.insert("\u{7}"), .insert("\u{200B}"), .insert("é"), to: &state)
    #expect(state.text == "é")
  }

  @Test func softWrapsByDisplayWidthKeepingWideCharactersAndZWJClustersWhole() {
    // A family (a ZWJ sequence) takes 2 columns, a flag 2: the flag does not fit after x.
    let family = "👨‍👩‍👧"
    let state = TextArea.State(text: "abcdef\n漢字漢字漢\n\(family)\(family)x🇯🇵", width: 5, height: 8)
    #expect(state.lines.count == 3)
    #expect(drawn(state) == "abcde\nf\n漢字\n漢字\n漢\n\(family)\(family)x\n🇯🇵\n")
  }

  @Test func aLineAsWideAsTheAreaKeepsARowForTheCursorAtItsEnd() {
    var state = TextArea.State(text: "abcd\nnext", width: 4, height: 3)
    send(.moveToLineEnd, to: &state)
    #expect(drawn(state, isFocused: true) == "abcd\n\nnext")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 1, column: 0), "down from the empty row under abcd reaches the next line")
  }

  @Test func upAndDownMoveByVisualRowAndKeepTheirColumn() {
    // Width 4: "abcdefghij" is rows abcd / efgh / ij; "漢字漢" is 漢字 / 漢; "0123456" 0123 / 456.
    var state = TextArea.State(text: "abcdefghij\n漢字漢\nxy\n0123456", width: 4, height: 10)
    send(.moveRight, .moveRight, .moveRight, to: &state)  // before d, column 3
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 0, column: 7), "the next row of the same line: before h")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 0, column: 10), "ij is shorter: its end")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 1, column: 1), "column 3 is the right half of 字: the cursor is before it")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 1, column: 3), "the row 漢 is short: the line's end")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 2, column: 2), "xy is short: its end")
    send(.moveDown, to: &state)
    #expect(state.cursor == Position(line: 3, column: 3), "the goal column 3 comes back after the short lines")
    send(.moveUp, .moveUp, .moveUp, to: &state)
    #expect(state.cursor == Position(line: 1, column: 1))
    send(.moveDown, .moveDown, .moveDown, .moveDown, to: &state)
    #expect(state.cursor == Position(line: 3, column: 7), "the last row's column 3 is past 456: the end")
    send(.moveDown, .moveToStart, .moveUp, to: &state)
    #expect(state.cursor == Position(line: 0, column: 0))
  }

  @Test func typingRunsUndoAsOneStepAndRedoComesBack() {
    var state = TextArea.State(text: "start")
    let opened = state.version
    send(.moveToLineEnd, to: &state)
    type(" one two", into: &state)
    send(.insertNewline, to: &state)
    type("three", into: &state)
    send(.deleteBackward, .deleteBackward, to: &state)
    #expect(state.text == "start one two\nthr")
    #expect(state.version != opened)
    send(.undo, to: &state)
    #expect(state.text == "start one two\nthree", "the two backspaces are one step")
    send(.undo, to: &state)
    #expect(state.text == "start one two\n", "the typed word is one step")
    send(.undo, to: &state)
    #expect(state.text == "start", "the typed run and its line break are one step")
    #expect(state.cursor == Position(line: 0, column: 5))
    #expect(state.version == opened, "back to the text as opened: not modified")
    #expect(!state.canUndo)
    send(.redo, .redo, to: &state)
    #expect(state.text == "start one two\nthree")
    #expect(state.cursor == Position(line: 1, column: 5))
    // A move ends a run; an edit after an undo drops what was left to redo.
    send(.moveLeft, .deleteBackward, .moveRight, .deleteBackward, to: &state)
    #expect(state.text == "start one two\nthr")
    send(.undo, to: &state)
    #expect(state.text == "start one two\nthre")
    #expect(state.canRedo)
    type("x", into: &state)
    #expect(!state.canRedo)
  }

  @Test func aMultiLinePasteWithCRLFIsOneStepAndKeepsTabs() {
    var state = TextArea.State(text: "[]")
    send(.moveRight, .paste("one\r\ntwo\rthree\n\tfour\u{1B}[1m"), to: &state)
    #expect(state.lines == ["[one", "two", "three", "\tfour[1m]"])
    #expect(state.cursor == Position(line: 3, column: 8))
    send(.paste("漢\r\n字\u{2028}🇯🇵"), to: &state)
    #expect(state.lines == ["[one", "two", "three", "\tfour[1m漢", "字", "🇯🇵]"])
    send(.undo, .undo, to: &state)
    #expect(state.text == "[]")
    var mixed = TextArea.State()
    send(.paste("a\tb\u{7}c\r\n漢\u{1B}\u{2029}z\u{85}end\r\r\nx\u{200B}y"), to: &mixed)
    #expect(mixed.lines == ["a\tbc", "漢", "z", "end", "", "xy"])
    #expect(state.cursor == Position(line: 0, column: 1))
  }

  @Test func aCRLFFileKeepsItsLineEndingAndBytes() {
    let text = "a\r\nb\r\n\r\nlast"
    let state = TextArea.State(text: text)
    #expect(state.lines == ["a", "b", "", "last"])
    #expect(state.lineEnding == "\r\n")
    #expect(state.text == text)
    #expect(TextArea.State(text: "x\ny\n").text == "x\ny\n")
    #expect(TextArea.State(text: "x\ny\n").lines == ["x", "y", ""])
  }

  @Test func aCursorAndScrollOutOfRangeSetByTheAppAreClamped() {
    var state = TextArea.State(text: "one\ntwo\nthree", width: 10, height: 2)
    state.cursor = Position(line: 99, column: -4)
    state.topLine = -7
    state.topLineRow = 50
    #expect(drawn(state) == "one\ntwo")
    send(.moveRight, to: &state)
    #expect(state.cursor == Position(line: 2, column: 1))
    #expect(state.topLine == 1, "the cursor's row brought into view")
    state.topLine = 1_000
    state.cursor = Position(line: Int.min, column: Int.max)
    send(.insert("!"), to: &state)
    #expect(state.lines == ["one!", "two", "three"])
    state.moveCursor(to: Position(line: 2, column: 100))
    #expect(state.cursor == Position(line: 2, column: 5))
    state.scroll(by: Int.max)
    #expect(state.topLine == 1, "no further than the last row at the bottom")
    var wrapped = TextArea.State(text: String(repeating: "x", count: 30) + "\nend", width: 10, height: 2)
    wrapped.topLineRow = 2
    wrapped.scroll(by: Int.max)
    wrapped.scroll(by: Int.max)
    #expect((wrapped.topLine, wrapped.topLineRow) == (0, 3), "from a row within a line, without overflowing")
    wrapped.scroll(by: Int.min)
    #expect((wrapped.topLine, wrapped.topLineRow) == (0, 0))
    wrapped.resize(width: 10, height: Int.max)
    send(.pageDown, .pageUp, .moveToEnd, to: &wrapped)
    #expect(wrapped.cursor == Position(line: 1, column: 3))
    state.scroll(by: Int.min)
    #expect(state.topLine == 0)
    state.scroll(toLine: 50)
    #expect(state.topLine == 2)
    send(.moveCursor(to: Position(line: -1, column: -1)), to: &state)
    #expect(state.cursor == Position(line: 0, column: 0))
  }

  @Test func noLinesAOneByOneAreaAndHugeDataDrawWithoutCrashing() {
    var empty = TextArea.State(placeholder: "write here", width: 12, height: 2)
    #expect(drawn(empty) == "write here\n")
    send(.deleteBackward, .deleteForward, .deleteWordBackward, .deleteToLineEnd, .undo, .redo, .moveUp, .pageDown, to: &empty)
    #expect(empty.isEmpty)
    var tiny = TextArea.State(text: "漢字\u{1B}\u{200B}🇯🇵\n\n", showsLineNumbers: true, width: 1, height: 1)
    #expect(drawn(tiny, isFocused: true).count <= 1)
    send(.moveToEnd, .moveUp, .moveUp, .pageUp, .moveDown, .insert("x"), to: &tiny)
    #expect(drawn(tiny, isFocused: true).count <= 1)
    let canvasZero = { () -> Void in
      var canvas = Canvas(columns: 4, rows: 4)
      TextArea.draw(tiny, in: Rect(column: 2, row: 2, width: 0, height: 0), on: &canvas)
    }
    canvasZero()
    var huge = TextArea.State(text: String(repeating: "漢", count: 20_000), width: 7, height: 3)
    send(.moveToEnd, .pageUp, .moveDown, to: &huge)
    #expect(drawn(huge).split(separator: "\n").allSatisfy { $0.count <= 3 })
  }

  @Test func controlAndZeroWidthCharactersFromAFileAreDrawnVisibly() {
    let state = TextArea.State(text: "a\u{1B}b\u{200B}c\td", width: 20, height: 1)
    #expect(drawn(state) == "a␛b<U+200B>c    d")
    #expect(state.text == "a\u{1B}b\u{200B}c\td")
  }

  @Test func lineNumbersAreDrawnBeforeTheFirstRowOfEachLine() {
    let text = (1...10).map { "line \($0)" }.joined(separator: "\n")
    var state = TextArea.State(text: text, showsLineNumbers: true, width: 8, height: 3)
    #expect(drawn(state) == " 1 line\n   1\n 2 line")
    send(.moveToEnd, to: &state)
    #expect(drawn(state) == "   9\n10 line\n   10", "the cursor's row at the bottom; the column as wide as 10")
  }

  @Test func pageKeysMoveTheCursorAndTheViewTogether() {
    let text = (1...100).map { "line \($0)" }.joined(separator: "\n")
    var state = TextArea.State(text: text, width: 20, height: 10)
    send(.pageDown, to: &state)
    #expect(state.cursor.line == 10)
    #expect(state.topLine == 10)
    send(.pageDown, .pageUp, to: &state)
    #expect(state.cursor.line == 10)
    send(.moveToEnd, to: &state)
    #expect(state.topLine == 90)
    send(.scroll(by: -3), to: &state)
    #expect(state.topLine == 87)
    #expect(state.cursor.line == 99, "the wheel moves the view, not the cursor")
  }

  @Test func aPressPutsTheCursorOnTheClusterUnderIt() {
    let state = TextArea.State(text: "ab漢字\nsecond", showsLineNumbers: true, width: 12, height: 4)
    var canvas = Canvas(columns: 12, rows: 4)
    TextArea.draw(state, in: canvas.bounds, on: &canvas, sending: { $0 })
    let map = HitMap(canvas)
    func press(_ column: Int, _ row: Int) -> TextArea.Action? {
      map.target(of: PointerEvent(.press(.left), column: column, row: row)) as? TextArea.Action
    }
    // The gutter is 2 columns ("1 "): a is at 2, 漢 at 4-5, 字 at 6-7.
    #expect(press(5, 0) == .moveCursor(to: Position(line: 0, column: 2)), "the right half of 漢")
    #expect(press(11, 0) == .moveCursor(to: Position(line: 0, column: 4)), "past the end")
    #expect(press(0, 1) == .moveCursor(to: Position(line: 1, column: 0)), "on the line number")
    #expect(press(3, 3) == .moveCursor(to: Position(line: 1, column: 6)), "below the text: its end")
    #expect(map.target(of: PointerEvent(.scrollDown, column: 3, row: 1)) as? TextArea.Action == .scroll(by: 3))
  }

  @Test func aResizeRewrapsAndKeepsTheCursorInView() {
    var state = TextArea.State(text: String(repeating: "word ", count: 40), width: 40, height: 2)
    send(.moveToEnd, to: &state)
    send(.resize(width: 10, height: 3), to: &state)
    #expect(state.topLineRow == 18, "the cursor's row (20 at 10 columns) at the bottom")
    #expect(drawn(state).split(separator: "\n").count >= 2)
  }

  @Test func onlyAFocusedAreaDrawsItsCursorAndEverythingIsInTheThemesRoles() {
    var state = TextArea.State(text: "漢x", showsLineNumbers: true, width: 10, height: 2)
    state.moveCursor(to: Position(line: 0, column: 0))
    for theme in [Theme.default, .dark, .mono] {
      var canvas = Canvas(columns: 10, rows: 2)
      canvas.theme = theme
      TextArea.draw(state, in: canvas.bounds, on: &canvas, isFocused: true)
      #expect(canvas[0, 0].style == theme.muted.layered(over: theme.text), "the line number")
      #expect(canvas[2, 0].style == theme.cursor.layered(over: theme.text) && canvas[2, 0].width == 2, "the whole wide cell")
      #expect(canvas[4, 0].style == theme.text)
      var unfocused = Canvas(columns: 10, rows: 2)
      unfocused.theme = theme
      TextArea.draw(state, in: unfocused.bounds, on: &unfocused, isFocused: false)
      #expect(unfocused[2, 0].style == theme.text)
    }
  }

  @Test func keysAreListedForHelp() {
    let help = TextArea.keys.helpEntries.map(\.help)
    #expect(help.contains { $0.contains("undo") })
    #expect(help.contains { $0.contains("redo") })
    #expect(TextArea.action(for: .alt(.character("u"))) == .undo)
    #expect(TextArea.action(for: .control("z")) == nil, "ctrl-z is the shell's suspend")
    #expect(TextArea.action(for: .enter) == .insertNewline)
  }

  @Test func itsUndoHistoryRoundTripsThroughJSONSoUndoAfterDecodingTakesBackTheSame() throws {
    var state = TextArea.State(text: "first\r\nsecond", width: 20, height: 5)
    send(.moveToEnd, to: &state)
    type(" word", into: &state)
    send(.insertNewline, .paste("pasted\nlines"), .moveUp, to: &state)
    type("x", into: &state)
    send(.undo, to: &state)  // a step to redo as well as steps to undo
    let encoder = JSONEncoder()
    let decoded = try JSONDecoder().decode(TextArea.State.self, from: encoder.encode(state))
    #expect(decoded == state && decoded.canUndo && decoded.canRedo && decoded.lineEnding == "\r\n")
    // Undo and redo do the same to both, step for step, down to the text first given.
    var original = state
    var restored = decoded
    send(.redo, to: &original)
    send(.redo, to: &restored)
    #expect(restored == original && restored.text.contains("x"))
    while original.canUndo {
      send(.undo, to: &original)
      send(.undo, to: &restored)
      #expect(restored == original)
    }
    #expect(restored.text == "first\r\nsecond", "\(restored.text.debugDescription)")
    #expect(restored.version == TextArea.State(text: "first\r\nsecond").version && !restored.canUndo)
    // Typed after decoding, a character runs on with the typing before it only as it would have.
    var typedOriginal = state
    var typedRestored = decoded
    type("yz", into: &typedOriginal)
    type("yz", into: &typedRestored)
    send(.undo, to: &typedOriginal)
    send(.undo, to: &typedRestored)
    #expect(typedRestored == typedOriginal)
    // Actions round-trip too, a character as a one-character string.
    let actions: [TextArea.Action] = [
      .insert("é"), .insert("👩‍👩‍👧"), .paste("a\nb"), .resize(width: 80, height: 24), .moveCursor(to: TextArea.Position(line: 2, column: 3)),
      .scroll(by: -3), .undo, .deleteToLineEnd,
    ]
    for action in actions {
      let json = try encoder.encode(action)
      #expect(try JSONDecoder().decode(TextArea.Action.self, from: json) == action, "\(String(decoding: json, as: UTF8.self))")
    }
    #expect(String(decoding: try encoder.encode(TextArea.Action.insert("a")), as: UTF8.self) == #"{"insert":{"_0":"a"}}"#)
    // A damaged state is refused, not a crash later.
    for damaged in [#"{"lines":[]"#, #"{"history":{"undoSteps":[{"firstLine":-1,"lines":[],"count":0,"cursor":{"line":0,"column":0},"version":0}],"redoSteps":[]}"#] {
      var object = try #require(JSONSerialization.jsonObject(with: encoder.encode(state)) as? [String: Any])
      let patch = try #require(JSONSerialization.jsonObject(with: Data((damaged + "}").utf8)) as? [String: Any])
      object.merge(patch) { $1 }
      let data = try JSONSerialization.data(withJSONObject: object)
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(TextArea.State.self, from: data) }
    }
  }
}
