import Foundation
import Testing
import Tide
@testable import TideTerminal

/// Issue 40's terminal protocols, headless: the window title (OSC 2 and the title stack), a
/// clipboard copy (OSC 52), hyperlinks (OSC 8, and `<a href>` in SVG) and focus reports (mode
/// 1004) — the bytes written, the raw sequences decoded, and what a program run in memory
/// shows a test.
@MainActor
@Suite struct TerminalProtocolsTests {
  /// A text field whose text is the window's title: enter quits, alt-w copies (the field's own key).
  struct Titled: Reducer {
    struct State: Equatable, Sendable {
      var field = TextInput.State(text: "notes.txt")
      var focusChanges: [Bool] = []
      var isQuitting = false
    }

    enum Action: Equatable, Sendable {
      case field(TextInput.Action)
      case focus(Bool)
      /// Copies the field a second later: a copy made by a timer's action.
      case copyLater
      case quit
    }

    var body: some Reducer<State, Action> {
      Scope(state: \State.field, action: ActionPath(embed: Action.field) { if case .field(let action) = $0 { action } else { nil } }) {
        TextInput()
      }
      Reduce { state, action in
        switch action {
        case .field: break
        case .focus(let isIn): state.focusChanges.append(isIn)
        case .copyLater: return .send(.field(.copy), after: .seconds(1))
        case .quit: state.isQuitting = true
        }
        return .none
      }
    }

    @MainActor static func app(clock: VirtualClock) -> TerminalApp<State, Action> {
      TerminalApp(
        store: Store(initialState: State(), reducer: Titled(), clock: clock),
        view: { state, canvas in TextInput.draw(state.field, in: Rect(column: 0, row: 0, width: 30, height: 1), on: &canvas) },
        keyAction: { _, key in
          switch key {
          case .enter: .quit
          case .focusIn: .focus(true)
          case .focusOut: .focus(false)
          case .function(5): .copyLater
          default: TextInput.action(for: key).map(Action.field)
          }
        },
        quitAction: .quit, isFinished: \.isQuitting,
        title: { state in state.field.isEmpty ? nil : state.field.text })
    }
  }

