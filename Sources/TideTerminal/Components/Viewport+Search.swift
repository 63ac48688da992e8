import Tide

// A viewport's search, as less and vim search: `/` opens a field, enter searches forward from
// the top row, `n` and `N` step through the matches, esc closes the field.

extension Viewport.State {
  /// Searches the whole text for `text` and goes to the first match at or after the top row
  /// (round to the first one when there is none after it): what enter in the search field
  /// does, for a parent that searches itself. An empty `text` ends the search.
  ///
  /// Matching is by grapheme clusters on the unwrapped lines, smartcase: a query without an
  /// uppercase letter ignores case, one with an uppercase letter matches it exactly. Every match
  /// is found at once, for ``searchStatus``'s count; the view scrolls only when the match's
  /// wrapped row is not on screen, putting it on the top row.
  public mutating func search(for text: String) {
    isSearching = false
    guard !text.isEmpty else {
      clearSearch()
      return
    }
    searchedQuery = text
    matches = TextMatches.ranges(of: text, in: bytes, lineStarts: lineStarts, isPlainLine: isPlainLine)
    currentMatch = nil
    guard !matches.isEmpty else {
      searchStatus = "no match for \(text)"
      return
    }
    let next = firstMatch(startingAtOrAfter: firstByte(ofRow: topRow))
    go(toMatch: next == matches.count ? 0 : next, wrapped: next == matches.count ? "top" : nil)
  }

  /// Ends the search: no field, no matches, no status.
  mutating func clearSearch() {
    isSearching = false
    searchedQuery = nil
    searchStatus = nil
    matches = []
    currentMatch = nil
  }

  /// Goes to the match after (before, unless `forward`) the current one, or when that one is no
  /// longer on screen (the view was scrolled), the first one from the top row on (the last one
  /// before it), going round the text's end and saying so.
  mutating func stepMatch(forward: Bool) {
    guard let searchedQuery else { return }
    guard !matches.isEmpty else {
      searchStatus = "no match for \(searchedQuery)"
      return
    }
    let next: Int
    if let currentMatch, isOnScreen(row(ofByte: matches[currentMatch].lowerBound)) {
      next = forward ? currentMatch + 1 : currentMatch - 1
    } else {
      let top = firstMatch(startingAtOrAfter: firstByte(ofRow: topRow))
      next = forward ? top : top - 1
    }
    if next == matches.count {
      go(toMatch: 0, wrapped: "top")
    } else if next < 0 {
      go(toMatch: matches.count - 1, wrapped: "bottom")
    } else {
      go(toMatch: next, wrapped: nil)
    }
  }

  /// Makes match `index` the current one, scrolling its row onto the top row unless it is on
  /// screen, and says where it is.
  private mutating func go(toMatch index: Int, wrapped: String?) {
    currentMatch = index
    let row = row(ofByte: matches[index].lowerBound)
    if !isOnScreen(row) { scroll(to: row) }
    let count = matches.count == 1 ? "1 of 1 match" : "\(index + 1) of \(matches.count) matches"
    searchStatus = count + (wrapped.map { ", wrapped to the \($0)" } ?? "")
  }

  private func isOnScreen(_ row: Int) -> Bool { row >= topRow && row < topRow + max(1, height) }

  /// The position in ``matches`` of the first match that starts at `byte` or after it.
  private func firstMatch(startingAtOrAfter byte: Int) -> Int {
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if matches[middle].lowerBound < byte { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position in ``matches`` of the first match that ends after `byte`: the first one a row
  /// from `byte` on can show.
  func firstMatch(endingAfter byte: Int) -> Int {
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if matches[middle].upperBound <= byte { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first byte of wrapped row `row`.
  private func firstByte(ofRow row: Int) -> Int {
    let line = line(ofRow: row)
    let rows = Viewport.rows(of: bytes(ofLine: line), width: width)
    return rows[min(max(0, row - rowStarts[line]), rows.count - 1)].lowerBound
  }

  /// The wrapped row that shows `byte`.
  private func row(ofByte byte: Int) -> Int {
    var low = 0
    var high = lineCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= byte { low = middle } else { high = middle - 1 }
    }
    let within = Viewport.rows(of: bytes(ofLine: low), width: width).lastIndex { $0.lowerBound <= byte } ?? 0
    return rowStarts[low] + within
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
