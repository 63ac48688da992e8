import Tide

/// A scrollable view of text, soft-wrapped to its width by display width: a wide character, a
/// flag or an emoji sequence is never split between rows, and tabs move to the next multiple of
/// 8 columns.
///
/// Opening a long text costs one pass over its bytes: it is indexed by line, and each line's
/// count of wrapped rows is worked out arithmetically when it is plain ASCII, so 100,000 lines
/// open in milliseconds. Scrolling and drawing wrap only the lines on screen. A resize keeps the
/// first character on screen on screen.
///
/// Tell it its size with ``Action/resize(width:height:)`` from the app's resize action; it wraps
/// at that width.
///
/// ```swift
/// var pager = Viewport.State(text: contents, width: size.columns, height: size.rows - 1)
/// // keys: Viewport.keys.action(for: key).map(Action.pager)
/// // view: Viewport.draw(state.pager, in: body, on: &canvas); "\(state.pager.percentage)%"
/// ```
public struct Viewport: Reducer, Sendable {
  /// The text, its wrapped rows and the scroll position.
  public struct State: Equatable, Sendable {
    /// The text as UTF-8.
    private(set) var bytes: [UInt8] = []
    /// Where each line starts in `bytes`, and one more entry one past the end of the last line's
    /// line feed (real or not).
    private(set) var lineStarts: [Int] = [0]
    /// Whether each line is printable ASCII without tabs: one byte, one column.
    private(set) var isPlainLine: [Bool] = []
    /// The wrapped row each line starts at, and one more entry for the total.
    private(set) var rowStarts: [Int] = [0]
    /// The columns the text wraps at; 0 until known, then every line is one row.
    public private(set) var width: Int
    /// The rows shown; 0 until known.
    public private(set) var height: Int
    /// The first wrapped row shown; the actions keep it within the text.
    public var topRow: Int = 0

    /// The search field, typed after `/` (see `Viewport+Search.swift`).
    public internal(set) var query = TextInput.State(placeholder: "search")
    /// Whether the search query is being typed (after `/`, until enter or esc).
    public internal(set) var isSearching = false
    /// The query last searched for; `nil` when there is no search. Its matches are highlighted.
    public internal(set) var searchedQuery: String?
    /// What the last search or step found, for the app to show: `3 of 12 matches`, `no match for
    /// X`, with `, wrapped to the top` (or bottom) when a step went round; `nil` with no search.
    public internal(set) var searchStatus: String?
    /// The last search, whose matches are found when needed: counted at enter, stepped
    /// through from the current one, found on the lines drawn.
    var matcher: TextMatches?
    /// How many matches the last search found.
    var matchCount = 0
    /// The position among the matches of the one `n` and `N` step from; `nil` when none.
    package internal(set) var currentMatch: Int?
    /// Where that match is, as a byte range of `bytes`; drawn in the theme's selection.
    var currentMatchRange: Range<Int>?

    /// A viewport on `text`, at the top, wrapped at `width` columns and `height` rows high (0:
    /// not yet known).
    public init(text: String = "", width: Int = 0, height: Int = 0) {
      self.width = max(0, width)
      self.height = max(0, height)
      setText(text)
    }

    /// The number of lines of the text (a final line feed ends the last line; it does not
    /// start one more).
    package var lineCount: Int { lineStarts.count - 1 }

    /// The number of rows the wrapped text takes.
    package var rowCount: Int { rowStarts[rowStarts.count - 1] }

    /// The highest ``topRow``: the last row at the bottom of the view.
    package var maximumTopRow: Int { max(0, rowCount - max(1, height)) }

    /// How far down the text the view is, 0…100: 100 when the end is on screen, rounded down
    /// before that.
    public var percentage: Int {
      maximumTopRow == 0 ? 100 : min(100, topRow * 100 / maximumTopRow)
    }

    /// Whether the last row is on screen.
    public var isAtEnd: Bool { topRow >= maximumTopRow }

    /// The line that wrapped row `row` belongs to.
    func line(ofRow row: Int) -> Int {
      rowStarts.lastIndex(startingAtOrBefore: row, among: lineCount)
    }

