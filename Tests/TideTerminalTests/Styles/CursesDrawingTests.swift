import CNcurses
import Testing
@testable import TideTerminal

@Suite("Drawing styles with ncurses")
struct CursesDrawingTests {
  static let xterm256 = CursesDrawing.Capabilities(profile: .ansi256, colors: 256, strikethrough: true)

  @Test func whatNcursesSaysNeedsNoOverlay() {
    let drawn = CursesDrawing(
      Style(bold: true, dim: true, italic: true, reverse: true, underline: .single, foreground: .indexed(208), background: .blue),
      capabilities: Self.xterm256)
    #expect(drawn.overlay == nil)
    #expect(drawn.attributes == tide_a_bold() | tide_a_dim() | tide_a_italic() | tide_a_reverse() | tide_a_underline())
    #expect(drawn.colors == ColorPairs.Colors(foreground: 208, background: 4))
    #expect(CursesDrawing(.plain, capabilities: Self.xterm256).colors == nil)
  }

  /// COLORTERM=truecolor with TERM=xterm-256color: ncurses draws the nearest palette colour and
  /// the exact 24-bit SGR is written over it.
  @Test func trueColourOnAPaletteTerminalIsWrittenOver() {
    var capabilities = Self.xterm256
    capabilities.profile = .trueColor
    let drawn = CursesDrawing(Style(foreground: Color(hex: "#ff8800")), capabilities: capabilities)
    #expect(drawn.colors == ColorPairs.Colors(foreground: 208, background: -1))
    #expect(drawn.overlay == "\u{1B}[0;38;2;255;136;0m")
    // The same colour under a 256 profile is the palette's, drawn by ncurses alone.
    let palette = CursesDrawing(Style(foreground: Color(hex: "#ff8800")), capabilities: Self.xterm256)
    #expect(palette.overlay == nil && palette.colors?.foreground == 208)
  }

  @Test func aDirectColourTerminalTakesRGBAsNumbers() {
    let direct = CursesDrawing.Capabilities(profile: .trueColor, colors: 1 << 24)
    let drawn = CursesDrawing(Style(foreground: Color(hex: "#ff8800"), background: .indexed(196)), capabilities: direct)
    #expect(drawn.overlay == nil)
    #expect(drawn.colors == ColorPairs.Colors(foreground: 0xFF8800, background: 0xFF0000))
    // 0–7 stay the ANSI colours there; bright ones are the basic ones in bold.
    let ansi = CursesDrawing(Style(foreground: .brightRed, background: Color(hex: "#000001")), capabilities: direct)
    #expect(ansi.colors == ColorPairs.Colors(foreground: 1, background: 8))
    #expect(ansi.attributes & tide_a_bold() != 0)
  }

  @Test func brightColoursOnAnEightColourTerminalAreBold() {
    let linux = CursesDrawing.Capabilities(profile: .ansi16, colors: 8)
    let drawn = CursesDrawing(Style(foreground: .brightGreen), capabilities: linux)
    #expect(drawn.colors == ColorPairs.Colors(foreground: 2, background: -1))
    #expect(drawn.attributes & tide_a_bold() != 0)
    #expect(drawn.overlay == nil)
  }

  @Test func extrasAreWrittenWhereTerminfoHasThemAndPlainElsewhere() {
    let style = Style(underline: .curly, underlineColor: .red, strikethrough: true)
    // xterm-256color: smxx, no Smulx nor Setulc.
    let xterm = CursesDrawing(style, capabilities: Self.xterm256)
    #expect(xterm.overlay == "\u{1B}[0;4;9m")
    #expect(xterm.attributes & tide_a_underline() != 0)
    // kitty: all three.
    let kitty = CursesDrawing.Capabilities(
      profile: .trueColor, colors: 256, strikethrough: true, underlineShapes: true, underlineColor: true)
    #expect(CursesDrawing(style, capabilities: kitty).overlay == "\u{1B}[0;4:3;9;58;5;1m")
    // linux: none; drawn by ncurses alone as a plain underline.
    let linux = CursesDrawing(style, capabilities: CursesDrawing.Capabilities(profile: .ansi16, colors: 8))
    #expect(linux.overlay == nil && linux.attributes == tide_a_underline())
  }

  @Test func noColourKeepsTheAttributes() {
    let none = CursesDrawing.Capabilities(profile: .noColor, colors: 0)
    let drawn = CursesDrawing(Style(bold: true, reverse: true, foreground: Color(hex: "#ff0000")), capabilities: none)
    #expect(drawn.colors == nil && drawn.overlay == nil)
    #expect(drawn.attributes == tide_a_bold() | tide_a_reverse())
  }
}
