extension Style {
  /// This style drawn on top of `base`: its colours where it has them (`base`'s where they are
  /// the default), the attributes of both, and its link, else `base`'s. How a component puts a role on a row already
  /// drawn in another, such as the accent of a filter's match on the selected row.
  package func layered(over base: Style) -> Style {
    Style(
      bold: bold || base.bold, dim: dim || base.dim, italic: italic || base.italic, reverse: reverse || base.reverse,
      underline: underline ?? base.underline,
      underlineColor: underlineColor == .default ? base.underlineColor : underlineColor,
      strikethrough: strikethrough || base.strikethrough,
      foreground: foreground == .default ? base.foreground : foreground,
      background: background == .default ? base.background : background,
      link: link ?? base.link)
  }
}
