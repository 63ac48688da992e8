import Testing
import TideTerminal

@Suite struct KeyScriptTests {
  @Test func sampleScriptParsesIntoSteps() throws {
    let text = """
      # add two todos and finish one
      keys tab tab a                 # key tokens, separated by spaces
      type "buy milk"                # each character typed as a key; \\" \\\\ escapes
      keys enter

      wait 1.5s                      # advance time: 250ms, 1.5s, 2m
      resize 100x30                  # the terminal is resized
      expect "1 item left"           # the screen must contain this text, else exit 1
      expect-not "Count reached"     # the screen must not contain it
      screen                         # print the current screen (debugging)
      """
    let script = try KeyScript(parsing: text, file: "todos.keys")
    #expect(script.file == "todos.keys")
    #expect(script.steps == [
      .init(command: .keys([.tab, .tab, .character("a")]), line: 2, source: "keys tab tab a"),
      .init(command: .type("buy milk"), line: 3, source: "type \"buy milk\""),
      .init(command: .keys([.enter]), line: 4, source: "keys enter"),
      .init(command: .wait(.milliseconds(1500)), line: 6, source: "wait 1.5s"),
      .init(command: .resize(TerminalSize(columns: 100, rows: 30)), line: 7, source: "resize 100x30"),
      .init(command: .expect("1 item left"), line: 8, source: "expect \"1 item left\""),
      .init(command: .expectNot("Count reached"), line: 9, source: "expect-not \"Count reached\""),
      .init(command: .screen, line: 10, source: "screen"),
    ])
  }

  @Test func everyKeyKind() throws {
    let script = try KeyScript(parsing: "keys space btab esc f12 ctrl-c é + ? pgdn")
    #expect(script.steps.first?.command == .keys([
      .character(" "), .backTab, .escape, .function(12), .control("c"), .character("é"),
      .character("+"), .character("?"), .pageDown,
    ]))
  }

  @Test func stringsKeepHashesSpacesAndEscapes() throws {
    let script = try KeyScript(parsing: #"type "a # b \"c\" \\ 日本"  # comment"#)
    #expect(script.steps.first?.command == .type(#"a # b "c" \ 日本"#))
    #expect(script.steps.first?.source == #"type "a # b \"c\" \\ 日本""#)
    #expect(script.steps.first.map { Array($0.command.inputEvents).count } == 14)
    #expect(script.steps.first.flatMap { Array($0.command.inputEvents).first } == .key(.character("a")))
  }

  @Test func windowsLineEndingsTabsAndCommentOnlyLines() throws {
    let script = try KeyScript(parsing: "\tkeys\ta\r\n   # only a comment\r\n\r\nscreen\r\n")
    #expect(script.steps.map(\.line) == [1, 4])
    #expect(script.steps.map(\.source) == ["keys\ta", "screen"])
  }

  @Test func emptyScriptHasNoSteps() throws {
    #expect(try KeyScript(parsing: "").steps.isEmpty)
    #expect(try KeyScript(parsing: "\n# nothing\n  \n").steps.isEmpty)
  }

  @Test(arguments: [
    ("250ms", Duration.milliseconds(250)),
    ("1.5s", .milliseconds(1500)),
    ("2m", .seconds(120)),
    ("0.1s", .milliseconds(100)),
    ("0.25m", .seconds(15)),
    ("1ms", .milliseconds(1)),
    ("0.5ms", .microseconds(500)),
    ("10s", .seconds(10)),
    ("24m59s", .seconds(24 * 60 + 59)),
    ("1h30m", .seconds(90 * 60)),
    ("1m30.5s", .milliseconds(90_500)),
    ("2h", .seconds(7200)),
    ("1h1m1s1ms", .milliseconds(3_661_001)),
    ("1h0.5s", .milliseconds(3_600_500)),
    ("24h", .seconds(86_400)),
    ("0h1ms", .milliseconds(1)),
  ])
  func durations(text: String, duration: Duration) throws {
    let script = try KeyScript(parsing: "wait \(text)")
    #expect(script.steps.first?.command == .wait(duration))
  }

  @Test(arguments: [
    // Commands
    ("jump", 1, "unknown command 'jump' (expected keys, type, paste, wait, resize, expect, expect-not, expect-style, expect-title, expect-copied, screen, click or scroll)"),
    ("  Keys a", 3, "unknown command 'Keys' (expected keys, type, paste, wait, resize, expect, expect-not, expect-style, expect-title, expect-copied, screen, click or scroll)"),
    (#""keys" a"#, 1, "expected a command, found a quoted string"),
    // expect-style
    ("expect-style", 13, "'expect-style' needs a non-empty quoted string, then a theme role"),
    ("expect-style title", 13, "'expect-style' needs a non-empty quoted string, then a theme role"),
    (#"expect-style "Hi""#, 18, "'expect-style' needs a theme role after its string (text, muted, accent, selection, focus, error, warning, success, border, title, cursor)"),
    (#"expect-style "Hi" bold"#, 19, "unknown theme role 'bold' (expected text, muted, accent, selection, focus, error, warning, success, border, title, cursor)"),
    (#"expect-style "Hi" title x"#, 25, "unexpected extra argument 'x'"),
    // keys
    ("keys", 5, "'keys' needs at least one key"),
    ("keys   # nothing", 5, "'keys' needs at least one key"),
    ("keys a enterr b", 8, "unknown key 'enterr'"),
    ("keys ctrl-1", 6, "unknown key 'ctrl-1'"),
    ("keys f13", 6, "unknown key 'f13'"),
    ("keys ab", 6, "unknown key 'ab'"),
    (#"keys a "b""#, 8, "'keys' takes key names, found a quoted string (use 'type' for text)"),
    // strings
    (#"type "abc"#, 6, "unterminated string"),
    (#"type "abc\"#, 6, "unterminated string"),
    (#"expect "a\qb""#, 10, #"invalid escape '\q' (allowed: \" \\ \n \r \t \u{HEX})"#),
    (#"type "é\x""#, 8, #"invalid escape '\x' (allowed: \" \\ \n \r \t \u{HEX})"#),
    ("type", 5, "'type' needs a quoted string"),
    ("type abc", 6, "'type' needs a quoted string, found 'abc'"),
    (#"type """#, 6, "'type' needs a non-empty string"),
    (#"type "a" "b""#, 10, "unexpected extra argument a quoted string"),
    (#"type "a" b"#, 10, "unexpected extra argument 'b'"),
    ("expect", 7, "'expect' needs a quoted string"),
    ("expect-not done", 12, "'expect-not' needs a quoted string, found 'done'"),
    // wait
    ("wait", 5, "'wait' needs a duration (e.g. 250ms, 1.5s, 2m, 1h30m)"),
    (#"wait "1s""#, 6, "'wait' needs a duration (e.g. 250ms, 1.5s, 2m, 1h30m), found a quoted string"),
    ("wait 1.5", 6, "invalid duration '1.5' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1d", 6, "invalid duration '1d' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 30m1h", 6, "invalid duration '30m1h' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1m1m", 6, "invalid duration '1m1m' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1.5m30s", 6, "invalid duration '1.5m30s' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1m30", 6, "invalid duration '1m30' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1h 30m", 9, "unexpected extra argument '30m'"),
    ("wait 24h1ms", 6, "duration '24h1ms' is longer than 24h, the longest a wait may be"),
    ("wait 1000000m", 6, "duration '1000000m' is longer than 24h, the longest a wait may be"),
    ("wait 1441m", 6, "duration '1441m' is longer than 24h, the longest a wait may be"),
    ("wait .5s", 6, "invalid duration '.5s' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 1.s", 6, "invalid duration '1.s' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait -1s", 6, "invalid duration '-1s' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait ms", 6, "invalid duration 'ms' (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)"),
    ("wait 0s", 6, "duration must be greater than zero"),
    ("wait 0.0ms", 6, "duration must be greater than zero"),
    ("wait 99999999999999m", 6, "duration '99999999999999m' is longer than 24h, the longest a wait may be"),
    ("wait 99999999999999999999999h", 6, "duration '99999999999999999999999h' is longer than 24h, the longest a wait may be"),
    ("wait 1s 2s", 9, "unexpected extra argument '2s'"),
    // resize
    ("resize", 7, "'resize' needs a size (e.g. 100x30)"),
    ("resize 100x", 8, "invalid size '100x' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("resize 100X30", 8, "invalid size '100X30' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("resize 10x20x30", 8, "invalid size '10x20x30' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("resize 0x30", 8, "size '0x30' is out of range (1x1 to 1000x1000)"),
    ("resize 1001x30", 8, "size '1001x30' is out of range (1x1 to 1000x1000)"),
    ("resize 80x24 now", 14, "unexpected extra argument 'now'"),
    // screen
    ("screen now", 8, "'screen' takes no arguments, found 'now'"),
  ] as [(String, Int, String)])
  func errorIsReportedAtItsColumn(line: String, column: Int, message: String) {
    #expect(throws: KeyScriptError(file: "x.keys", line: 1, column: column, message: message)) {
      try KeyScript(parsing: line, file: "x.keys")
    }
  }

  @Test func errorReportsItsLineAndStopsAtTheFirstError() {
    let text = "keys a\n\n# comment\ntype \"ok\"\nkeys nope\nbogus"
    #expect(throws: KeyScriptError(file: "s.keys", line: 5, column: 6, message: "unknown key 'nope'")) {
      try KeyScript(parsing: text, file: "s.keys")
    }
  }

  @Test func columnsCountCharactersNotBytes() {
    #expect(throws: KeyScriptError(file: "<script>", line: 1, column: 10, message: "unknown key 'xx'")) {
      try KeyScript(parsing: "keys 日 é xx")
    }
  }

  @Test func errorDescriptionIsCompilerStyle() {
    let error = KeyScriptError(file: "assets/replays/todos.keys", line: 3, column: 7, message: "unknown key 'x1'")
    #expect(error.description == "assets/replays/todos.keys:3:7: error: unknown key 'x1'")
  }
}
