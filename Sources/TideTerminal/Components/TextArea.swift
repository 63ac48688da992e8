import Tide

/// A text of several lines to edit: soft-wrapped by display width, moved through by grapheme
/// cluster and by visual row, with readline's editing keys, paste of many lines, optional line
/// numbers, and undo and redo.
///
/// The text is kept as an array of lines, and nothing of its layout is kept: the lines on
/// screen, and those a move or a scroll passes over, are wrapped when they are needed (see
/// `WrappedLine`). Opening 100,000 lines is one pass over the bytes; a keystroke at any size
/// costs the line it edits and the rows on screen; a paste of 10,000 lines replaces one line
/// with them. The scroll position is a line and a row within it (``State/topLine``,
/// ``State/topLineRow``), so it needs no count of the rows above it.
///
/// Like ``TextInput``, it never lets a typed control character into the text (tab included:
/// tab is left to the app, where it moves the focus of a ``FocusRing``); a paste keeps its
/// tabs and line breaks and drops other control characters. A text given by the app (a file)
/// is kept exactly as it is: characters that cannot be typed are drawn visibly (`␛`,
/// `<U+200B>`), never raw to the terminal, and saving changes only what was edited.
///
/// ```swift
/// var text = TextArea.State(text: contents, showsLineNumbers: true)
/// // reducer: Scope(state: \.text, action: Self.text) { TextArea() }
/// // keys, while focused: TextArea.action(for: key).map(Action.text)
/// // paste: .text(.paste(pasted))
/// // resize: .text(.resize(width: body.width, height: body.height))
/// // view: TextArea.draw(state.text, in: body, on: &canvas, isFocused: true, sending: { Action.text($0) })
/// ```
public struct TextArea: Reducer, Sendable {
  /// A place in the text: before character `column` (a grapheme cluster, from 0) of line `line`
  /// (from 0); a column equal to the line's length is its end.
  public struct Position: Hashable, Sendable, Comparable, Codable {
    /// The line, from 0.
    public var line: Int
    /// The grapheme cluster of the line the cursor is before, from 0.
    public var column: Int

    /// The place before character `column` of line `line`.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }

    /// Earlier in the text.
    public static func < (left: Position, right: Position) -> Bool {
      (left.line, left.column) < (right.line, right.column)
    }
  }

  /// The text, the cursor, the scroll position, the size, and the undo history.
  ///
  /// The app sets the text with ``setText(_:)``, the cursor with ``moveCursor(to:)`` (or
  /// ``cursor`` itself), the size with ``resize(width:height:)`` and the scroll position with
  /// ``scroll(by:)`` and ``scroll(toLine:)`` (or ``topLine`` itself). A cursor or a scroll
  /// position out of range — set by the app, or left behind by a shorter text — is clamped to
  /// the text by every action and by drawing, never a crash.
  public struct State: Equatable, Sendable {
    /// The lines, without their line breaks; always at least one (an empty text is one empty
    /// line).
    public internal(set) var lines: [String]
    /// Where the cursor is; clamped to the text by every action and by drawing.
    public var cursor: Position
    /// The line at the top of the view; clamped to the text.
    public var topLine: Int
    /// The wrapped row of ``topLine`` at the top of the view (0 for its first); clamped.
    public var topLineRow: Int
    /// The columns the area is drawn in, line numbers included; 0 until known (each line is
    /// then one row).
    public private(set) var width: Int
    /// The rows the area is drawn in; 0 until known.
    public private(set) var height: Int
    /// Whether each line's number is drawn before it, in ``Theme/muted``, in a column as wide
    /// as the last line's number and a space.
    public var showsLineNumbers: Bool
    /// Shown dimmed while the text is empty.
    public var placeholder: String
    /// The line break ``text`` joins the lines with: the one the text given to
    /// ``setText(_:)`` used (its first line break, `\r\n` or `\n`; `\n` when it had none).
    public internal(set) var lineEnding: String
    /// A number for what the text is now: it changes with every edit and comes back to an
    /// earlier value when undo or redo brings back the text it stood for. An app keeps the
    /// version it saved and shows the text as modified while the version differs.
    public internal(set) var version: Int = 0
    /// The last version given out: every edit's version is new.
    var lastVersion: Int = 0
    /// The column up and down aim for while they repeat, so that a short line passed over does
    /// not pull the cursor to its left; `nil` after any other action.
    var goalColumn: Int?
    /// The undo and redo steps.
    var history = TextEditHistory()

