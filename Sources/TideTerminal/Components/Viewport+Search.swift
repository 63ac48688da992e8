import Tide

// A viewport's search, as less and vim search: `/` opens a field, enter searches forward from
// the top row, `n` and `N` step through the matches, esc closes the field.

extension Viewport.State {
  /// Searches the whole text for `text` and goes to the first match at or after the top row
  /// (round to the first one when there is none after it): what enter in the search field
  /// does, for a parent that searches itself. An empty `text` ends the search.
  ///
  /// Matching is by grapheme clusters on the unwrapped lines, smartcase: a query without an
  /// uppercase letter ignores case, one with an uppercase letter matches it exactly. The
  /// matches are counted at once, for ``searchStatus``'s count, and found on screen when drawn;
  /// the view scrolls only when the match's wrapped row is not on screen, putting it on the top
  /// row.
  public mutating func search(for text: String) {
    isSearching = false
    guard let matcher = TextMatches(text) else {
      clearSearch()
      return
    }
    searchedQuery = text
    self.matcher = matcher
    currentMatch = nil
    currentMatchRange = nil
    // One pass: every match counted, the first one and the first from the top row kept.
    let top = firstByte(ofRow: topRow)
    var count = 0
    var first: Range<Int>?
    var next: (match: Range<Int>, index: Int)?
    withText { text in
      matcher.forEach(startingAtOrAfter: 0, in: text) { match in
        if count == 0 { first = match }
        if next == nil, match.lowerBound >= top { next = (match, count) }
        count += 1
        return true
      }
    }
    matchCount = count
    if let next {
      go(to: next.match, index: next.index, wrapped: nil)
    } else if let first {
      go(to: first, index: 0, wrapped: "top")
    } else {
      searchStatus = "no match for \(text)"
    }
  }

  /// Ends the search: no field, no matches, no status.
  mutating func clearSearch() {
    isSearching = false
    searchedQuery = nil
    searchStatus = nil
    matcher = nil
    matchCount = 0
    currentMatch = nil
    currentMatchRange = nil
  }

  /// The matches of line `line`, in order; none without a search.
  func matches(inLine line: Int) -> [Range<Int>] {
    guard let matcher else { return [] }
    var matches: [Range<Int>] = []
    withText { text in
      _ = matcher.forEach(inLine: line, of: text) { match in
        matches.append(match)
        return true
      }
    }
    return matches
  }

  /// Goes to the match after (before, unless `forward`) the current one, or when that one is no
  /// longer on screen (the view was scrolled), the first one from the top row on (the last one
  /// before it), going round the text's end and saying so. Only the text between the current
  /// match and the one gone to is searched (the whole text when going round).
  mutating func stepMatch(forward: Bool) {
    guard let searchedQuery, let matcher else { return }
    guard matchCount > 0 else {
      searchStatus = "no match for \(searchedQuery)"
      return
    }
    // Where the next match starts at or after (the previous one before), and its position.
    let from: Int
    let index: Int
    if let currentMatch, let currentMatchRange, isOnScreen(row(ofByte: currentMatchRange.lowerBound)) {
      from = forward ? currentMatchRange.upperBound : currentMatchRange.lowerBound
      index = forward ? currentMatch + 1 : currentMatch - 1
    } else {
      from = firstByte(ofRow: topRow)
      let before = matchesBefore(from)
      index = forward ? before : before - 1
    }
    let found = withText { text in
      forward
        ? matcher.first(startingAtOrAfter: from, in: text)
        : matcher.last(startingBefore: from, in: text)
    }
    if let found {
      go(to: found, index: index, wrapped: nil)
    } else if forward, let first = withText({ matcher.first(startingAtOrAfter: 0, in: $0) }) {
      go(to: first, index: 0, wrapped: "top")
    } else if !forward, let last = withText({ matcher.last(startingBefore: Int.max, in: $0) }) {
      go(to: last, index: matchCount - 1, wrapped: "bottom")
    }
  }