    /// Calls `body` with the text as the search reads it.
    func withText<Result>(_ body: (TextMatches.Text) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { bytes in
        lineStarts.withUnsafeBufferPointer { lineStarts in
          isPlainLine.withUnsafeBufferPointer { isPlainLine in
            body(TextMatches.Text(bytes: bytes, lineStarts: lineStarts, isPlainLine: isPlainLine))
          }
        }
      }
    }

    /// The bytes of line `line`, without its line feed (or CR LF).
    func bytes(ofLine line: Int) -> ArraySlice<UInt8> {
      let start = lineStarts[line]
      var end = lineStarts[line + 1] - 1
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      return bytes[start..<end]
    }

    /// Replaces the text and goes back to the top, ending any search (its matches were in the
    /// old text): what ``Action/setText(_:)`` does, for a parent that sets the text itself (a
    /// file loaded, a log appended to).
    public mutating func setText(_ text: String) {
      bytes = Array(text.utf8)
      var starts = [0]
      var plainLines: [Bool] = []
      bytes.withUnsafeBufferPointer { buffer in
        var plain = true
        for index in buffer.indices {
          let byte = buffer[index]
          if byte == 0x0A {
            starts.append(index + 1)
            plainLines.append(plain)
            plain = true
          } else if byte < 0x20 || byte >= 0x7F {
            // A CR before the LF is part of the line's end, not of the line.
            if byte != 0x0D || index + 1 == buffer.count || buffer[index + 1] != 0x0A { plain = false }
          }
        }
        if starts.last != buffer.count || starts.count == 1 {
          starts.append(buffer.count + 1)  // the last line's end, as if a line feed followed it
          plainLines.append(plain)
        }
      }
      lineStarts = starts
      isPlainLine = plainLines
      topRow = 0
      clearSearch()
      countRows()
    }

    private mutating func countRows() {
      rowStarts = [0]
      rowStarts.reserveCapacity(lineCount + 1)
      var total = 0
      for line in 0..<lineCount {
        if width == 0 {
          total += 1
        } else if isPlainLine[line] {
          total += max(1, (bytes(ofLine: line).count + width - 1) / width)
        } else {
          total += Viewport.rows(of: bytes(ofLine: line), width: width).count
        }
        rowStarts.append(total)
      }
    }

    /// Scrolls so that `row` is the top row, clamped to the text.
    public mutating func scroll(to row: Int) {
      topRow = min(max(0, row), maximumTopRow)
    }

    /// Scrolls `rows` rows down (up when negative), clamped to the text: what the wheel does
    /// (``Action/scroll(by:)``), for a parent that scrolls the viewport itself.
    public mutating func scroll(by rows: Int) {
      let (sum, overflow) = topRow.addingReportingOverflow(rows)
      scroll(to: overflow ? (rows > 0 ? Int.max : 0) : sum)
    }