    /// An area holding `text` exactly as it is, the cursor at its start.
    public init(text: String = "", placeholder: String = "", showsLineNumbers: Bool = false, width: Int = 0, height: Int = 0) {
      lines = [""]
      cursor = Position(line: 0, column: 0)
      topLine = 0
      topLineRow = 0
      self.width = max(0, width)
      self.height = max(0, height)
      self.showsLineNumbers = showsLineNumbers
      self.placeholder = placeholder
      lineEnding = "\n"
      setText(text)
    }

    /// The text: the lines joined by ``lineEnding``.
    public var text: String { lines.joined(separator: lineEnding) }

    /// Whether the text is empty.
    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !history.undoSteps.isEmpty }

    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Replaces the text with `text` exactly as it is, the cursor and the view at its start and
    /// no undo history: what ``Action/setText(_:)`` does, for a parent that loads a file.
    ///
    /// The text is split at its line feeds in one pass over its bytes; when its first line
    /// break is `\r\n`, that is the ``lineEnding`` and the `\r` before each line feed is taken
    /// off the line (and put back by ``text``).
    public mutating func setText(_ text: String) {
      (lines, lineEnding) = TextLines.lines(of: text)
      cursor = Position(line: 0, column: 0)
      topLine = 0
      topLineRow = 0
      goalColumn = nil
      history = TextEditHistory()
      lastVersion += 1
      version = lastVersion
    }

