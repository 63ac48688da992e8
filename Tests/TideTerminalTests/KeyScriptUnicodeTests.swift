import Testing
import TideTerminal
import TideTestSupport

/// The tokenizer reads Unicode scalars, not grapheme clusters: syntax never merges with a
/// neighbouring mark, and only LF / CRLF end a line.
@Suite struct KeyScriptUnicodeTests {
  func command(_ text: String) throws -> KeyScript.Command? {
    try KeyScript(parsing: text, file: "u.keys").steps.first?.command
  }

  func parseError(_ text: String) -> KeyScriptError? {
    do {
      _ = try KeyScript(parsing: text, file: "u.keys")
      return nil
    } catch {
      return error
    }
  }

  @Test func aCombiningMarkRightAfterTheOpeningQuoteIsContent() throws {
    #expect(try command("type \"\u{301}x\"") == .type("\u{301}x"))
    #expect(try command("expect \"\u{301}\"") == .expect("\u{301}"))
    // ...and right before the closing quote.
    #expect(try command("type \"e\u{301}\"") == .type("e\u{301}"))
  }

  @Test func aModifierAfterABlankIsItsOwnToken() throws {
    #expect(try command("keys a 🏽") == .keys([.character("a"), .character("🏽")]))
    #expect(try command("keys a\t🏽") == .keys([.character("a"), .character("🏽")]))
  }

  @Test func aHashFollowedByAModifierStartsAComment() throws {
    #expect(try KeyScript(parsing: "#🏽\nkeys a #\u{301} comment").steps.map(\.command) == [.keys([.character("a")])])
  }

  // Characters, not strings, so the test log shows them escaped (TideTestSupport).
  @Test(arguments: ["\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}", "\r"] as [Character])
  func oddLineBreaksInsideQuotesAreContent(separator: Character) throws {
    let script = try KeyScript(parsing: "type \"a\(separator)b\"\nkeys enter")
    #expect(script.steps.map(\.command) == [.type("a\(separator)b"), .keys([.enter])])
    #expect(script.steps.map(\.line) == [1, 2])
  }

  @Test(arguments: ["\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}", "\r", "\u{0}", "\u{1B}"] as [Character])
  func oddLineBreaksAndControlsOutsideQuotesAreErrors(separator: Character) {
    let error = parseError("keys a\(separator)keys b")
    let escaped = "\\u{\(String(separator.unicodeScalars.first!.value, radix: 16, uppercase: true))}"
    #expect(error == KeyScriptError(
      file: "u.keys", line: 1, column: 7,
      message: "unexpected control character '\(escaped)' outside quotes (only LF or CRLF end a line; use a quoted string for text)"))
  }

  @Test func onlyLFAndCRLFEndALine() throws {
    let script = try KeyScript(parsing: "keys a\r\nkeys b\nkeys c")
    #expect(script.steps.map(\.line) == [1, 2, 3])
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let script = try KeyScript(utf8: [0xEF, 0xBB, 0xBF] + Array("keys a".utf8), file: "bom.keys")
    #expect(script.steps.map(\.command) == [.keys([.character("a")])])
  }

  @Test func bytesFromAnyCollectionParseAlike() throws {
    let text = "keys a\ntype \"日本\"\n"
    let contiguous = try KeyScript(utf8: Array(text.utf8), file: "c.keys")
    // A lazy view has no contiguous storage: the parser copies it first.
    let lazy = try KeyScript(utf8: Array(text.utf8).lazy.map { $0 }, file: "c.keys")
    #expect(contiguous == lazy)
    #expect(contiguous == (try KeyScript(parsing: text, file: "c.keys")))
    #expect(contiguous.steps.map(\.command) == [.keys([.character("a")]), .type("日本")])
  }

  @Test func columnsCountScalars() {
    // "é" written as e + U+0301 is one character but two scalars.
    #expect(parseError("keys e\u{301} xx")?.column == 9)
  }

  @Test func stringEscapes() throws {
    #expect(try command(#"paste "two\nlines\t\r\\\"\u{1F600}\u{41}""#) == .paste("two\nlines\t\r\\\"😀A"))
    #expect(parseError(#"type "\u{110000}""#)?.message == "invalid escape: U+110000 is not a Unicode scalar")
    #expect(parseError(#"type "\u{D800}""#)?.message == "invalid escape: U+D800 is not a Unicode scalar")
    for bad in [#"type "\u41""#, #"type "\u{}""#, #"type "\u{123456789}""#, #"type "\u{4G}""#, #"type "\u{41"#] {
      #expect(
        parseError(bad)?.message == #"invalid escape: \u needs 1 to 8 hex digits in braces, like \u{1F600}"#, "\(bad)")
    }
  }

  @Test func pasteIsAStepWithItsText() throws {
    let script = try KeyScript(parsing: "paste \"buy milk\"  # one paste\n", file: "p.keys")
    #expect(script.steps == [.init(command: .paste("buy milk"), line: 1, source: "paste \"buy milk\"")])
    #expect(Array(script.steps[0].command.inputEvents) == [.paste("buy milk")], "a paste is one event, not key presses")
    #expect(parseError("paste")?.message == "'paste' needs a quoted string")
    #expect(parseError("paste \"\"")?.message == "'paste' needs a non-empty string")
    #expect(parseError("paste abc")?.message == "'paste' needs a quoted string, found 'abc'")
  }
}

