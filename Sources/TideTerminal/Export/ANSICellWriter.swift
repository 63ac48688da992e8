/// Writes cells as ANSI text — one `CSI 0;…m` where the style changes (see
/// ``ANSIOutputTerminal/selectGraphicRendition(_:)``), `OSC 8` around the cells of a link — for
/// every writer of escape sequences: ``ANSIOutputTerminal`` (casts) and ``InlineTerminal`` (the
/// live area of an inline app). Where the cursor goes is the caller's business.
struct ANSICellWriter {
  /// The colours the escape sequences may use.
  let profile: ColorProfile
  /// The ``Cell/styleBits`` of the SGR state the terminal is in, or `nil` when unknown.
  private var styleBits: UInt32?
  /// The link open (OSC 8) for the cells written next, if any.
  private var link: Hyperlink?

  init(profile: ColorProfile) {
    self.profile = profile
  }

  /// Switches style (and link) if needed and writes the cell's text, all of it.
  mutating func write(_ cell: Cell, to output: inout String) {
    if styleBits != cell.styleBits {
      let style = cell.style
      output += ANSIOutputTerminal.selectGraphicRendition(profile.downgrade(style))
      styleBits = cell.styleBits
      if style.link != link {
        if link != nil { output += Hyperlink.closeSequence }
        if let opened = style.link { output += opened.openSequence }
        link = style.link
      }
    }
    output += cell.text
  }

  /// Closes an open link and resets to plain attributes: ahead of an erase, which fills with the
  /// current background.
  mutating func reset(_ output: inout String) {
    if link != nil {
      output += Hyperlink.closeSequence
      link = nil
    }
    if styleBits != Cell.blank.styleBits {
      output += "\u{1B}[0m"
      styleBits = Cell.blank.styleBits
    }
  }

  /// Forgets the style the terminal is in: anything may be written before the next cell.
  mutating func forgetStyle() {
    styleBits = nil
  }

  /// Ends a frame: no link outlives it (the next frame opens it again where it goes on).
  mutating func endFrame(_ output: inout String) {
    guard link != nil else { return }
    output += Hyperlink.closeSequence
    link = nil
    styleBits = nil
  }
}
