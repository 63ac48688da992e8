import Testing
import Tide
@testable import TideTerminal

/// The terminal's background: what an OSC 11 answer says, what `COLORFGBG` hints, and adaptive
/// colours drawn for it on a canvas.
@Suite("Terminal background")
struct TerminalBackgroundTests {
  // MARK: OSC 11 answers

  /// Answers as terminals send them, each channel 1 to 4 hex digits, BEL or ST ended: the
  /// decoder keeps the colour, and never types a key of it.
  @Test(arguments: [
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", TerminalBackground.light),
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", .light),
    ("\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{1B}\\", .dark),
    ("\u{1B}]11;rgb:fd/f6/e3\u{07}", .light),  // Solarized light's paper, 2 digits a channel
    ("\u{1B}]11;rgb:00/2b/36\u{1B}\\", .dark),  // Solarized dark's
    ("\u{1B}]11;rgb:f/f/f\u{07}", .light),
    ("\u{1B}]11;rgb:fff/fff/fff\u{07}", .light),
    ("\u{1B}]11;rgb:c0c0/c0c0/c0c0\u{1B}\\", .light),  // tmux's `white`: luminance 0.53
    ("\u{1B}]11;rgb:8080/8080/8080\u{1B}\\", .dark),  // a mid grey: luminance 0.22
    ("\u{9D}11;rgb:ffff/ffff/ffff\u{9C}", .light),  // C1 introducer and ST
  ])
  func anAnswerIsReadAsTheBackground(answer: String, expected: TerminalBackground) {
    var decoder = InputDecoder()
    let events = decoder.receive(Array("a\(answer)b".utf8))
    #expect(events == [.key(.character("a")), .key(.character("b"))])
    #expect(decoder.backgroundAnswers == 1)
    #expect(decoder.backgroundReply?.background == expected, "\(answer.debugDescription)")
  }

  /// Each channel is scaled by its own width: `f`, `ff`, `fff` and `ffff` are all full.
  @Test func channelsAreScaledByTheirWidth() throws {
    let full = try #require(BackgroundColorReply(body: Array("11;rgb:f/000/ffff".utf8)))
    #expect(full.red == 1 && full.green == 0 && full.blue == 1)
    let fullToo = try #require(BackgroundColorReply(body: Array("11;rgb:ff/fff/0".utf8)))
    #expect(fullToo.red == 1 && fullToo.green == 1 && fullToo.blue == 0)
    let half = try #require(BackgroundColorReply(body: Array("11;rgb:80/8000/8".utf8)))
    #expect(abs(half.red - 128.0 / 255) < 1e-9 && abs(half.green - 32768.0 / 65535) < 1e-9)
    #expect(abs(half.blue - 8.0 / 15) < 1e-9)
  }