/// Errors stay small and printable, and bad bytes are found where they are.
@Suite struct KeyScriptErrorMessageTests {
  func parseError(_ bytes: [UInt8]) -> KeyScriptError? {
    do {
      _ = try KeyScript(utf8: bytes, file: "e.keys")
      return nil
    } catch {
      return error
    }
  }

  @Test func longTokensAreCutAfterFortyCharacters() {
    let long = String(repeating: "abcdefghij", count: 100_000)
    let error = parseError(Array("keys \(long)".utf8))
    #expect(error?.message == "unknown key '\(String(long.prefix(40)))…'")
    #expect(error?.column == 6)
    let command = parseError(Array("\(long) x".utf8))
    #expect(command?.message.hasPrefix("unknown command '\(String(long.prefix(40)))…' (expected") == true)
    let size = parseError(Array("resize 1\(String(repeating: "0", count: 60))x2".utf8))
    #expect(size?.message == "size '1\(String(repeating: "0", count: 39))…' is out of range (1x1 to 1000x1000)")
  }

  @Test func controlCharactersAndNULInTokensAreEscaped() {
    // A NUL and an ESC inside a word: the word stops at the first control character.
    #expect(parseError(Array("keys ab\u{0}c".utf8))?.message.contains(#"'\u{0}'"#) == true)
    #expect(parseError(Array("wait 1\u{1B}[31ms".utf8))?.message.contains(#"'\u{1B}'"#) == true)
    // Inside quotes they are content, and a failing command still shows them escaped.
    let bad = parseError(Array("type \"a\u{1B}[2J\" \"x\"".utf8))
    #expect(bad?.message == "unexpected extra argument a quoted string")
  }

  @Test func theSourceOfAStepIsEscapedAndBounded() throws {
    let script = try KeyScript(parsing: "type \"a\u{1B}b\u{2028}c\"")
    #expect(script.steps[0].source == #"type "a\u{1B}b\u{2028}c""#)
    let long = try KeyScript(parsing: "type \"\(String(repeating: "x", count: 10_000))\"")
    #expect(long.steps[0].source.count == KeyScript.Step.sourceLimit + 1)
    #expect(long.steps[0].source.hasSuffix("…"))
    #expect(long.steps[0].source.hasPrefix("type \"xxx"))
  }

  @Test(arguments: [
    ([0xFF] as [UInt8], 1, 1, "0xFF"),
    ([0xC3] as [UInt8], 1, 1, "0xC3"),  // truncated sequence at the end of the file
    ([0xC0, 0x80] as [UInt8], 1, 1, "0xC0 0x80"),  // overlong NUL
    ([0xED, 0xA0, 0x80] as [UInt8], 1, 1, "0xED 0xA0 0x80"),  // a surrogate
    ([0xF4, 0x90, 0x80, 0x80] as [UInt8], 1, 1, "0xF4 0x90 0x80 0x80"),  // beyond U+10FFFF
  ])
  func invalidUTF8IsReportedAtItsLineAndColumn(bad: [UInt8], line: Int, column: Int, shown: String) {
    #expect(parseError(bad) == KeyScriptError(
      file: "e.keys", line: line, column: column,
      message: "invalid UTF-8 (bytes \(shown)); key scripts are UTF-8 text"))
  }

  @Test func invalidUTF8DeepInAFileIsFoundWhereverItIs() {
    let text = Array("keys a\n# fine\ntype \"日本".utf8) + [0xE6, 0x97] + Array("\"\n".utf8)
    #expect(parseError(text) == KeyScriptError(
      file: "e.keys", line: 3, column: 9, message: "invalid UTF-8 (bytes 0xE6 0x97); key scripts are UTF-8 text"))
    // In a comment too: the file is UTF-8 or it is not.
    let comment = Array("keys a  # caf".utf8) + [0xE9] + Array("\n".utf8)
    #expect(parseError(comment)?.column == 14)
    #expect(parseError(comment)?.line == 1)
  }

  @Test func theFirstErrorInTheFileWins() {
    let text = Array("keys a\nkeys nope\n".utf8) + [0xFF]
    #expect(parseError(text)?.line == 2)
  }
}
