@testable import TideTerminal

/// A tiny terminal emulator for the escape sequences ``ANSIOutputTerminal`` and
/// ``InlineTerminal`` write: cursor positioning (`CSI r;c H`), relative moves (`CSI n A`,
/// `CSI n B`, `CSI n G`, CR, LF — which scrolls the top line into ``scrollback`` at the bottom),
/// erase display (`CSI 2 J`, `CSI J`), SGR (`CSI …m`), cursor visibility, and the wrap at the
/// last column. Anything else fails the decode, so an encoder that starts writing something
/// new is noticed. LF does not return the carriage (as a tty without ONLCR).
struct ANSIInterpreter {
  struct DecodeError: Error, CustomStringConvertible {
    var description: String
  }

  private(set) var cells: [[Cell]]
  private(set) var columns: Int
  private(set) var rows: Int
  private var column = 0
  private var row = 0
  private var style = Style.plain
  private(set) var cursorHidden = false
  private var joinsNext = false
  private var lastWritten: (column: Int, row: Int)?
  /// The lines scrolled off the top, oldest first.
  private(set) var scrollback: [[Cell]] = []
  /// The cursor's line and column.
  var cursor: (column: Int, row: Int) { (column, row) }

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
  }

  /// A resize keeps what fits, as terminals do.
  mutating func resize(columns: Int, rows: Int) {
    var resized = Array(repeating: Array(repeating: Cell.blank, count: columns), count: rows)
    for r in 0..<min(rows, self.rows) {
      for c in 0..<min(columns, self.columns) { resized[r][c] = cells[r][c] }
    }
    cells = resized
    self.columns = columns
    self.rows = rows
  }

  mutating func feed(_ data: String) throws {
    // A terminal reads scalars, not grapheme clusters: it is told each scalar's width by wcwidth.
    let characters = data.unicodeScalars.map(Character.init)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\u{1B}" {
        guard index + 1 < characters.count, characters[index + 1] == "[" else {
          throw DecodeError(description: "ESC not followed by [ at \(index)")
        }
        var parameters = ""
        var end = index + 2
        while end < characters.count, let ascii = characters[end].asciiValue, (0x30...0x3F).contains(ascii) {
          parameters.append(characters[end])
          end += 1
        }
        guard end < characters.count else { throw DecodeError(description: "unfinished CSI") }
        try control(parameters: parameters, final: characters[end])
        index = end + 1
        continue
      }
      switch character {
      case "\r":
        column = 0
        joinsNext = false
      case "\n":
        lineFeed()
        joinsNext = false
      default:
        put(character)
      }
      index += 1
    }
  }

  private mutating func control(parameters: String, final: Character) throws {
    joinsNext = false
    switch final {
    case "H":
      let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
      row = (numbers.first ?? 1) - 1
      column = (numbers.count > 1 ? numbers[1] : 1) - 1
    case "J" where parameters == "2":
      cells = Array(repeating: Array(repeating: Cell(" ", style: style), count: columns), count: rows)
    case "J" where parameters.isEmpty || parameters == "0":
      for r in row..<rows {
        for c in (r == row ? min(column, columns) : 0)..<columns { cells[r][c] = Cell(" ", style: style) }
      }
    case "A", "B", "G":
      guard let count = parameters.isEmpty ? 1 : Int(parameters) else { throw DecodeError(description: "CSI \(parameters)\(final)") }
      switch final {
      case "A": row = max(0, row - count)
      case "B": row = min(rows - 1, row + count)
      default: column = min(columns - 1, count - 1)
      }
    case "l" where parameters == "?25":
      cursorHidden = true
    case "m":
      var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)[...]
      while let code = codes.popFirst() {
        switch code {
        case "0", "": style = .plain
        case "1": style.bold = true
        case "2": style.dim = true
        case "3": style.italic = true
        case "4": style.underline = .single
        case "4:2", "4:3", "4:4", "4:5": style.underline = Underline(rawValue: UInt8(code.last!.wholeNumberValue!))
        case "7": style.reverse = true
        case "9": style.strikethrough = true
        case "38": style.foreground = try extendedColor(&codes)
        case "48": style.background = try extendedColor(&codes)
        case "58": style.underlineColor = try extendedColor(&codes)
        default:
          guard let number = Int(code) else { throw DecodeError(description: "SGR \(code)") }
          switch number {
          case 30...37: style.foreground = .indexed(UInt8(number - 30))
          case 90...97: style.foreground = .indexed(UInt8(number - 90 + 8))
          case 40...47: style.background = .indexed(UInt8(number - 40))
          case 100...107: style.background = .indexed(UInt8(number - 100 + 8))
          default: throw DecodeError(description: "SGR \(code)")
          }
        }
      }
    default:
      throw DecodeError(description: "CSI \(parameters)\(final)")
    }
  }

  /// The colour of `5;N` or `2;R;G;B` after a 38, 48 or 58.
  private func extendedColor(_ codes: inout ArraySlice<String>) throws -> Color {
    switch codes.popFirst() {
    case "5":
      guard let index = codes.popFirst().flatMap({ UInt8($0) }) else { throw DecodeError(description: "SGR 5;N without N") }
      return .indexed(index)
    case "2":
      let components = (0..<3).compactMap { _ in codes.popFirst().flatMap { UInt8($0) } }
      guard components.count == 3 else { throw DecodeError(description: "SGR 2;R;G;B cut short") }
      return Color(red: components[0], green: components[1], blue: components[2])
    default:
      throw DecodeError(description: "SGR extended colour without 5 or 2")
    }
  }

  /// Writes one scalar as a terminal does: a scalar with a width takes the next cells; a
  /// zero-width one, or anything after a zero-width joiner, joins the cell written last.
  private mutating func put(_ character: Character) {
    let scalar = character.unicodeScalars.first!
    let width = joinsNext ? 0 : DisplayWidth.width(of: scalar)
    joinsNext = scalar.value == 0x200D
    guard row < rows else { return }
    if width == 0 {
      if let (lastColumn, lastRow) = lastWritten {
        let last = cells[lastRow][lastColumn]
        cells[lastRow][lastColumn] = Cell(
          content: Cell.content(of: last.text + String(scalar)), style: last.style, width: last.width)
      }
      return
    }
    if column >= columns {
      // The wrap a terminal makes at the last column.
      column = 0
      lineFeed()
    }
    // Writing over half of a wide character erases its other half.
    if column > 0, cells[row][column].isContinuation { cells[row][column - 1] = Cell(" ", style: cells[row][column - 1].style) }
    if width == 1, column + 1 < columns, cells[row][column + 1].isContinuation {
      cells[row][column + 1] = Cell(" ", style: cells[row][column + 1].style)
    }
    if width == 2, column + 2 < columns, cells[row][column + 2].isContinuation {
      cells[row][column + 2] = Cell(" ", style: cells[row][column + 2].style)
    }
    cells[row][column] = Cell(content: Cell.content(of: String(scalar)), style: style, width: Int8(width))
    lastWritten = (column, row)
    if width == 2, column + 1 < columns {
      // Canvas marks the right half the same way: a continuation in the wide cell's style.
      cells[row][column + 1] = continuation(style)
    }
    column += width
  }

  /// Down a line; at the bottom the screen scrolls, its top line into the scrollback.
  private mutating func lineFeed() {
    if row < rows - 1 {
      row += 1
      return
    }
    scrollback.append(cells.removeFirst())
    cells.append(Array(repeating: .blank, count: columns))
    if let (lastColumn, lastRow) = lastWritten { lastWritten = lastRow > 0 ? (lastColumn, lastRow - 1) : nil }
  }

  /// The text of line `row` of the screen, trailing spaces dropped.
  func line(_ row: Int) -> String {
    Self.text(of: cells[row])
  }

  /// The text of a line of cells, trailing spaces dropped.
  static func text(of line: [Cell]) -> String {
    var text = line.filter { !$0.isContinuation }.map(\.text).joined()
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  private func continuation(_ style: Style) -> Cell {
    var canvas = Canvas(columns: 2, rows: 1)
    canvas.draw("日", atColumn: 0, row: 0, style: style)
    return canvas[1, 0]
  }

  /// Whether the screen shows `canvas`: every cell's character and style, wide ones included.
  func mismatches(with canvas: Canvas) -> [String] {
    var found: [String] = []
    for r in 0..<canvas.rows {
      for c in 0..<canvas.columns {
        let expected = canvas[c, r]
        let actual = cells[r][c]
        if expected.isContinuation != actual.isContinuation
          || (!expected.isContinuation && (expected.text != actual.text || expected.style != actual.style))
        {
          found.append("(\(c),\(r)): expected \(expected.text) \(expected.style), got \(actual.text) \(actual.style)")
        }
      }
    }
    return found
  }
}
