import Foundation
import Testing
import TideTestSupport

/// Issue 40: in a real terminal the cursor is at the focused text input's caret — past wide
/// characters, moved by ←, hidden again at the exit's restore — and the cells ncurses writes
/// after it land where they belong (the caret's move is ncurses' idea of the cursor too; before,
/// a backspace ncurses counted from the wrong place wrote 字 over 漢).
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct TerminalCursorTmuxTests {
  @Test func theCursorIsAtTheCaretOfTheFocusedInput() async throws {
    let binary = try requireBuiltExecutable("tide-textinput")
    let session = TmuxSession(label: "caret", columns: 80, rows: 12)
    try await session.startApp(binary, [], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color")
    try await session.waitForScreen(containing: "your name")
    // `Name: ` starts at column 1, so the text at column 7.
    #expect(try await session.display("#{cursor_flag} #{cursor_x},#{cursor_y}") == "1 7,1", "at the empty field")
    for (typed, shown, column) in [("漢", "Name: 漢", 9), ("字", "Name: 漢字", 11), ("a", "Name: 漢字a", 12)] {
      try await session.type(typed)
      try await session.waitForScreen(containing: shown)
      try await session.waitForDisplay("#{cursor_x}", toBe: "\(column)", what: "the caret after \(typed)")
    }
    try await session.send("Left", "Left")
    try await session.waitForDisplay("#{cursor_x}", toBe: "9", what: "the caret before 字")
    #expect(try await session.capture().contains("Name: 漢字a"), "nothing written over")
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 0)
    #expect(try await session.display("#{cursor_flag}#{alternate_on}#{mouse_any_flag}") == "100", "the cursor shown, the screen and modes the shell's")
  }
}
