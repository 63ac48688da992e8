extension Color {
  /// One colour on a dark terminal background and another on a light one, chosen where it is
  /// drawn: a ``Canvas`` draws `dark` or `light` by its ``Canvas/background`` — the terminal's,
  /// found once as a live app starts (see ``TerminalBackground``), and in a replay dark unless
  /// `--background light`.
  ///
  /// For a colour of the app's own that must read well on both backgrounds — a 24-bit or palette
  /// colour, which the user's terminal theme does not adjust as it does the 16 ANSI colours:
  ///
  /// ```swift
  /// let link = Style(underline: .single, foreground: .adaptive(light: Color(hex: "#0969da"), dark: Color(hex: "#7aa2f7")))
  /// canvas.draw("tide.dev", atColumn: 0, row: 2, style: link)
  /// ```
  ///
  /// The choice is made as the colour goes into the canvas's cells, so a cell — and what the
  /// renderer, an SVG or a cast reads of it — only ever holds a plain colour. An adaptive colour
  /// given for `light` or `dark` gives that side of itself; two equal sides are that colour.
  public static func adaptive(light: Color, dark: Color) -> Color {
    let lightBits = light.bits >> (light.isAdaptive ? 32 : 0) & concreteMask
    let darkBits = dark.bits & concreteMask
    guard lightBits != darkBits else { return Color(bits: darkBits) }
    return Color(bits: adaptiveFlag | lightBits << 32 | darkBits)
  }

  /// The colour drawn on `background`: the side of an ``adaptive(light:dark:)`` colour for it,
  /// or this colour itself when it is not adaptive.
  public func resolved(for background: TerminalBackground) -> Color {
    guard isAdaptive else { return self }
    return Color(bits: background == .light ? bits >> 32 & Color.concreteMask : bits & Color.concreteMask)
  }

  /// Whether this is an ``adaptive(light:dark:)`` colour with two different sides.
  package var isAdaptive: Bool { bits & Color.adaptiveFlag != 0 }

  /// The flag of an adaptive colour's bits.
  static let adaptiveFlag: UInt64 = 1 << 63
  /// The bits of a plain colour: its kind and value.
  static let concreteMask: UInt64 = 0x3FF_FFFF
}

extension Style {
  /// This style as drawn on `background`: each of its colours ``Color/resolved(for:)``. A style
  /// without an adaptive colour — nearly every one — is returned as it is, after one test.
  package func resolved(for background: TerminalBackground) -> Style {
    guard (foreground.bits | self.background.bits | underlineColor.bits) & Color.adaptiveFlag != 0 else { return self }
    var style = self
    style.foreground = foreground.resolved(for: background)
    style.background = self.background.resolved(for: background)
    style.underlineColor = underlineColor.resolved(for: background)
    return style
  }
}