    /// Tells the area it is `width` columns wide and `height` rows high: what
    /// ``Action/resize(width:height:)`` does. The text is wrapped at the new width; the first
    /// character on screen stays at the top, then the view moves as little as it must to show
    /// the cursor.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
      clamp()
      let old = WrappedLine(lines[topLine], width: textWidth)
      let anchor = old.rowStarts[min(topLineRow, old.rowCount - 1)]
      width = max(0, newWidth)
      height = max(0, newHeight)
      topLineRow = WrappedLine(lines[topLine], width: textWidth).row(of: anchor)
      scrollToCursor()
    }

    /// Scrolls the view `rows` wrapped rows down (up when negative), no further than the last
    /// row at the bottom: what the wheel does (``Action/scroll(by:)``). The cursor stays
    /// where it is; the next move or edit brings it back into view.
    public mutating func scroll(by rows: Int) {
      clamp()
      var top = RowPlace(line: topLine, row: topLineRow)
      if rows < 0 {
        top = advance(top, by: rows == Int.min ? Int.min + 1 : rows)
      } else {
        let last = RowPlace(line: lines.count - 1, row: rowCount(ofLine: lines.count - 1) - 1)
        let highest = advance(last, by: -(max(1, height) - 1))
        top = min(advance(top, by: rows), max(highest, top))
      }
      (topLine, topLineRow) = (top.line, top.row)
    }

    /// Scrolls so that `line` (clamped to the text) is at the top of the view.
    public mutating func scroll(toLine line: Int) {
      topLine = min(max(0, line), lines.count - 1)
      topLineRow = 0
    }

    /// Puts the cursor at `position`, clamped to the text, and scrolls to show it: what
    /// ``Action/moveCursor(to:)`` (a click) does, for a parent that moves the cursor itself.
    public mutating func moveCursor(to position: Position) {
      cursor = position
      clamp()
      history.endRun()
      scrollToCursor()
    }

    // MARK: - Layout

    /// The columns of the line number column: the last line's number and a space, or none
    /// when line numbers are off or the area is too narrow to show text beside them.
    var gutterWidth: Int {
      guard showsLineNumbers else { return 0 }
      let columns = String(lines.count).count + 1
      return width == 0 || width > columns ? columns : 0
    }

    /// The columns the text wraps at: the width less the line numbers' column.
    var textWidth: Int { max(0, width - gutterWidth) }

    /// The rows line `line` takes.
    func rowCount(ofLine line: Int) -> Int { WrappedLine.rowCount(of: lines[line], width: textWidth) }

    /// A wrapped row of the text: row `row` of line `line`.
    struct RowPlace: Comparable {
      var line: Int
      var row: Int
      static func < (left: RowPlace, right: RowPlace) -> Bool { (left.line, left.row) < (right.line, right.row) }
    }

    /// The row `rows` rows after `place` (before it when negative), stopping at the first and
    /// last rows of the text; it wraps only the lines it passes.
    func advance(_ place: RowPlace, by rows: Int) -> RowPlace {
      var place = place
      var remaining = rows
      while remaining > 0 {
        let count = rowCount(ofLine: place.line)
        if remaining < count - place.row {
          place.row += remaining
          return place
        }
        guard place.line + 1 < lines.count else { return RowPlace(line: place.line, row: count - 1) }
        remaining -= count - place.row
        place = RowPlace(line: place.line + 1, row: 0)
      }
      while remaining < 0 {
        if remaining >= -place.row {
          place.row += remaining
          return place
        }
        guard place.line > 0 else { return RowPlace(line: 0, row: 0) }
        remaining += place.row + 1
        place = RowPlace(line: place.line - 1, row: rowCount(ofLine: place.line - 1) - 1)
      }
      return place
    }

    /// Brings the cursor and the scroll position within the text.
    mutating func clamp() {
      if lines.isEmpty { lines = [""] }
      cursor.line = min(max(0, cursor.line), lines.count - 1)
      cursor.column = min(max(0, cursor.column), lines[cursor.line].count)
      topLine = min(max(0, topLine), lines.count - 1)
      topLineRow = min(max(0, topLineRow), rowCount(ofLine: topLine) - 1)
    }

    /// Scrolls as little as needed for the cursor's row to be in view.
    mutating func scrollToCursor() {
      let rows = max(1, height)
      let cursorRow = RowPlace(line: cursor.line, row: WrappedLine(lines[cursor.line], width: textWidth).row(of: cursor.column))
      let top = RowPlace(line: topLine, row: topLineRow)
      if cursorRow < top {
        (topLine, topLineRow) = (cursorRow.line, cursorRow.row)
        return
      }
      // The rows from the top to the cursor, counted only while they could be on screen.
      var distance = cursorRow.line - top.line >= rows ? rows : -top.row
      if distance < rows {
        for line in top.line..<cursorRow.line where distance < rows { distance += rowCount(ofLine: line) }
        distance += cursorRow.row
      }
      if distance >= rows {
        let newTop = advance(cursorRow, by: -(rows - 1))
        (topLine, topLineRow) = (newTop.line, newTop.row)
      }
    }

    // MARK: - Editing

    /// Replaces lines `range` with `newLines`, the cursor then at `newCursor`, as one undo step
    /// or part of the `run` on top.
    mutating func replace(_ range: Range<Int>, with newLines: [String], cursor newCursor: Position, run: TextEditHistory.Run?) {
      history.record(
        replacing: lines[range], at: range.lowerBound, with: newLines.count, cursor: cursor, version: version, run: run)
      lines.replaceSubrange(range, with: newLines)
      cursor = newCursor
      lastVersion += 1
      version = lastVersion
    }

    /// The cursor's line as grapheme clusters.
    var cursorCharacters: [Character] { Array(lines[cursor.line]) }

    /// Erases characters `range` of the cursor's line, the cursor then at its start.
    mutating func erase(_ range: Range<Int>, run: TextEditHistory.Run?) {
      guard !range.isEmpty else { return }
      var characters = cursorCharacters
      characters.removeSubrange(range)
      replace(
        cursor.line..<cursor.line + 1, with: [String(characters)], cursor: Position(line: cursor.line, column: range.lowerBound),
        run: run)
    }

    /// Joins the cursor's line and the next one, the cursor where they meet.
    mutating func joinWithNextLine(cursorAt column: Int, run: TextEditHistory.Run?) {
      guard cursor.line + 1 < lines.count else { return }
      let line = cursor.line
      replace(line..<line + 2, with: [lines[line] + lines[line + 1]], cursor: Position(line: line, column: column), run: run)
    }

    /// Joins the cursor's line to the one before it, the cursor where they meet.
    mutating func joinWithPreviousLine(run: TextEditHistory.Run?) {
      guard cursor.line > 0 else { return }
      let line = cursor.line - 1
      cursor = Position(line: line, column: lines[line].count)
      joinWithNextLine(cursorAt: cursor.column, run: run)
    }

    /// Inserts `pasted` lines at the cursor: the first joins the text before the cursor, the
    /// last the text after it; the cursor ends after the last.
    mutating func insert(lines pasted: [String], run: TextEditHistory.Run?) {
      guard let first = pasted.first, let last = pasted.last, pasted.count > 1 || !first.isEmpty else { return }
      let characters = cursorCharacters
      let before = String(characters[..<cursor.column])
      let after = String(characters[cursor.column...])
      var newLines = pasted
      newLines[0] = before + first
      newLines[newLines.count - 1] += after
      // Counted in the joined text: a combining mark typed after a letter joins its cluster.
      let column = pasted.count == 1 ? newLines[0].count - after.count : last.count
      replace(
        cursor.line..<cursor.line + 1, with: newLines, cursor: Position(line: cursor.line + pasted.count - 1, column: column),
        run: run)
    }

    /// Undoes the step on top, keeping what it takes out for redo.
    mutating func undo() {
      guard let step = history.popUndo() else { return }
      history.pushRedo(apply(step))
    }

    /// Redoes the last undone step, keeping what it takes out for undo.
    mutating func redo() {
      guard let step = history.popRedo() else { return }
      history.pushUndo(apply(step))
    }

    /// Puts `step`'s lines back, its cursor and version with them, and returns the step that
    /// takes this back.
    private mutating func apply(_ step: TextEditHistory.Step) -> TextEditHistory.Step {
      let first = min(step.firstLine, lines.count)
      let range = first..<min(lines.count, first + step.count)
      let inverse = TextEditHistory.Step(
        firstLine: first, lines: Array(lines[range]), count: step.lines.count, cursor: cursor, version: version)
      lines.replaceSubrange(range, with: step.lines)
      if lines.isEmpty { lines = [""] }
      cursor = step.cursor
      version = step.version
      return inverse
    }

    /// Moves the cursor `rows` wrapped rows down (up when negative), towards the column it
    /// started from (``goalColumn``); past the first row to the text's start, past the last to
    /// its end.
    mutating func moveVertically(by rows: Int) {
      let width = textWidth
      var layout = WrappedLine(lines[cursor.line], width: width)
      var place = RowPlace(line: cursor.line, row: layout.row(of: cursor.column))
      let goal = goalColumn ?? layout.column(of: cursor.column)
      var remaining = rows
      while remaining != 0 {
        if remaining > 0 {
          if place.row + 1 < layout.rowCount {
            place.row += 1
          } else if place.line + 1 < lines.count {
            place = RowPlace(line: place.line + 1, row: 0)
            layout = WrappedLine(lines[place.line], width: width)
          } else {
            cursor = Position(line: place.line, column: layout.characters.count)
            goalColumn = nil
            return
          }
          remaining -= 1
        } else {
          if place.row > 0 {
            place.row -= 1
          } else if place.line > 0 {
            place = RowPlace(line: place.line - 1, row: 0)
            layout = WrappedLine(lines[place.line], width: width)
            place.row = layout.rowCount - 1
          } else {
            cursor = Position(line: 0, column: 0)
            goalColumn = nil
            return
          }
          remaining += 1
        }
      }
      cursor = Position(line: place.line, column: layout.index(atColumn: goal, row: place.row))
      goalColumn = goal
    }
  }

  /// What the area can do: each key of ``keys`` sends one of these.
  public enum Action: Equatable, Sendable {
    /// Types a character at the cursor (refused when it is a control character, tab
    /// included).
    case insert(Character)
    /// Breaks the line at the cursor (enter).
    case insertNewline
    /// Inserts pasted text at the cursor as one undo step: its line breaks (`\n`, `\r\n`,
    /// `\r`, U+2028…) break lines, its tabs are kept and other control characters dropped.
    case paste(String)
    /// Replaces the text, exactly as it is, the cursor at its start and no undo history.
    case setText(String)
    /// The area is now `width` columns wide and `height` rows high.
    case resize(width: Int, height: Int)
    /// One character left, to the end of the line before at a line's start.
    case moveLeft
    /// One character right, to the start of the next line at a line's end.
    case moveRight
    /// One wrapped row up, at the column the moves up and down started from.
    case moveUp
    /// One wrapped row down, at the column the moves up and down started from.
    case moveDown
    /// A page (the area's height) up: the cursor and the view move together.
    case pageUp
    /// A page (the area's height) down: the cursor and the view move together.
    case pageDown
    /// To the start of the word before the cursor, across line breaks.
    case moveWordLeft
    /// To the end of the word after the cursor, across line breaks.
    case moveWordRight
    /// To the start of the cursor's line.
    case moveToLineStart
    /// To the end of the cursor's line.
    case moveToLineEnd
    /// To the start of the text.
    case moveToStart
    /// To the end of the text.
    case moveToEnd
    /// Erases the character before the cursor; at a line's start, joins it to the line before.
    case deleteBackward
    /// Erases the character after the cursor; at a line's end, joins the next line to it.
    case deleteForward
    /// Erases from the start of the word before the cursor to the cursor; at a line's start,
    /// joins it to the line before.
    case deleteWordBackward
    /// Erases from the cursor to the end of the word after it; at a line's end, joins the next
    /// line to it.
    case deleteWordForward
    /// Erases from the start of the line to the cursor.
    case deleteToLineStart
    /// Erases from the cursor to the end of the line; at its end, joins the next line to it
    /// (emacs' ctrl-k).
    case deleteToLineEnd
    /// Takes back the last edit: a run of typing or erasing, a paste, a line break.
    case undo
    /// Does again the last edit undone, while nothing else was edited since.
    case redo
    /// Puts the cursor at a place (a click), clamped to the text.
    case moveCursor(to: Position)
    /// Scrolls the view `rows` rows down (up when negative) without moving the cursor: the
    /// wheel, three rows a notch.
    case scroll(by: Int)
  }

  /// A text area.
  public init() {}

  /// Applies `action`; see ``Action``. Any action but typing and erasing ends a run of them, so
  /// that the next is a step of its own for undo.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.clamp()
    let goal = state.goalColumn
    state.goalColumn = nil
    switch action {
    case .insert, .insertNewline, .deleteBackward, .deleteForward: break
    default: state.history.endRun()
    }
    let line = state.cursor.line
    let column = state.cursor.column
    switch action {
    case .insert(let character):
      guard TypedCharacters.isTypeable(character) else { break }
      state.insert(lines: [String(character)], run: .typing)
    case .insertNewline:
      state.insert(lines: ["", ""], run: .typing)
      state.history.endRun()
    case .paste(let text): state.insert(lines: TextLines.pastedLines(text), run: nil)
    case .setText(let text): state.setText(text)
    case .resize(let width, let height):
      state.resize(width: width, height: height)
      return .none
    case .moveLeft:
      if column > 0 {
        state.cursor.column -= 1
      } else if line > 0 {
        state.cursor = Position(line: line - 1, column: state.lines[line - 1].count)
      }
    case .moveRight:
      if column < state.lines[line].count {
        state.cursor.column += 1
      } else if line + 1 < state.lines.count {
        state.cursor = Position(line: line + 1, column: 0)
      }
    case .moveUp, .moveDown, .pageUp, .pageDown:
      state.goalColumn = goal
      let page = max(1, state.height)
      switch action {
      case .moveUp: state.moveVertically(by: -1)
      case .moveDown: state.moveVertically(by: 1)
      case .pageUp:
        state.scroll(by: -page)
        state.moveVertically(by: -page)
      default:
        state.scroll(by: page)
        state.moveVertically(by: page)
      }
    case .moveWordLeft:
      if column == 0, line > 0 {
        state.cursor = Position(line: line - 1, column: state.lines[line - 1].count)
      }
      state.cursor.column = WordBoundaries.wordStart(in: state.cursorCharacters, before: state.cursor.column)
    case .moveWordRight:
      if column == state.lines[line].count, line + 1 < state.lines.count {
        state.cursor = Position(line: line + 1, column: 0)
      }
      state.cursor.column = WordBoundaries.wordEnd(in: state.cursorCharacters, after: state.cursor.column)
    case .moveToLineStart: state.cursor.column = 0
    case .moveToLineEnd: state.cursor.column = state.lines[line].count
    case .moveToStart: state.cursor = Position(line: 0, column: 0)
    case .moveToEnd: state.cursor = Position(line: state.lines.count - 1, column: state.lines[state.lines.count - 1].count)
    case .deleteBackward:
      if column > 0 {
        state.erase(column - 1..<column, run: .erasing)
      } else {
        state.joinWithPreviousLine(run: .erasing)
      }
    case .deleteForward:
      if column < state.lines[line].count {
        state.erase(column..<column + 1, run: .erasing)
      } else {
        state.joinWithNextLine(cursorAt: column, run: .erasing)
      }
    case .deleteWordBackward:
      if column > 0 {
        state.erase(WordBoundaries.wordStart(in: state.cursorCharacters, before: column)..<column, run: nil)
      } else {
        state.joinWithPreviousLine(run: nil)
      }
    case .deleteWordForward:
      if column < state.lines[line].count {
        state.erase(column..<WordBoundaries.wordEnd(in: state.cursorCharacters, after: column), run: nil)
      } else {
        state.joinWithNextLine(cursorAt: column, run: nil)
      }
    case .deleteToLineStart: state.erase(0..<column, run: nil)
    case .deleteToLineEnd:
      if column < state.lines[line].count {
        state.erase(column..<state.lines[line].count, run: nil)
      } else {
        state.joinWithNextLine(cursorAt: column, run: nil)
      }
    case .undo: state.undo()
    case .redo: state.redo()
    case .moveCursor(let position):
      state.cursor = position
      state.clamp()
    case .scroll(let rows):
      state.scroll(by: rows)
      return .none
    }
    state.scrollToCursor()
    return .none
  }

  /// The area's keys: readline's and emacs' for moving and erasing, as ``TextInput/keys`` has
  /// them, within a line — ←/ctrl-b, →/ctrl-f, alt-b/alt-← and alt-f/alt-→ by word,
  /// home/ctrl-a and end/ctrl-e to the line's start and end, backspace, delete/ctrl-d,
  /// ctrl-w/alt-backspace and alt-d by word, ctrl-u to the line's start, ctrl-k to its end (or
  /// the line break) — and for the lines: ↑/ctrl-p and ↓/ctrl-n by wrapped row, pgup and pgdn,
  /// alt-< / ctrl-home and alt-> / ctrl-end to the text's start and end, enter for a new line.
  ///
  /// Undo is alt-u and redo alt-e, as in nano: ctrl-z stops the program in every Tide app (the
  /// shell's job control), and ctrl-_ (readline's undo) cannot be typed on many keyboards nor
  /// written in a key script. Printable characters are typed (see ``action(for:)``); tab, esc
  /// and function keys are left to the app.
  public static let keys = KeyMap<Action>([
    KeyBinding(.left, .control("b"), action: .moveLeft, help: "left", showsInFooter: false),
    KeyBinding(.right, .control("f"), action: .moveRight, help: "right", showsInFooter: false),
    KeyBinding(.up, .control("p"), action: .moveUp, help: "up", showsInFooter: false),
    KeyBinding(.down, .control("n"), action: .moveDown, help: "down", showsInFooter: false),
    KeyBinding(.pageUp, action: .pageUp, help: "page up", showsInFooter: false),
    KeyBinding(.pageDown, action: .pageDown, help: "page down", showsInFooter: false),
    KeyBinding(.alt(.character("b")), .alt(.left), action: .moveWordLeft, help: "word left", showsInFooter: false),
    KeyBinding(.alt(.character("f")), .alt(.right), action: .moveWordRight, help: "word right", showsInFooter: false),
    KeyBinding(.home, .control("a"), action: .moveToLineStart, help: "line start", showsInFooter: false),
    KeyBinding(.end, .control("e"), action: .moveToLineEnd, help: "line end", showsInFooter: false),
    KeyBinding(
      .alt(.character("<")), .modified(.home, .control), action: .moveToStart, help: "text start", showsInFooter: false),
    KeyBinding(.alt(.character(">")), .modified(.end, .control), action: .moveToEnd, help: "text end", showsInFooter: false),
    KeyBinding(.enter, action: .insertNewline, help: "new line", showsInFooter: false),
    KeyBinding(.backspace, action: .deleteBackward, help: "erase left", showsInFooter: false),
    KeyBinding(.delete, .control("d"), action: .deleteForward, help: "erase right", showsInFooter: false),
    KeyBinding(
      .control("w"), .alt(.backspace), action: .deleteWordBackward, help: "erase word left", showsInFooter: false),
    KeyBinding(.alt(.character("d")), action: .deleteWordForward, help: "erase word right", showsInFooter: false),
    KeyBinding(.control("u"), action: .deleteToLineStart, help: "erase to line start", showsInFooter: false),
    KeyBinding(.control("k"), action: .deleteToLineEnd, help: "erase to line end", showsInFooter: false),
    KeyBinding(.alt(.character("u")), action: .undo, help: "undo"),
    KeyBinding(.alt(.character("e")), action: .redo, help: "redo"),
  ])

  /// The action for `key` while the area has focus: a binding of ``keys``, else typing a
  /// printable character; `nil` for anything else (tab, esc, function keys, other
  /// alt-chords), which the area ignores and the app may bind.
  public static func action(for key: Key) -> Action? {
    if let action = keys.action(for: key) { return action }
    if case .character(let character) = key, TypedCharacters.isTypeable(character) { return .insert(character) }
    return nil
  }

  /// Draws the rows of the text from the scroll position into `rect`: line numbers (when
  /// ``State/showsLineNumbers``) in ``Theme/muted``, the text in ``Theme/text``, and, when
  /// `isFocused`, the cursor's cell in ``Theme/cursor`` (the whole cell of a wide character),
  /// where the terminal's own cursor shows too (``Canvas/showCursor(atColumn:row:)``);
  /// the placeholder in ``Theme/muted`` while the text is empty. Only the lines on screen are
  /// wrapped.
  ///
  /// The text wraps at the state's size when `rect` is that size, else at `rect`'s (the scroll
  /// position kept, the cursor brought into view), so an area the app has not told its size
  /// still draws right.
  ///
  /// With `sending`, a press puts the cursor at the character under the pointer (the whole
  /// cluster, also on the right half of a wide character; the line's start on its number; the
  /// row's end past its text; the text's end below it) — ``Action/moveCursor(to:)`` — and the
  /// wheel scrolls three rows a notch — ``Action/scroll(by:)`` — each embedded in the app's
  /// action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    var view = state
    view.clamp()
    if view.width != rect.width || view.height != rect.height { view.resize(width: rect.width, height: rect.height) }
    let theme = canvas.theme
    let style = theme.text
    let cursorStyle = theme.cursor.layered(over: style)
    let mutedStyle = theme.muted.layered(over: style)
    let gutter = view.gutterWidth
    let textColumn = rect.column + gutter
    let textWidth = rect.width - gutter
    // The line and layout of each row drawn, for the pointer.
    var shown: [(line: Int, row: Int, layout: WrappedLine)] = []
    canvas.withClip(rect) { canvas in
      var line = view.topLine
      var firstRow = view.topLineRow
      var y = rect.row
      while y < rect.endRow, line < view.lines.count {
        let layout = WrappedLine(view.lines[line], width: textWidth)
        if gutter > 0, firstRow == 0 {
          let number = String(line + 1)
          canvas.draw(number, atColumn: textColumn - 1 - number.count, row: y, style: mutedStyle)
        }
        for row in firstRow..<layout.rowCount where y < rect.endRow {
          let isCursorRow = isFocused && line == view.cursor.line && layout.row(of: view.cursor.column) == row
          if isCursorRow { canvas.showCursor(atColumn: textColumn + layout.column(of: view.cursor.column), row: y) }
          let range = layout.range(ofRow: row)
          if layout.isPlainASCII {
            canvas.draw(layout.asciiText(range), atColumn: textColumn, row: y, style: style, maxWidth: textWidth)
          }
          for index in range where !layout.isPlainASCII || (isCursorRow && index == view.cursor.column) {
            let character = layout.characters[index]
            let shownForm = character == "\t" ? String(repeating: " ", count: layout.widths[index]) : TypedCharacters.visibleForm(of: character)
            canvas.draw(
              shownForm, atColumn: textColumn + layout.columns[index], row: y,
              style: isCursorRow && index == view.cursor.column ? cursorStyle : style,
              maxWidth: textWidth - layout.columns[index])
          }
          if isCursorRow, view.cursor.column == layout.characters.count {
            if view.isEmpty, !view.placeholder.isEmpty {
              let placeholder = Array(view.placeholder)
              canvas.draw(String(placeholder[0]), atColumn: textColumn, row: y, style: cursorStyle, maxWidth: textWidth)
              canvas.draw(String(placeholder.dropFirst()), atColumn: textColumn + placeholder[0].displayWidth, row: y, style: mutedStyle)
            } else {
              canvas.draw(" ", atColumn: textColumn + layout.column(of: view.cursor.column), row: y, style: cursorStyle)
            }
          } else if view.isEmpty {
            canvas.draw(view.placeholder, atColumn: textColumn, row: y, style: mutedStyle, maxWidth: textWidth)
          }
          shown.append((line, row, layout))
          y += 1
        }
        firstRow = 0
        line += 1
      }
    }
    guard let sending else { return }
    // Its value is computed at each press: checked now, so a mistake shows when drawn.
    canvas.checkActionReachesApp(sending(.moveCursor(to: Position(line: 0, column: 0))))
    let end = Position(line: view.lines.count - 1, column: view.lines[view.lines.count - 1].count)
    canvas.addHitRegion(rect) { [shown] event -> (any Sendable)? in
      switch event.kind {
      case .scrollUp: return sending(.scroll(by: -ScrollWindow.wheelRows))
      case .scrollDown: return sending(.scroll(by: ScrollWindow.wheelRows))
      default: guard event.isPrimaryPress else { return nil }
      }
      guard event.row >= 0, event.row < shown.count else { return sending(.moveCursor(to: end)) }
      let (line, row, layout) = shown[event.row]
      let column = event.column < gutter ? layout.rowStarts[row] : layout.index(atColumn: event.column - gutter, row: row)
      return sending(.moveCursor(to: Position(line: line, column: column)))
    }
  }
}

extension TextArea: Component {
  /// ``keys``, in every state.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// The same as ``action(for:)``: what a key does does not depend on the text.
  public static func action(for key: Key, in state: State) -> Action? { action(for: key) }
}
