import Testing
import Tide
import TideTerminal

/// Issue 40: the terminal's own cursor is at the focused text component's caret — so input
/// methods compose there and screen readers follow it — and hidden elsewhere.
@Suite("The terminal's cursor")
struct TerminalCursorTests {
  @Test func aFocusedTextInputPutsItAtItsCaretPastWideCharacters() {
    var state = TextInput.State(text: "漢字ab")
    state.cursor = 3  // before "b": 漢 and 字 take two columns each
    var canvas = Canvas(columns: 20, rows: 3)
    TextInput.draw(state, in: Rect(column: 4, row: 1, width: 10, height: 1), on: &canvas, isFocused: true)
    #expect(canvas.cursorPosition?.column == 4 + 5 && canvas.cursorPosition?.row == 1)
    state.cursor = 4
    TextInput.draw(state, in: Rect(column: 4, row: 1, width: 10, height: 1), on: &canvas, isFocused: true)
    #expect(canvas.cursorPosition?.column == 4 + 6, "at the end: the cell after the text")
  }

  @Test func anUnfocusedOneOrAFrameWithoutOneHidesIt() {
    var canvas = Canvas(columns: 20, rows: 3)
    TextInput.draw(TextInput.State(text: "abc"), in: canvas.bounds, on: &canvas, isFocused: false)
    #expect(canvas.cursorPosition == nil)
    canvas.showCursor(atColumn: 2, row: 0)
    canvas.clear()
    #expect(canvas.cursorPosition == nil, "a new frame starts without it")
  }

  @Test func aFocusedTextAreaPutsItOnTheWrappedRowOfItsCaret() {
    var state = TextArea.State(text: "one two three\nfour", showsLineNumbers: true)
    // Ten columns of text beside the gutter "1 ": "one two th" then "ree"; the caret on the
    // first "e" of "ree".
    state.cursor = TextArea.Position(line: 0, column: 11)
    var canvas = Canvas(columns: 12, rows: 5)
    TextArea.draw(state, in: canvas.bounds, on: &canvas, isFocused: true)
    #expect(canvas.text(ofRow: 1) == "  ree", "\(canvas.text())")
    #expect(canvas.cursorPosition?.row == 1 && canvas.cursorPosition?.column == 3)
  }

  @Test func aPositionOutsideTheClipHidesIt() {
    var canvas = Canvas(columns: 10, rows: 2)
    canvas.withClip(Rect(column: 0, row: 0, width: 4, height: 1)) { $0.showCursor(atColumn: 6, row: 0) }
    #expect(canvas.cursorPosition == nil)
  }
}
