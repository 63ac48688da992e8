// The names public API had before this month's renames, kept as deprecated forwarders so that an
// app written against them still builds, with a warning and a fix-it to the new name.

extension TextInput {
  /// Draws the field with its cursor while `showsCursor`: the old name of
  /// ``draw(_:in:on:style:isFocused:sending:)``'s `isFocused`.
  @available(*, deprecated, renamed: "draw(_:in:on:style:isFocused:sending:)")
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, showsCursor: Bool,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    draw(state, in: rect, on: &canvas, style: style, isFocused: showsCursor, sending: sending)
  }
}

extension Viewport.Action {
  /// Scrolls `rows` rows: the old name of ``scroll(by:)``.
  @available(*, deprecated, renamed: "scroll(by:)")
  public static func scroll(rows: Int) -> Self { .scroll(by: rows) }
}

extension TextArea.Action {
  /// Scrolls `rows` rows: the old name of ``scroll(by:)``.
  @available(*, deprecated, renamed: "scroll(by:)")
  public static func scroll(rows: Int) -> Self { .scroll(by: rows) }
}