  /// An answer that is no colour counts as an answer (the wait ends) but says nothing; other
  /// strings are not answers at all.
  @Test(arguments: [
    "11;", "11;rgb:", "11;rgb:ff/ff", "11;rgb:ff/ff/ff/ff", "11;rgb:fffff/0/0", "11;rgb:gg/00/00", "11;rgb:/00/00",
    "11;#ffffff", "11;?", "11;rgba:ffff/ffff/ffff/ffff", "11;rgb:ff/ff/ff junk",
  ])
  func garbageIsNoColour(body: String) {
    #expect(BackgroundColorReply(body: Array(body.utf8)) == nil)
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}]\(body)\u{07}x".utf8)) == [.key(.character("x"))])
    #expect(decoder.backgroundAnswers == 1 && decoder.backgroundReply == nil)
  }

  @Test func otherStringsAreNoAnswer() {
    var decoder = InputDecoder()
    let input = "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}\u{1B}]111;rgb:ffff/ffff/ffff\u{07}\u{1B}P11;rgb:ffff/ffff/ffff\u{1B}\\"
    #expect(decoder.receive(Array(input.utf8)) == [])
    #expect(decoder.backgroundAnswers == 0 && decoder.backgroundReply == nil)
  }

  /// An answer split across reads, as a slow link delivers it, is still the answer.
  @Test func anAnswerSplitAcrossReadsIsRead() {
    let bytes = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)
    for cut in 1..<bytes.count {
      var decoder = InputDecoder()
      #expect(decoder.receive(bytes[..<cut]) == [])
      #expect(decoder.receive(bytes[cut...]) == [])
      #expect(decoder.backgroundReply?.background == .light, "cut at \(cut)")
    }
  }

  /// DA1's answer, asked after OSC 11's query so that the wait ends when a terminal does not
  /// know OSC 11, is counted and never a key, whole or split; a `CSI c` without `?` is nothing.
  @Test func aDeviceAttributesAnswerEndsTheWaitAndIsNoKey() {
    let answer = Array("a\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?62;22c\u{1B}[cb".utf8)
    for cut in 1..<answer.count {
      var decoder = InputDecoder()
      var events = decoder.receive(answer[..<cut])
      events += decoder.receive(answer[cut...])
      #expect(events == [.key(.character("a")), .key(.character("b"))], "cut at \(cut)")
      #expect(decoder.deviceAttributesAnswers == 1 && decoder.backgroundAnswers == 1, "cut at \(cut)")
      #expect(decoder.backgroundReply?.background == .dark)
    }
  }

  /// The kitty keyboard protocol's answer (`CSI ? flags u`), asked with OSC 11 and DA1, is
  /// counted and never a key, whole or split; a kitty key (`CSI 97 ; 5 u`) is still ctrl-a.
  @Test func aKeyboardProtocolAnswerIsCountedAndIsNoKey() {
    let answer = Array("a\u{1B}[?1u\u{1B}[?62c\u{1B}[97;5ub".utf8)
    for cut in 1..<answer.count {
      var decoder = InputDecoder()
      var events = decoder.receive(answer[..<cut])
      events += decoder.receive(answer[cut...])
      #expect(events == [.key(.character("a")), .key(.control("a")), .key(.character("b"))], "cut at \(cut)")
      #expect(decoder.keyboardProtocolAnswers == 1 && decoder.deviceAttributesAnswers == 1, "cut at \(cut)")
    }
  }

  /// Modified keys are asked for in the best form the terminal answered for: the kitty
  /// protocol, else modifyOtherKeys from a terminal that answers DA1 (not the Linux console),
  /// else the legacy sequences.
  @Test func modifiedKeysAreAskedForInTheBestFormTheTerminalHas() {
    #expect(TerminalAnswers(hasKeyboardProtocol: true, answeredDeviceAttributes: true).keyboardMode(term: "xterm-kitty") == .kittyProtocol)
    #expect(TerminalAnswers(hasKeyboardProtocol: true).keyboardMode(term: "linux") == .kittyProtocol)
    #expect(TerminalAnswers(answeredDeviceAttributes: true).keyboardMode(term: "tmux-256color") == .modifyOtherKeys)
    #expect(TerminalAnswers(answeredDeviceAttributes: true).keyboardMode(term: "linux") == .legacy)
    #expect(TerminalAnswers().keyboardMode(term: "xterm-256color") == .legacy)
    #expect(TerminalAnswers(answeredDeviceAttributes: true).keyboardMode(term: nil) == .modifyOtherKeys)
  }

  // MARK: COLORFGBG

  /// The last field is the background's ANSI index: 0–6 and 8 dark, 7 and 9–15 light.
  @Test func colorFGBGHintsByItsLastField() {
    for index in 0...15 {
      let expected: TerminalBackground = (0...6).contains(index) || index == 8 ? .dark : .light
      #expect(TerminalBackground.hint(colorFGBG: "15;\(index)") == expected, "\(index)")
      #expect(TerminalBackground.hint(colorFGBG: "0;default;\(index)") == expected, "\(index)")
    }
    #expect(TerminalBackground.hint(colorFGBG: "15;0") == .dark)
    #expect(TerminalBackground.hint(colorFGBG: "0;15") == .light)
    for nothing in [nil, "", "0", "15;", "15;default", "15;16", "15;-1", "15;x", ";"] {
      #expect(TerminalBackground.hint(colorFGBG: nothing) == nil, "\(String(describing: nothing))")
    }
  }

  // MARK: Adaptive colours

  static let pale = Color(hex: "#7dcfff")
  static let deep = Color(hex: "#0550ae")
  static let adaptive = Color.adaptive(light: deep, dark: pale)

  @Test func anAdaptiveColourResolvesToOneSide() {
    #expect(Self.adaptive.resolved(for: .dark) == Self.pale)
    #expect(Self.adaptive.resolved(for: .light) == Self.deep)
    #expect(Self.pale.resolved(for: .light) == Self.pale)
    #expect(Self.adaptive != Self.pale && Self.adaptive != Self.deep)
    // Equal sides are the colour itself; adaptive sides give their own side.
    #expect(Color.adaptive(light: .red, dark: .red) == .red)
    let nested = Color.adaptive(light: Self.adaptive, dark: Self.adaptive)
    #expect(nested == Self.adaptive)
    // Every kind of colour on either side.
    for (light, dark) in [(Color.default, Color.cyan), (.indexed(200), .brightWhite), (Self.deep, .indexed(17))] {
      let color = Color.adaptive(light: light, dark: dark)
      #expect(color.resolved(for: .light) == light && color.resolved(for: .dark) == dark)
    }
  }

  /// A canvas draws the side for its background, by every way it takes a style, so its cells
  /// (and the renderer, SVG and casts that read them) only ever hold plain colours.
  @Test(arguments: TerminalBackground.allCases)
  func aCanvasDrawsTheSideForItsBackground(background: TerminalBackground) {
    let expected = background == .light ? Self.deep : Self.pale
    let style = Style(bold: true, underlineColor: Self.adaptive, foreground: Self.adaptive, background: Self.adaptive)
    var canvas = Canvas(columns: 10, rows: 4)
    canvas.background = background
    canvas.draw("ab", atColumn: 0, row: 0, style: style)
    canvas.fill(Rect(column: 0, row: 1, width: 3, height: 1), with: "-", style: style)
    canvas.drawBox(Rect(column: 4, row: 1, width: 3, height: 3), style: style)
    for (column, row) in [(0, 0), (1, 0), (0, 1), (2, 1), (4, 1), (6, 3)] {
      let drawn = canvas[column, row].style
      #expect(drawn.foreground == expected && drawn.background == expected && drawn.underlineColor == expected)
      #expect(drawn.bold, "attributes are kept")
    }
  }

  /// The sample of ``Color/adaptive(light:dark:)``'s documentation, verbatim, on a light canvas.
  @Test func theDocumentedSampleDrawsTheLightSide() {
    var canvas = Canvas(columns: 20, rows: 3)
    canvas.background = .light
    let link = Style(underline: .single, foreground: .adaptive(light: Color(hex: "#0969da"), dark: Color(hex: "#7aa2f7")))
    canvas.draw("tide.dev", atColumn: 0, row: 2, style: link)
    #expect(canvas[0, 2].style == Style(underline: .single, foreground: Color(hex: "#0969da")))
  }

  /// A theme's roles may be adaptive: a component drawing with them draws the canvas's side.
  @Test func anAdaptiveThemeRoleIsDrawnForTheBackground() {
    var theme = Theme.default
    theme.accent = Style(bold: true, foreground: Self.adaptive)
    var canvas = Canvas(columns: 10, rows: 1)
    canvas.theme = theme
    canvas.background = .light
    canvas.draw("x", atColumn: 0, row: 0, style: canvas.theme.accent)
    #expect(canvas[0, 0].style == Style(bold: true, foreground: Self.deep))
    #expect(theme.accent.resolved(for: .dark) == Style(bold: true, foreground: Self.pale))
  }

  /// The app's background reaches every frame's canvas.
  @MainActor
  @Test func anAppsFramesCarryItsBackground() {
    var app = TerminalApp(
      store: Store(initialState: 0, reducer: Reduce<Int, Int> { _, _ in .none }),
      minimumSize: TerminalSize(columns: 1, rows: 1),
      view: { _, canvas in canvas.draw("x", atColumn: 0, row: 0, style: Style(foreground: TerminalBackgroundTests.adaptive)) },
      keyAction: { _, _ in nil }, quitAction: 0, isFinished: { _ in false })
    #expect(app.frame(size: TerminalSize(columns: 4, rows: 1))[0, 0].style.foreground == Self.pale)
    app.background = .light
    let frame = app.frame(size: TerminalSize(columns: 4, rows: 1))
    #expect(frame.background == .light && frame[0, 0].style.foreground == Self.deep)
  }
}
