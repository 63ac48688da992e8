import Testing
import TideTestSupport
@testable import TideTerminal

@Suite("ColorProfile")
struct ColorProfileTests {
  /// The environment and terminfo's colour count, and the profile they give.
  static let detection: [([String: String], Int?, ColorProfile)] = [
    ([:], nil, .noColor),
    (["TERM": "dumb"], nil, .noColor),
    (["TERM": "vt100"], -1, .noColor),
    (["TERM": "xterm-mono"], 2, .noColor),
    (["TERM": "xterm"], 8, .ansi16),
    (["TERM": "xterm-16color"], 16, .ansi16),
    (["TERM": "rxvt-88color"], 88, .ansi16),
    (["TERM": "xterm-256color"], 256, .ansi256),
    (["TERM": "xterm-direct"], 1 << 24, .trueColor),
    (["TERM": "foot-direct"], nil, .trueColor),
    (["TERM": "xterm-256color", "COLORTERM": "truecolor"], 256, .trueColor),
    (["TERM": "xterm-256color", "COLORTERM": "24bit"], 256, .trueColor),
    (["TERM": "xterm-256color", "COLORTERM": "TrueColor"], 256, .trueColor),
    (["TERM": "xterm-256color", "COLORTERM": "yes"], 256, .ansi256),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], 256, .noColor),
    (["TERM": "xterm-256color", "NO_COLOR": ""], 256, .ansi256),
    (["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"], 256, .noColor),
    (["TERM": "xterm-256color", "NO_COLOR": "1", "TIDE_COLOR": "256"], 256, .ansi256),
    (["TERM": "xterm", "TIDE_COLOR": "truecolor"], 8, .trueColor),
    (["TERM": "xterm-direct", "TIDE_COLOR": "16"], 1 << 24, .ansi16),
    (["TERM": "xterm-256color", "TIDE_COLOR": "none"], 256, .noColor),
    (["TERM": "xterm-256color", "TIDE_COLOR": "auto"], 256, .ansi256),
    (["TERM": "xterm-256color", "TIDE_COLOR": ""], 256, .ansi256),
  ]

  @Test(arguments: detection.indices)
  func theProfileComesFromTheEnvironmentAndTerminfo(index: Int) throws {
    let (environment, colors, expected) = Self.detection[index]
    #expect(try ColorProfile.detect(environment: environment, terminfoColors: colors) == expected, "\(environment) \(colors as Any)")
  }

  @Test func anUnknownTideColorNamesTheAllowedValues() {
    #expect(throws: UnknownName(source: "TIDE_COLOR", value: "lots", allowed: ["none", "16", "256", "truecolor"])) {
      try ColorProfile.detect(environment: ["TIDE_COLOR": "lots"], terminfoColors: 256)
    }
    let error = UnknownName(source: "TIDE_COLOR", value: "lots", allowed: ["none", "16", "256", "truecolor"])
    #expect(error.description == "TIDE_COLOR: unknown value 'lots' (allowed: none, 16, 256, truecolor)")
  }

  /// Entries of xterm's 256-colour table (256colres.h), as xterm lists them.
  static let xtermTable: [(Int, String)] = [
    (16, "#000000"), (17, "#00005f"), (21, "#0000ff"), (22, "#005f00"), (46, "#00ff00"), (51, "#00ffff"), (88, "#870000"),
    (124, "#af0000"), (160, "#d70000"), (196, "#ff0000"), (202, "#ff5f00"), (208, "#ff8700"), (214, "#ffaf00"),
    (220, "#ffd700"), (226, "#ffff00"), (231, "#ffffff"), (232, "#080808"), (233, "#121212"), (243, "#767676"),
    (244, "#808080"), (250, "#bcbcbc"), (254, "#e4e4e4"), (255, "#eeeeee"), (0, "#000000"), (1, "#cd0000"),
    (4, "#0000ee"), (8, "#7f7f7f"), (12, "#5c5cff"), (15, "#ffffff"),
  ]

  @Test func thePaletteIsXterms() {
    for (index, hex) in Self.xtermTable {
      let rgb = XtermPalette.rgb(ofIndex: index)
      #expect(Color(red: rgb.red, green: rgb.green, blue: rgb.blue) == Color(hex: hex), "colour \(index)")
    }
  }

  /// Every palette colour's own RGB goes back to it (16–255: the 16 ANSI colours are never chosen).
  @Test func everyPaletteColourGoesBackToItself() {
    for index in 16...255 {
      let rgb = XtermPalette.rgb(ofIndex: index)
      #expect(XtermPalette.nearestIndex(red: rgb.red, green: rgb.green, blue: rgb.blue) == index)
      #expect(ColorProfile.ansi256.downgrade(Color(red: rgb.red, green: rgb.green, blue: rgb.blue)) == .indexed(UInt8(index)))
    }
  }

  /// The nearest of all 240 colours by squared distance, ties to the lower index: what the
  /// two-candidate search must always find.
  static func bruteForceNearest(_ red: Int, _ green: Int, _ blue: Int) -> Int {
    (16...255).min { a, b in
      func distance(_ index: Int) -> Int {
        let rgb = XtermPalette.rgb(ofIndex: index)
        let dr = red - Int(rgb.red), dg = green - Int(rgb.green), db = blue - Int(rgb.blue)
        return dr * dr + dg * dg + db * db
      }
      return (distance(a), a) < (distance(b), b)
    }!
  }

  @Test func theSearchFindsTheNearestPaletteColour() {
    var random = SeededGenerator(seed: 38)
    var samples: [(Int, Int, Int)] = (0...255).map { ($0, $0, $0) }  // every grey
    for _ in 0..<3000 { samples.append((.random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random))) }
    for level in [0, 47, 48, 95, 114, 115, 116, 135, 155, 156, 175, 195, 196, 215, 235, 236, 255] {
      samples.append((level, 255 - level, level / 2))
    }
    for (red, green, blue) in samples {
      #expect(
        XtermPalette.nearestIndex(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)) == Self.bruteForceNearest(red, green, blue),
        "\(red),\(green),\(blue)")
    }
  }

  @Test func greysGoToTheGreyRamp() {
    #expect(ColorProfile.ansi256.downgrade(Color(hex: "#303030")) == .indexed(236))
    #expect(ColorProfile.ansi256.downgrade(Color(hex: "#777777")) == .indexed(243))
    #expect(ColorProfile.ansi256.downgrade(Color(hex: "#0d0d0d")) == .indexed(232))
  }

  @Test func downgradingIsToTheNearestTheProfileHas() {
    let orange = Color(hex: "#ff8800")
    #expect(ColorProfile.trueColor.downgrade(orange) == orange)
    #expect(ColorProfile.ansi256.downgrade(orange) == .indexed(208))
    // xterm's yellow (205, 205, 0) is 7,261 away; bright yellow 14,161, bright red 18,496.
    #expect(ColorProfile.ansi16.downgrade(orange) == .yellow)
    #expect(ColorProfile.ansi16.downgrade(Color(hex: "#f00")) == .brightRed)
    #expect(ColorProfile.ansi16.downgrade(Color(hex: "#101010")) == .black)
    #expect(ColorProfile.ansi16.downgrade(.indexed(196)) == .brightRed)
    #expect(ColorProfile.ansi16.downgrade(.cyan) == .cyan)
    #expect(ColorProfile.ansi256.downgrade(.indexed(100)) == .indexed(100))
    #expect(ColorProfile.noColor.downgrade(orange) == .default)
    let style = Style(bold: true, underline: .curly, underlineColor: orange, foreground: orange, background: .blue)
    #expect(
      ColorProfile.noColor.downgrade(style) == Style(bold: true, underline: .curly),
      "no colour keeps the attributes")
    #expect(ColorProfile.ansi256.downgrade(style).underlineColor == .indexed(208))
  }
}
