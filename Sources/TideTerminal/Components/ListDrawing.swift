/// The drawing a list and a table share: the filter's line and a title with the filter's match
/// highlighted (``SelectionList``, ``Table``, and the rows ``Tree``, ``FilePicker`` and ``Form`` draw).
enum ListDrawing {
  /// Draws a filter's line on the first row of `rect`: `/`, the query (its cursor shown while
  /// `isFiltering` and `isFocused`), and `status` (`K of N`) at the end, in ``Theme/muted``: a
  /// list's status row, a table's filter line.
  static func drawFilterLine(
    query: TextInput.State, isFiltering: Bool, isFocused: Bool, status: String, in rect: Rect, on canvas: inout Canvas
  ) {
    let statusWidth = min(status.displayWidth, max(0, rect.width - 2))
    canvas.drawTruncated(
      status, atColumn: rect.endColumn - statusWidth, row: rect.row, width: statusWidth, style: canvas.theme.muted)
    let prompt = canvas.draw("/", atColumn: rect.column, row: rect.row, style: canvas.theme.accent, maxWidth: rect.width)
    let field = Rect(
      column: rect.column + prompt, row: rect.row, width: rect.width - prompt - statusWidth - 1, height: 1)
    TextInput.draw(query, in: field, on: &canvas, isFocused: isFocused && isFiltering)
  }

  /// Draws `fullTitle` from `column` on `row`, cut with `…` to `width` columns, in `style`, the
  /// characters the filter `matched` in the theme's ``Theme/accent`` over it: a list's row
  /// title, also for the rows ``Tree`` and ``FilePicker`` draw themselves.
  static func drawTitle(
    _ fullTitle: String, matched: Range<Int>, atColumn column: Int, row: Int, width: Int, style: Style,
    on canvas: inout Canvas
  ) {
    let title = fullTitle.truncated(toDisplayWidth: width)
    var x = column
    let end = column + max(0, width)
    guard !matched.isEmpty else {
      canvas.draw(title, atColumn: x, row: row, style: style, maxWidth: width)
      return
    }
    let highlight = canvas.theme.accent.layered(over: style)
    // Runs of plain and matched characters; the truncated title's characters are the title's
    // own up to the ellipsis.
    var run = ""
    var runMatched = false
    for (index, character) in title.enumerated() {
      let isMatched = matched.contains(index) && !(index == title.count - 1 && character == "…" && title != fullTitle)
      if isMatched != runMatched, !run.isEmpty {
        x += canvas.draw(run, atColumn: x, row: row, style: runMatched ? highlight : style, maxWidth: end - x)
        run = ""
      }
      runMatched = isMatched
      run.append(character)
    }
    canvas.draw(run, atColumn: x, row: row, style: runMatched ? highlight : style, maxWidth: end - x)
  }
}
