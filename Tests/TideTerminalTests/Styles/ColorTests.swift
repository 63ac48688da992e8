import Testing
@testable import TideTerminal

@Suite("Color")
struct ColorTests {
  @Test func hexStringsNameTheirColour() {
    #expect(Color(hex: "#7aa2f7") == Color(red: 0x7A, green: 0xA2, blue: 0xF7))
    #expect(Color(hex: "7AA2F7") == Color(red: 0x7A, green: 0xA2, blue: 0xF7))
    #expect(Color(hex: "#fa0") == Color(red: 0xFF, green: 0xAA, blue: 0x00))
    #expect(Color(hex: "#000000").value == .rgb(red: 0, green: 0, blue: 0))
  }

  @Test(arguments: ["", "#", "#12345", "#1234567", "#gg0000", "red", "#12 456", "+123456", "#-12345"])
  func aBadHexIsReportedAndDrawnAsTheDefault(text: String) {
    withKnownIssue {
      #expect(Color(hex: text) == .default)
    }
  }

  @Test func theFirstSixteenPaletteColoursAreTheANSIColours() {
    #expect(Color.indexed(1) == .red && Color.indexed(15) == .brightWhite && Color.indexed(0) == .black)
    #expect(Color.indexed(16).value == .indexed(16) && Color.indexed(255).paletteIndex == 255)
    #expect(Color.default.value == .default && Color.brightBlack.ansiIndex == 8)
  }

  /// Every style survives the cell's packing, whether in the cell's own bits or the table.
  @Test func stylesSurviveACell() {
    let colors: [Color] = [.default, .red, .brightWhite, .indexed(208), Color(hex: "#123456")]
    for bits in 0..<32 {
      for underline in [nil] + Underline.allCases.map(Optional.some) {
        for foreground in colors {
          for background in colors {
            for underlineColor in [Color.default, .indexed(99)] {
              let style = Style(
                bold: bits & 1 != 0, dim: bits & 2 != 0, italic: bits & 4 != 0, reverse: bits & 8 != 0, underline: underline,
                underlineColor: underlineColor, strikethrough: bits & 16 != 0, foreground: foreground, background: background)
              #expect(Cell("x", style: style).style == style)
            }
          }
        }
      }
    }
  }

  /// The styles of the default theme never touch the table: a cell holds them in its own bits.
  @Test func ansiStylesAreStoredInTheCellItself() {
    for style in Theme.default.roles + Theme.mono.roles {
      #expect(style.directBits != nil)
      #expect(style.packed & StyleTable.flag == 0)
    }
    #expect(Theme.dark.text.packed & StyleTable.flag != 0)
    #expect(Theme.dark.text.packed == Theme.dark.text.packed)
  }
}