  /// The number of matches that start before `byte`, counted from the current match when there
  /// is one (the text between them searched), else from the start.
  private func matchesBefore(_ byte: Int) -> Int {
    guard let matcher else { return 0 }
    return withText { text in
      guard let currentMatch, let currentMatchRange else { return matcher.count(from: 0, to: byte, in: text) }
      if currentMatchRange.lowerBound <= byte {
        return currentMatch + matcher.count(from: currentMatchRange.lowerBound, to: byte, in: text)
      }
      return currentMatch - matcher.count(from: byte, to: currentMatchRange.lowerBound, in: text)
    }
  }

  /// Makes `match`, match number `index` (from 0), the current one, scrolling its row onto the
  /// top row unless it is on screen, and says where it is.
  private mutating func go(to match: Range<Int>, index: Int, wrapped: String?) {
    currentMatch = index
    currentMatchRange = match
    let row = row(ofByte: match.lowerBound)
    if !isOnScreen(row) { scroll(to: row) }
    let count = matchCount == 1 ? "1 of 1 match" : "\(index + 1) of \(matchCount) matches"
    searchStatus = count + (wrapped.map { ", wrapped to the \($0)" } ?? "")
  }

  private func isOnScreen(_ row: Int) -> Bool { row >= topRow && row < topRow + max(1, height) }

  /// The first byte of wrapped row `row`.
  private func firstByte(ofRow row: Int) -> Int {
    let line = line(ofRow: row)
    let rows = Viewport.rows(of: bytes(ofLine: line), width: width)
    return rows[min(max(0, row - rowStarts[line]), rows.count - 1)].lowerBound
  }

  /// The wrapped row that shows `byte`.
  private func row(ofByte byte: Int) -> Int {
    let line = withText { $0.line(ofByte: byte) }
    let within = Viewport.rows(of: bytes(ofLine: line), width: width).lastIndex { $0.lowerBound <= byte } ?? 0
    return rowStarts[line] + within
  }
}

extension Viewport {
  /// The search keys while reading: `/` opens the field, `n` and `N` step to the next and
  /// previous match. Apart from ``keys`` so that an app whose `/` or `n` means something else
  /// keeps its own; an app that takes them dispatches with ``action(for:in:)``.
  public static let searchKeys = KeyMap<Action>([
    KeyBinding(.character("/"), action: .startSearch, help: "search"),
    KeyBinding(.character("n"), action: .nextMatch, help: "next match", showsInFooter: false),
    KeyBinding(.character("N"), action: .previousMatch, help: "previous match", showsInFooter: false),
  ])

  /// The keys while the query is typed: enter searches, esc cancels, and the query is a
  /// ``TextInput`` with its readline keys.
  public static let searchingKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .submitSearch, help: "search"),
    KeyBinding(.escape, action: .cancelSearch, help: "cancel"),
  ]).followed(by: TextInput.keys.map(Action.query))

  /// The keys that apply in `state`, for dispatch and for help: ``searchingKeys`` while the
  /// query is typed, else ``searchKeys`` followed by ``keys``.
  public static func keys(for state: State) -> KeyMap<Action> {
    state.isSearching ? searchingKeys : searchKeys.followed(by: keys)
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while the query is typed
  /// a character typed into it. While it is typed, keys with no meaning give `nil` and should
  /// not reach the app's commands either.
  public static func action(for key: Key, in state: State) -> Action? {
    if let action = keys(for: state).action(for: key) { return action }
    guard state.isSearching else { return nil }
    return TextInput.action(for: key).map(Action.query)
  }

  /// Draws the search field on the first row of `rect`: `/` in the theme's ``Theme/accent``,
  /// then the query with its cursor while `isFocused`.
  /// ``draw(_:in:on:style:isFocused:showsSearchField:sending:)`` draws it over its last row while
  /// the query is typed; an app that shows it elsewhere calls this.
  public static func drawSearchField(_ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true) {
    guard !rect.isEmpty else { return }
    canvas.fill(Rect(column: rect.column, row: rect.row, width: rect.width, height: 1), style: canvas.theme.text)
    let prompt = canvas.draw("/", atColumn: rect.column, row: rect.row, style: canvas.theme.accent, maxWidth: rect.width)
    TextInput.draw(
      state.query, in: Rect(column: rect.column + prompt, row: rect.row, width: rect.width - prompt, height: 1),
      on: &canvas, isFocused: isFocused)
  }
}