    /// Tells the viewport it is `width` columns wide and `height` rows high: what
    /// ``Action/resize(width:height:)`` does, for a parent that handles the terminal's size
    /// itself. The text is wrapped again at the new width, and the first character on screen
    /// stays on screen.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
      // The first character on screen stays on screen: its line and byte are found again in
      // the text wrapped at the new width.
      let line = line(ofRow: topRow)
      let rows = Viewport.rows(of: bytes(ofLine: line), width: width)
      let anchor = rows.isEmpty ? 0 : rows[min(topRow - rowStarts[line], rows.count - 1)].lowerBound
      let widthChanged = newWidth != width
      width = max(0, newWidth)
      height = max(0, newHeight)
      if widthChanged { countRows() }
      let rewrapped = Viewport.rows(of: bytes(ofLine: line), width: width)
      let within = rewrapped.lastIndex { $0.lowerBound <= anchor } ?? 0
      scroll(to: rowStarts[line] + within)
    }
  }

  /// What the viewport can do.
  public enum Action: Equatable, Sendable {
    /// One row up.
    case scrollUp
    /// One row down.
    case scrollDown
    /// A screenful up.
    case pageUp
    /// A screenful down.
    case pageDown
    /// Half a screenful up.
    case halfPageUp
    /// Half a screenful down.
    case halfPageDown
    /// The top of the text.
    case scrollToTop
    /// The end of the text.
    case scrollToBottom
    /// `rows` rows down (up when negative): the wheel, three rows a notch.
    case scroll(by: Int)
    /// Replaces the text and goes back to the top.
    case setText(String)
    /// The viewport is now `width` columns wide and `height` rows high.
    case resize(width: Int, height: Int)
    /// Opens the search field, empty (the `/` key).
    case startSearch
    /// Edits the search query (typing, erasing, readline keys).
    case query(TextInput.Action)
    /// Searches forward from the top row for the query and closes the field (enter); an empty
    /// query ends the search. See ``State/search(for:)``.
    case submitSearch
    /// Closes the search field, keeping the position and the search before it (esc).
    case cancelSearch
    /// Goes to the next match, round to the first after the last (`n`).
    case nextMatch
    /// Goes to the previous match, round to the last before the first (`N`).
    case previousMatch
  }

  /// A viewport.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let page = max(1, state.height)
    switch action {
    case .scrollUp: state.scroll(to: state.topRow - 1)
    case .scrollDown: state.scroll(to: state.topRow + 1)
    case .pageUp: state.scroll(to: state.topRow - page)
    case .pageDown: state.scroll(to: state.topRow + page)
    case .halfPageUp: state.scroll(to: state.topRow - max(1, page / 2))
    case .halfPageDown: state.scroll(to: state.topRow + max(1, page / 2))
    case .scrollToTop: state.scroll(to: 0)
    case .scrollToBottom: state.scroll(to: state.maximumTopRow)
    case .scroll(let rows): state.scroll(by: rows)
    case .setText(let text): state.setText(text)
    case .resize(let width, let height): state.resize(width: width, height: height)
    case .startSearch:
      state.isSearching = true
      state.query = TextInput.State(placeholder: state.query.placeholder)
    case .query(let action): _ = TextInput().reduce(into: &state.query, action: action)
    case .submitSearch: state.search(for: state.query.text)
    case .cancelSearch: state.isSearching = false
    case .nextMatch: state.stepMatch(forward: true)
    case .previousMatch: state.stepMatch(forward: false)
    }
    return .none
  }

  /// The viewport's keys, as a pager's: ↑/k, ↓/j, pgup/b, pgdn/space/f, ctrl-u and ctrl-d by
  /// half a page, home/g, end/G.
  public static let keys = KeyMap<Action>([
    KeyBinding(.up, .character("k"), action: .scrollUp, help: "up", showsInFooter: false),
    KeyBinding(.down, .character("j"), action: .scrollDown, help: "down", showsInFooter: false),
    KeyBinding(.pageUp, .character("b"), action: .pageUp, help: "page up"),
    KeyBinding(.pageDown, .character(" "), .character("f"), action: .pageDown, help: "page down"),
    KeyBinding(.control("u"), action: .halfPageUp, help: "half page up", showsInFooter: false),
    KeyBinding(.control("d"), action: .halfPageDown, help: "half page down", showsInFooter: false),
    KeyBinding(.home, .character("g"), action: .scrollToTop, help: "top", showsInFooter: false),
    KeyBinding(.end, .character("G"), action: .scrollToBottom, help: "bottom", showsInFooter: false),
  ])

  /// Draws the rows from ``State/topRow`` into `rect`, wrapped at ``State/width`` (at the
  /// rectangle's width while the state's is not yet known), in `style` (the theme's
  /// ``Theme/text`` unless given). Only the lines on screen are looked at. A search's matches
  /// on screen are in the theme's ``Theme/accent``, the current one in ``Theme/selection``.
  ///
  /// While the search query is typed it is drawn over the last row of `rect` (`/query`, see
  /// ``drawSearchField(_:in:on:isFocused:)``), unless `showsSearchField` is false: an app that shows the
  /// field elsewhere (in its footer) draws it there itself.
  ///
  /// With `sending`, the wheel scrolls it: ``Action/scroll(by:)``, three rows
  /// a notch, embedded in the app's action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    showsSearchField: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    let style = style ?? canvas.theme.text
    if let sending {
      canvas.addWheelRegion(
        rect, up: sending(.scroll(by: -ScrollWindow.wheelRows)), down: sending(.scroll(by: ScrollWindow.wheelRows)))
    }
    guard !rect.isEmpty, state.lineCount > 0 else { return }
    var rect = rect
    if state.isSearching, showsSearchField {
      drawSearchField(
        state, in: Rect(column: rect.column, row: rect.endRow - 1, width: rect.width, height: 1), on: &canvas,
        isFocused: isFocused)
      rect.height -= 1
      guard !rect.isEmpty else { return }
    }
    let matchStyle = canvas.theme.accent.layered(over: style)
    let currentStyle = canvas.theme.selection.layered(over: style)
    var wrapped = state
    if wrapped.width == 0 || wrapped.height == 0 {
      wrapped.resize(width: wrapped.width == 0 ? rect.width : wrapped.width, height: rect.height)
    }
    canvas.withClip(rect) { canvas in
      var line = wrapped.line(ofRow: wrapped.topRow)
      var skip = wrapped.topRow - wrapped.rowStarts[line]
      var row = rect.row
      while row < rect.endRow, line < wrapped.lineCount {
        let bytes = wrapped.bytes(ofLine: line)
        // The line's matches, found as it is drawn.
        let matches = wrapped.matches(inLine: line)
        var match = 0
        for range in rows(of: bytes, width: wrapped.width).dropFirst(skip) {
          guard row < rect.endRow else { break }
          // Runs of plain and matched text; matches and rows both end between clusters.
          var x = rect.column
          var position = range.lowerBound
          repeat {
            while match < matches.count, matches[match].upperBound <= position { match += 1 }
            let isMatched = match < matches.count && matches[match].lowerBound <= position
            let runEnd = min(
              range.upperBound,
              match < matches.count ? (isMatched ? matches[match].upperBound : matches[match].lowerBound) : Int.max)
            let runStyle = !isMatched ? style : matches[match] == wrapped.currentMatchRange ? currentStyle : matchStyle
            x += canvas.draw(
              text(of: bytes[position..<runEnd], fromColumn: x - rect.column), atColumn: x, row: row, style: runStyle,
              maxWidth: rect.endColumn - x)
            position = runEnd
          } while position < range.upperBound && x < rect.endColumn
          row += 1
        }
        skip = 0
        line += 1
      }
    }
  }

  /// The wrapped rows of one line, as byte ranges of `line` (at least one, maybe empty): each
  /// row takes whole clusters while they fit in `width` columns, a tab going to the next
  /// multiple of 8. Width 0 is one row.
  static func rows(of line: ArraySlice<UInt8>, width: Int) -> [Range<Int>] {
    guard width > 0, !line.isEmpty else { return [line.startIndex..<line.endIndex] }
    if line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      // Printable ASCII: one byte, one column.
      return stride(from: line.startIndex, to: line.endIndex, by: width).map { $0..<min($0 + width, line.endIndex) }
    }
    // The text is valid UTF-8 (it came from a String, cut at line feeds), so offsets in the
    // decoded line are offsets in `line`.
    let text = String(decoding: line, as: UTF8.self)
    var rows: [Range<Int>] = []
    var rowStart = line.startIndex
    var column = 0
    text.forEachCluster { range, clusterWidth in
      let start = line.startIndex + text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      let isTab = line[start] == 0x09
      var characterWidth = isTab ? 8 - column % 8 : clusterWidth
      if column + characterWidth > width, column > 0 {
        rows.append(rowStart..<start)
        rowStart = start
        column = 0
        if isTab { characterWidth = 8 }
      }
      column += characterWidth
      return true
    }
    rows.append(rowStart..<line.endIndex)
    return rows
  }

  /// Part of a row's text as drawn from `column` of the row: tabs become spaces up to the next
  /// multiple of 8.
  private static func text(of row: ArraySlice<UInt8>, fromColumn column: Int) -> String {
    let text = String(decoding: row, as: UTF8.self)
    guard row.contains(0x09) else { return text }
    var expanded = ""
    var column = column
    for character in text {
      if character == "\t" {
        let spaces = 8 - column % 8
        expanded += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        expanded.append(character)
        column += character.displayWidth
      }
    }
    return expanded
  }
}

extension Viewport: Component {
  /// Draws the viewport with the search field while a query is typed (see
  /// ``draw(_:in:on:style:isFocused:showsSearchField:sending:)``), its cursor only while
  /// `isFocused`; the viewport itself has no cursor or selection, so its focus is for the app to
  /// mark (a ``Block``'s border).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil, isFocused: isFocused, sending: sending)
  }
}