  /// Runs `Titled` on a headless driver until `body` is done, then quits. The driver draws a
  /// frame when asked (as a key script's does), so each ``step(_:_:)`` is one frame.
  private func withProgram(_ body: (HeadlessDriver, TerminalApp<Titled.State, Titled.Action>) async throws -> Void) async throws {
    let clock = VirtualClock()
    let app = Titled.app(clock: clock)
    let driver = HeadlessDriver(size: TerminalSize(columns: 40, rows: 12), clock: clock, pacesFrames: false)
    let program = Program(app, driver: driver)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.isActive }
    await driver.requestFrame(force: true)
    try await body(driver, app)
    await driver.send(.key(.enter))
    // A driver that asks for its frames ends the run with the quitting key's frame.
    await driver.requestFrame(force: true)
    try await run.value
  }

  // MARK: Window title

  @Test func theTitleFollowsTheStateAndIsWrittenOnlyWhenItChanges() async throws {
    try await withProgram { driver, _ in
      func step(_ key: Key) async {
        await driver.send(.key(key))
        await driver.requestFrame(force: true)
      }
      #expect(driver.terminal.title == "notes.txt")
      await step(.character("!"))
      #expect(driver.terminal.title == "notes.txt!")
      // A key that changes the screen but not the title writes no title.
      await step(.left)
      await step(.control("u"))
      #expect(driver.terminal.title == "!")
      await step(.control("k"))
      // Empty: the terminal's own title back.
      #expect(driver.terminal.title == nil)
      #expect(driver.terminal.titleWrites == ["notes.txt", "notes.txt!", "!", nil])
    }
  }

  @Test func aTitleWithControlCharactersIsSanitizedNeverAnEscape() {
    let hostile = "evil\u{1B}]2;pwned\u{07}\u{1B}\\\u{9B}31m\u{7F}\ttitle"
    #expect(WindowTitle.sanitized(hostile) == "evil]2;pwned\\31mtitle")
    #expect(WindowTitle.sequence(for: hostile) == "\u{1B}]2;evil]2;pwned\\31mtitle\u{1B}\\")
    #expect(WindowTitle.sequence(for: nil) == "\u{1B}[23;0t\u{1B}[22;0t")
    #expect(WindowTitle.sanitized(String(repeating: "é", count: 1000)).count == WindowTitle.maximumLength)
  }

  @Test func theANSIOutputWritesTheTitleBetweenFrames() {
    let output = ANSIOutputTerminal(size: TerminalSize(columns: 4, rows: 1))
    output.setTitle("a\u{1B}b")
    output.setTitle(nil)
    #expect(output.takeOutput() == "\u{1B}]2;ab\u{1B}\\\u{1B}[23;0t\u{1B}[22;0t")
  }

  @Test func anAppWithoutATitleNeverTouchesIt() async throws {
    let clock = VirtualClock()
    var app = Titled.app(clock: clock)
    app.title = nil
    let driver = HeadlessDriver(size: TerminalSize(columns: 40, rows: 12), clock: clock)
    let program = Program(app, driver: driver)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    await driver.send(.key(.character("x")))
    await driver.send(.key(.enter))
    try await run.value
    #expect(driver.terminal.titleWrites.isEmpty)
  }

  // MARK: Clipboard

  @Test func aCopyIsBase64InOSC52() throws {
    #expect(ClipboardCopy.sequence(for: "héllo\u{1B}]0;x") == "\u{1B}]52;c;aMOpbGxvG10wO3g=\u{1B}\\")
    #expect(ClipboardCopy.sequence(for: "") == "\u{1B}]52;c;\u{1B}\\")
    #expect(ClipboardCopy.sequence(for: String(repeating: "a", count: ClipboardCopy.maximumBytes)) != nil)
    #expect(ClipboardCopy.sequence(for: String(repeating: "a", count: ClipboardCopy.maximumBytes + 1)) == nil)
    let output = ANSIOutputTerminal(size: TerminalSize(columns: 4, rows: 1))
    output.copyToClipboard("hi")
    #expect(output.takeOutput() == "\u{1B}]52;c;aGk=\u{1B}\\")
  }

  @Test func theTextInputCopiesItsTextWithAltW() async throws {
    try await withProgram { driver, app in
      await driver.send(.key(.alt(.character("w"))))
      // The effect's copy: made once the effect ran.
      await driver.waitUntil { !$0.terminal.clipboardCopies.isEmpty }
      #expect(driver.terminal.clipboardCopies == ["notes.txt"])
      #expect(app.store.state.field.text == "notes.txt", "copying changes nothing")
    }
    #expect(TextInput.keys.action(for: .alt(.character("w"))) == .copy)
    #expect(TextInput.keys.bindings.contains { $0.help == "copy" })
  }

  @Test func outsideAProgramTheCopyEffectDoesNothing() async {
    let store = Store(initialState: TextInput.State(text: "x"), reducer: TextInput(), clock: VirtualClock())
    store.send(.copy)
    #expect(store.state.text == "x")
  }

  // MARK: Focus

  @Test func focusReportsDecodeToKeysAnAppBinds() async throws {
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}[I\u{1B}[Ox".utf8)) == [.key(.focusIn), .key(.focusOut), .key(.character("x"))])
    #expect(decoder.receive(Array("\u{1B}[1I\u{1B}[2;3O".utf8)) == [])
    // An alt-chord's escape before it adds nothing: a focus report takes no modifiers.
    #expect(decoder.receive(Array("\u{1B}\u{1B}[I".utf8)) == [.key(.focusIn)])
    #expect(Key.focusIn.with(.control) == .focusIn)
    #expect(Key(token: "focus-in") == .focusIn)
    #expect(Key(token: "focus-out") == .focusOut)
    #expect(Key.focusOut.token == "focus-out")
    #expect(Key(token: "ctrl+focus-in") == nil)
    #expect(Key(token: "alt-focus-in") == nil)
    #expect(TextInput.action(for: .focusIn) == nil, "never typed into a field")
    try await withProgram { driver, app in
      await driver.send(.key(.focusOut))
      await driver.send(.key(.focusIn))
      #expect(app.store.state.focusChanges == [false, true])
      #expect(app.store.state.field.text == "notes.txt")
      #expect(!app.store.state.isQuitting)
    }
  }

  // MARK: Key scripts

  @Test func aKeyScriptChecksTheTitleAndTheClipboardAndSendsFocusReports() async throws {
    let clock = VirtualClock()
    let app = Titled.app(clock: clock)
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 40, rows: 12))
    let script = try KeyScript(
      parsing: """
        expect-title "notes.txt"
        keys backspace backspace backspace backspace alt-w
        expect-title "notes"
        expect-copied "notes"
        keys focus-out focus-in ctrl-u
        expect-title ""
        type "later"
        keys f5
        wait 1s
        expect-copied "later"
        keys enter
        """, file: "title.keys")
    var titles: [String?] = []
    var copies: [String] = []
    player.onTitle = { titles.append($0) }
    player.onCopy = { copies.append($0) }
    try await player.play(script)
    #expect(app.store.state.focusChanges == [false, true])
    #expect(titles == ["notes.txt", "notes", nil, "later"], "what a cast of the replay records")
    #expect(copies == ["notes", "later"])

    let failing = try KeyScript(parsing: "expect-title \"other\"\nexpect-copied \"x\"", file: "wrong.keys")
    let otherClock = VirtualClock()
    let other = KeyScriptPlayer(app: Titled.app(clock: otherClock), clock: otherClock)
    await #expect {
      try await other.play(failing)
    } throws: { error in
      "\(error)".hasPrefix("wrong.keys:1: expectation failed: expect-title \"other\" (found \"notes.txt\")")
    }
    #expect(throws: KeyScriptError.self) { try KeyScript(parsing: "expect-title notes") }
    #expect(throws: KeyScriptError.self) { try KeyScript(parsing: "expect-copied \"a\" b") }
  }

  // MARK: Hyperlinks

  @Test func aLinkIsHttpHttpsOrFileAndNeverCarriesAControlCharacter() throws {
    #expect(Hyperlink("https://example.com/a?b=c&d")?.url == "https://example.com/a?b=c&d")
    #expect(Hyperlink("HTTP://example.com")?.url == "HTTP://example.com")
    #expect(Hyperlink("file:///tmp/a b/é.txt")?.url == "file:///tmp/a%20b/%C3%A9.txt")
    #expect(Hyperlink("javascript:alert(1)") == nil)
    #expect(Hyperlink("ssh://host") == nil)
    #expect(Hyperlink("no scheme") == nil)
    #expect(Hyperlink("https:") == nil)
    #expect(Hyperlink("https://x/\u{1B}\\\u{1B}]2;pwned") == nil)
    #expect(Hyperlink("https://x/\u{07}") == nil)
    #expect(Hyperlink("https://x/\u{9C}") == nil)
    #expect(Hyperlink("https://x/" + String(repeating: "a", count: 3000)) == nil)
  }

  @Test func linkedCellsAreWrittenBetweenOSC8Sequences() {
    let link = try! #require(Hyperlink("https://example.com"))
    var canvas = Canvas(columns: 10, rows: 1)
    canvas.draw("see", atColumn: 0, row: 0)
    canvas.draw("here", atColumn: 4, row: 0, style: Style(underline: .single, link: link))
    canvas.draw("!", atColumn: 8, row: 0)
    let output = ANSIOutputTerminal(size: TerminalSize(columns: 10, rows: 1))
    var renderer = Renderer()
    renderer.render(canvas, to: output)
    let bytes = output.takeOutput()
    #expect(bytes.contains("\u{1B}[0;4m\u{1B}]8;;https://example.com\u{1B}\\here\u{1B}[0m\u{1B}]8;;\u{1B}\\!"))
    // The link is closed by the end of the frame; a later frame reopens it where it goes on.
    var next = canvas
    next.draw("HERE", atColumn: 4, row: 0, style: Style(underline: .single, link: link))
    renderer.render(next, to: output)
    #expect(output.takeOutput() == "\u{1B}[1;5H\u{1B}[0;4m\u{1B}]8;;https://example.com\u{1B}\\HERE\u{1B}]8;;\u{1B}\\")
  }

  @Test func anAsciicastCarriesTheLinksOSC8() throws {
    let link = try #require(Hyperlink("https://example.com"))
    var canvas = Canvas(columns: 8, rows: 1)
    canvas.draw("link", atColumn: 0, row: 0, style: Style(link: link))
    var cast = AsciicastRecorder(size: TerminalSize(columns: 8, rows: 1))
    cast.add(canvas, at: .zero)
    #expect(cast.text.contains(#"\u001b]8;;https://example.com\u001b\\link\u001b]8;;\u001b\\"#))
    // A title and a copy are output too, at their time.
    cast.setTitle("t\u{7}", at: .milliseconds(1500))
    cast.copyToClipboard("hi", at: .seconds(2))
    #expect(cast.text.hasSuffix(#"[1.500000, "o", "\u001b]2;t\u001b\\"]"# + "\n" + #"[2.000000, "o", "\u001b]52;c;aGk=\u001b\\"]"# + "\n"))
  }

  @Test func theSVGExportWrapsLinkedTextInAnEscapedAnchor() throws {
    let link = try #require(Hyperlink("https://example.com/?a=1&b=\"2\""))
    var canvas = Canvas(columns: 12, rows: 1)
    canvas.draw("go", atColumn: 0, row: 0)
    canvas.draw("link", atColumn: 3, row: 0, style: Style(link: link))
    let svg = SVGWriter.document(for: canvas)
    #expect(svg.contains("<a href=\"https://example.com/?a=1&amp;b=&quot;2&quot;\"><text x=\"27\""))
    #expect(svg.contains(">link</text>\n</a>\n"))
    #expect(!svg.contains(">go</text>\n</a>"), "unlinked text is no link")
  }

  @Test func aLinkSurvivesLayeringAndIsNamedInTheStyleSummary() throws {
    let link = try #require(Hyperlink("https://example.com"))
    let linked = Style(bold: true).layered(over: Style(link: link))
    #expect(linked.link == link)
    #expect(linked.summary == "bold link=https://example.com")
    #expect(Style(link: link).directBits == nil, "a linked style lives in the style table")
    let cell = Cell("x", style: Style(link: link))
    #expect(cell.style.link == link)
    #expect(Cell("x", style: Style()).styleBits != cell.styleBits)
  }
}
