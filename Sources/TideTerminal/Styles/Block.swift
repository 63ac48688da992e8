/// A frame around part of the screen: a margin, a border with a title and a footer on it, and
/// padding; ``draw(in:on:)`` draws it and hands back the rectangle left inside for the content.
///
/// ```swift
/// let inner = Block(title: "Expenses", footer: "3 of 12", footerAlignment: .trailing, padding: Insets(horizontal: 1))
///   .draw(in: area, on: &canvas)
/// Table.draw(state.table, rows: state.expenses, in: inner, on: &canvas)
/// ```
///
/// Drawn with the canvas's ``Theme``: the border in its ``Theme/border`` role and shape
/// (``Theme/borders``) unless the block has its own, the labels in ``Theme/title`` and
/// ``Theme/muted``; with `isFocused`, the border in ``Theme/focus``. A label too long for the
/// edge is cut with `…`; a rectangle too small for the border draws no border.
public struct Block: Hashable, Sendable {
  /// The border's shape; `nil` for the theme's.
  public var border: Border?
  /// The label on the top edge, or `nil`.
  public var title: String?
  /// Where on the top edge the title sits.
  public var titleAlignment: Alignment
  /// The label on the bottom edge, or `nil`.
  public var footer: String?
  /// Where on the bottom edge the footer sits.
  public var footerAlignment: Alignment
  /// Space between the border and the content.
  public var padding: Insets
  /// Space outside the border, within the rectangle given.
  public var margin: Insets
  /// Whether the block holds the focused component: its border is drawn in the focus role.
  public var isFocused: Bool

  /// A block with a border, and any labels, padding and margin given.
  public init(
    border: Border? = nil, title: String? = nil, titleAlignment: Alignment = .leading, footer: String? = nil,
    footerAlignment: Alignment = .leading, padding: Insets = .zero, margin: Insets = .zero, isFocused: Bool = false
  ) {
    self.border = border
    self.title = title
    self.titleAlignment = titleAlignment
    self.footer = footer
    self.footerAlignment = footerAlignment
    self.padding = padding
    self.margin = margin
    self.isFocused = isFocused
  }

  /// The rectangle inside `rect` left for the content: within the margin, the border and the padding.
  public func inner(of rect: Rect) -> Rect {
    let framed = margin.inset(rect)
    guard framed.width >= 2, framed.height >= 2 else { return padding.inset(framed) }
    return padding.inset(framed.inset(by: 1))
  }

  /// Draws the border and its labels in `rect` (within the margin) and returns ``inner(of:)``.
  @discardableResult
  public func draw(in rect: Rect, on canvas: inout Canvas) -> Rect {
    let framed = margin.inset(rect)
    let theme = canvas.theme
    if framed.width >= 2, framed.height >= 2 {
      let style = isFocused ? theme.focus : theme.border
      canvas.drawBorder(framed, border ?? theme.borders, style: style)
      drawLabel(title, alignment: titleAlignment, row: framed.row, in: framed, style: theme.title, on: &canvas)
      drawLabel(footer, alignment: footerAlignment, row: framed.endRow - 1, in: framed, style: theme.muted, on: &canvas)
    }
    return inner(of: rect)
  }

  /// A label on an edge, a space either side, kept off the corners.
  private func drawLabel(_ label: String?, alignment: Alignment, row: Int, in rect: Rect, style: Style, on canvas: inout Canvas) {
    guard let label, !label.isEmpty, rect.width > 4 else { return }
    let text = " " + label.truncated(toDisplayWidth: rect.width - 4) + " "
    let width = text.displayWidth
    let column = rect.column + 1 + alignment.offset(of: width, in: rect.width - 2)
    canvas.draw(text, atColumn: column, row: row, style: style, maxWidth: rect.width - 2)
  }
}
