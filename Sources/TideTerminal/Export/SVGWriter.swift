/// Draws a ``Canvas`` as an SVG image: a monospace grid of the cells' text with their styles.
///
/// Each row is drawn as runs of cells that share a style: a background `<rect>` where the
/// background is not the default, and a `<text>` whose `textLength` pins it to exactly its
/// cells, so the grid stays aligned whatever monospace font the viewer picks. A wide character
/// gets a run of its own two cells. Bold, dim (lower opacity), italic, underline (every shape
/// and colour), strikethrough and reverse (colours swapped) are kept; the 16 colours come from
/// the ``Theme``, palette and RGB colours are drawn exactly. A linked run (``Style/link``) is
/// wrapped in an `<a href>` to its URL, so the image's text is a link. The result is a pure function
/// of the canvas, so screenshots made from it can be checked into a repository and compared.
package enum SVGWriter {
  /// Colours and metrics of the image.
  package struct Theme: Hashable, Sendable {
    /// The default text colour (CSS colour).
    package var foreground: String
    /// The default background colour.
    package var background: String
    /// ANSI colours 0–15.
    package var palette: [String]
    /// The CSS font-family list.
    package var fontFamily: String
    /// The font size in pixels.
    package var fontSize: Int
    /// A cell's width and height in pixels.
    package var cellWidth: Int
    /// A row's height in pixels.
    package var cellHeight: Int

    /// A theme; `palette` must hold 16 colours.
    package init(
      foreground: String, background: String, palette: [String], fontFamily: String, fontSize: Int,
      cellWidth: Int, cellHeight: Int
    ) {
      precondition(palette.count == 16, "a palette has the 16 ANSI colours")
      self.foreground = foreground
      self.background = background
      self.palette = palette
      self.fontFamily = fontFamily
      self.fontSize = fontSize
      self.cellWidth = cellWidth
      self.cellHeight = cellHeight
    }

    /// The look for an app's theme on `background`: ``light`` for a light background or a theme
    /// made for one, else ``dark``.
    package static func forTheme(_ theme: TideTerminal.Theme, background: TerminalBackground = .dark) -> Theme {
      theme.isLight || background == .light ? .light : .dark
    }

    /// Dark text on a white background with the xterm palette, as ``dark`` is otherwise.
    package static let light: Theme = {
      var light = Theme.dark
      light.foreground = "#24292f"
      light.background = "#ffffff"
      return light
    }()

    /// Light text on a dark background with the xterm palette, 15 px text in 9×18 px cells.
    package static let dark = Theme(
      foreground: "#d0d0d0", background: "#1c1c1c",
      palette: [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
      ],
      fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace", fontSize: 15,
      cellWidth: 9, cellHeight: 18)
  }

  /// The SVG document for `canvas`, its colours as `profile` shows them (every colour exactly,
  /// by default).
  package static func document(for canvas: Canvas, theme: Theme = .dark, profile: ColorProfile = .trueColor) -> String {
    let width = canvas.columns * theme.cellWidth
    let height = canvas.rows * theme.cellHeight
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" font-family="\(escaped(theme.fontFamily))" \
      font-size="\(theme.fontSize)" xml:space="preserve">
      <rect width="100%" height="100%" fill="\(theme.background)"/>

      """
    for row in 0..<canvas.rows {
      for var run in runs(of: canvas, row: row) {
        run.style = profile.downgrade(run.style)
        let colors = colors(of: run.style, theme: theme)
        let x = run.column * theme.cellWidth
        let runWidth = run.width * theme.cellWidth
        let top = row * theme.cellHeight
        // A link's run, its background and decorations too, is the link's: one `<a>` around them.
        if let link = run.style.link { svg += "<a href=\"\(escaped(link.url))\">" }
        defer { if run.style.link != nil { svg += "</a>\n" } }
        if let background = colors.background {
          svg += "<rect x=\"\(x)\" y=\"\(top)\" width=\"\(runWidth)\" height=\"\(theme.cellHeight)\" fill=\"\(background)\"/>\n"
        }
        // The baseline sits where a 15 px font's descenders still fit in an 18 px row.
        let baseline = top + theme.cellHeight - (theme.cellHeight - theme.fontSize) / 2 - theme.fontSize / 5
        // A single underline in the text's colour is the text's own decoration; any other
        // shape or colour is drawn as lines, exactly, whatever the viewer makes of CSS.
        let decorates = run.style.underline == .single && run.style.underlineColor == .default
        if let shape = run.style.underline, !decorates {
          let color = run.style.underlineColor == .default ? colors.foreground : hex(of: run.style.underlineColor, theme: theme)
          svg += underline(shape, x: x, width: runWidth, y: baseline + 2, color: color, dim: run.style.dim)
        }
        // Blanks at the ends of a run draw nothing unless underlined or struck through: leave them out.
        var text = Substring(run.text)
        var textX = x
        var textWidth = runWidth
        if !decorates, !run.style.strikethrough, !run.isWide {
          let leading = text.prefix { $0 == " " }.count
          text = text.dropFirst(leading)
          let trailing = text.reversed().prefix { $0 == " " }.count
          text = text.dropLast(trailing)
          textX += leading * theme.cellWidth
          textWidth -= (leading + trailing) * theme.cellWidth
        }
        guard !text.isEmpty else { continue }
        svg += "<text x=\"\(textX)\" y=\"\(baseline)\" textLength=\"\(textWidth)\" lengthAdjust=\"spacingAndGlyphs\""
        svg += " fill=\"\(colors.foreground)\""
        if run.style.bold { svg += " font-weight=\"bold\"" }
        if run.style.italic { svg += " font-style=\"italic\"" }
        if run.style.dim { svg += " opacity=\"0.6\"" }
        switch (decorates, run.style.strikethrough) {
        case (true, true): svg += " text-decoration=\"underline line-through\""
        case (true, false): svg += " text-decoration=\"underline\""
        case (false, true): svg += " text-decoration=\"line-through\""
        case (false, false): break
        }
        svg += ">\(escaped(String(text)))</text>\n"
      }
    }
    return svg + "</svg>\n"
  }

  /// An underline of `shape` under `width` pixels from `x`, its line at `y`.
  static func underline(_ shape: Underline, x: Int, width: Int, y: Int, color: String, dim: Bool) -> String {
    let opacity = dim ? " opacity=\"0.6\"" : ""
    func line(_ y: Int, dashes: String = "") -> String {
      "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x + width)\" y2=\"\(y)\" stroke=\"\(color)\" stroke-width=\"1\"\(dashes)\(opacity)/>\n"
    }
    switch shape {
    case .single: return line(y)
    case .double: return line(y - 1) + line(y + 1)
    case .dotted: return line(y, dashes: " stroke-dasharray=\"1 2\"")
    case .dashed: return line(y, dashes: " stroke-dasharray=\"4 2\"")
    case .curly:
      // Half-waves 3 px long, 1 px up and down: a quadratic curve, then its reflections.
      var path = "M\(x) \(y) q1.5 -2 3 0"
      for _ in 0..<max(0, width / 3 - 1) { path += " t3 0" }
      return "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1\"\(opacity)/>\n"
    }
  }

  /// Cells of one row drawn together: same style, all narrow — or one wide character.
  struct Run {
    var column: Int
    var width: Int
    var style: Style
    /// The cells' ``Cell/styleBits``: cells of a run all have them.
    var styleBits: UInt32
    var text: String
    var isWide = false
  }

  static func runs(of canvas: Canvas, row: Int) -> [Run] {
    var runs: [Run] = []
    var column = 0
    while column < canvas.columns {
      let cell = canvas[column, row]
      if cell.isContinuation {
        column += 1
        continue
      }
      if cell.width == 2 {
        runs.append(Run(column: column, width: 2, style: cell.style, styleBits: cell.styleBits, text: cell.text, isWide: true))
        column += 2
        continue
      }
      if let last = runs.last, !last.isWide, last.styleBits == cell.styleBits, last.column + last.width == column {
        runs[runs.count - 1].width += 1
        runs[runs.count - 1].text += cell.text
      } else {
        runs.append(Run(column: column, width: 1, style: cell.style, styleBits: cell.styleBits, text: cell.text))
      }
      column += 1
    }
    return runs
  }

  /// The fill colours of a style: reverse swaps them, a default background is not drawn.
  static func colors(of style: Style, theme: Theme) -> (foreground: String, background: String?) {
    let foreground = style.foreground == .default ? nil : hex(of: style.foreground, theme: theme)
    let background = style.background == .default ? nil : hex(of: style.background, theme: theme)
    if style.reverse {
      return (background ?? theme.background, foreground ?? theme.foreground)
    }
    return (foreground ?? theme.foreground, background)
  }

  /// The CSS colour of `color`, not the default: an ANSI colour from the theme's palette, any
  /// other as its exact `#rrggbb`.
  static func hex(of color: Color, theme: Theme) -> String {
    if let index = color.ansiIndex { return theme.palette[index] }
    return color.hexString ?? theme.foreground
  }

  /// `text` safe in XML content and attributes; characters XML 1.0 forbids become U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
