extension SelectionList {
  /// One row as ``SelectionList/draw(_:rows:in:on:style:isFocused:sending:drawingRow:)`` hands
  /// it to an app that draws its rows itself: the app's element, where and how to draw it, and
  /// what the filter matched, so a row of the app's own keeps the filter's highlight.
  public struct ShownRow {
    /// Where the row is in the app's collection.
    public var index: Int
    /// Where the row is among those shown (after the filter): what ``Action/select(position:)``
    /// takes.
    public var position: Int
    /// The app's element.
    public var row: Row
    /// Whether it is the selected row.
    public var isSelected: Bool
    /// The list's style: for the selected row, whose lines are already filled with it, the
    /// theme's ``Theme/selection`` while the list has the focus and ``Theme/accent`` without it;
    /// else the list's text style.
    public var style: Style
    /// The row's lines: one, or two when the list shows descriptions.
    public var rect: Rect
    /// The filter's query, folded; empty without a filter.
    let query: [UInt8]

    /// The characters of `text` that the filter's query matches (the first match, as the
    /// filter finds it in a title); empty without a filter or a match. Give it the text the
    /// filter searched, the row's title, to highlight what made the row shown.
    public func matchedCharacters(in text: String) -> Range<Int> {
      FilterIndex.matchedCharacters(of: query, in: text)
    }

    /// Draws `title` on the row's first line from `column` to the row's end, cut with `…`, in
    /// `style` (the row's ``style`` unless given), the characters the filter matched in the
    /// theme's ``Theme/accent`` over it, as the list draws its own titles. Returns the columns
    /// drawn.
    @discardableResult
    public func drawTitle(_ title: String, atColumn column: Int, style: Style? = nil, on canvas: inout Canvas) -> Int {
      let width = max(0, rect.endColumn - column)
      ListDrawing.drawTitle(
        title, matched: matchedCharacters(in: title), atColumn: column, row: rect.row, width: width,
        style: style ?? self.style, on: &canvas)
      return min(title.displayWidth, width)
    }
  }
}
