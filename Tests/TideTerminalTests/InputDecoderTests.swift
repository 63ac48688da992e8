import Testing
@testable import TideTerminal

extension InputDecoder {
  /// The events of `bytes` arriving in one read, then input pausing for as long as the
  /// decoder waits (as often as it waits): everything the bytes stand for.
  static func decodeAll(_ bytes: some Collection<UInt8>) -> [InputEvent] {
    decodeAll(reads: [Array(bytes)])
  }

  static func decodeAll(_ text: String) -> [InputEvent] {
    decodeAll(Array(text.utf8))
  }

  /// The events of `reads` arriving one after another without a pause, then the pauses.
  static func decodeAll(reads: [[UInt8]]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events = reads.flatMap { decoder.receive($0) }
    while decoder.waitForMore != nil { events += decoder.inputPaused() }
    return events
  }
}

/// The byte decoder (issue 37, findings 5, 8 and 9: every byte typed is kept), over raw bytes
/// and with time stepped by hand: ``InputDecoder/inputPaused()`` is the decoder's only clock.
@Suite struct InputDecoderTests {
  static let escape: UInt8 = 0x1B

  /// Finding 5: `hello\xffworld` typed became `hello` — ncurses' `wget_wch` gave up on the rest
  /// of the read at the byte that is not UTF-8. Each such byte is now U+FFFD, and what follows
  /// is decoded as ever.
  @Test func anInvalidByteIsReplacementAndWhatFollowsIsKept() {
    let typed = InputDecoder.decodeAll(Array("hello".utf8) + [0xFF] + Array("world".utf8))
    #expect(typed == "hello\u{FFFD}world".map { .key(.character($0)) })
    // Unicode's maximal subparts: a truncated sequence is one U+FFFD, then the next character.
    #expect(InputDecoder.decodeAll([0xE2, 0x82, 0x41]) == [.key(.character("\u{FFFD}")), .key(.character("A"))])
    // An overlong encoding and an encoded surrogate: every byte its own U+FFFD.
    #expect(InputDecoder.decodeAll([0xC0, 0xAF]) == Array(repeating: .key(.character("\u{FFFD}")), count: 2))
    #expect(InputDecoder.decodeAll([0xED, 0xA0, 0x80]) == Array(repeating: .key(.character("\u{FFFD}")), count: 3))
    // A continuation byte alone, then an escape sequence: both decoded.
    #expect(InputDecoder.decodeAll([0x80, Self.escape] + Array("[A".utf8)) == [.key(.character("\u{FFFD}")), .key(.up)])
  }

  /// Finding 5, pasted: the paste's text keeps every byte, U+FFFD for the invalid one.
  @Test func anInvalidByteInAPasteIsReplacementAndThePasteIsWhole() {
    let paste = Array("\u{1B}[200~hello".utf8) + [0xFF] + Array("world\u{1B}[201~!".utf8)
    #expect(InputDecoder.decodeAll(paste) == [.paste("hello\u{FFFD}world"), .key(.character("!"))])
  }

  /// A character split across reads waits for its rest however long it takes (hostile
  /// finding: bytes 50 ms apart, as over a slow link, made three U+FFFD); the next byte
  /// decides, so one that is not its continuation makes it U+FFFD and is kept.
  @Test func aCharacterSplitAcrossReadsIsWholeHoweverLongItsRestTakes() {
    var decoder = InputDecoder()
    #expect(decoder.receive([0xF0, 0x9F]) == [])
    #expect(decoder.waitForMore == nil)
    #expect(decoder.receive([0x91, 0x8D]) == [.key(.character("👍"))])
    #expect(decoder.waitForMore == nil)
    #expect(decoder.receive([0xE6]) == [])
    #expect(decoder.receive([0x97]) == [])
    #expect(decoder.waitForMore == nil)
    #expect(decoder.inputPaused() == [])
    #expect(decoder.receive([0xA5]) == [.key(.character("日"))])
    #expect(decoder.receive([0xE6, 0x97]) == [])
    #expect(decoder.receive(Array("A".utf8)) == [.key(.character("\u{FFFD}")), .key(.character("A"))])
    #expect(decoder.waitForMore == nil)
  }

  /// An escape is the escape key only once the escape delay passed with nothing after it.
  @Test func escapeWaitsForTheEscapeDelay() {
    var decoder = InputDecoder()
    #expect(decoder.receive([Self.escape]) == [])
    #expect(decoder.waitForMore == .milliseconds(25))
    #expect(decoder.inputPaused() == [.key(.escape)])
    #expect(decoder.waitForMore == nil)
    // Its sequence arriving later, but before the pause, is one key.
    #expect(decoder.receive([Self.escape]) == [])
    #expect(decoder.receive(Array("[".utf8)) == [])
    #expect(decoder.receive(Array("B".utf8)) == [.key(.down)])
  }

  /// Finding 8: escape escape, alone or before a sequence, is an alt-chord — never the escape
  /// key, which tide-textinput and tide-form quit on — also when its bytes come split.
  @Test func escapeEscapeIsNeverTheEscapeKey() {
    #expect(InputDecoder.decodeAll([Self.escape, Self.escape]) == [.key(.alt(.escape))])
    #expect(InputDecoder.decodeAll(reads: [[Self.escape], [Self.escape], Array("[A".utf8)]) == [.key(.alt(.up))])
    #expect(InputDecoder.decodeAll(Array("\u{1B}\u{1B}OD".utf8)) == [.key(.alt(.left))])
    #expect(InputDecoder.decodeAll(Array("\u{1B}\u{1B}ab".utf8)) == [.key(.alt(.escape)), .key(.character("a")), .key(.character("b"))])
  }

  /// Finding 9: a paste whose end marker never comes took every later key — each arriving
  /// within a second of the last joined the paste, esc too. It now ends after
  /// ``BracketedPaste/unterminatedSilence`` without input, is delivered, and keys are keys.
  @Test func aPasteWithoutItsEndEndsAfterAPause() {
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}[200~xyz".utf8)) == [])
    #expect(decoder.waitForMore == BracketedPaste.unterminatedSilence)
    #expect(BracketedPaste.unterminatedSilence == .milliseconds(300))
    #expect(decoder.receive(Array("\u{1B}[20".utf8)) == [])
    #expect(decoder.inputPaused() == [.paste("xyz\u{1B}[20")])
    #expect(decoder.waitForMore == nil)
    #expect(decoder.receive([Self.escape]) == [])
    #expect(decoder.inputPaused() == [.key(.escape)])
    #expect(decoder.receive(Array("q".utf8)) == [.key(.character("q"))])
  }

  /// Today's end-marker rules, kept: the text may hold the end marker's bytes, and a marker that
  /// more input follows at once up to another marker is text; one followed by a pause ends the
  /// paste, and what came after it is keys.
  @Test func anEndMarkerFollowedAtOnceByMoreIsText() {
    #expect(
      InputDecoder.decodeAll("\u{1B}[200~buy\u{1B}[201~ milk\u{1B}[201~") == [.paste("buy\u{1B}[201~ milk")])
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}[200~abc\u{1B}[201~".utf8)) == [])
    #expect(decoder.waitForMore == BracketedPaste.endLookahead)
    #expect(decoder.receive(Array("x\u{1B}".utf8)) == [])
    #expect(decoder.inputPaused() == [.paste("abc"), .key(.character("x"))])
    #expect(decoder.waitForMore == InputDecoder.escapeDelay)
    #expect(decoder.inputPaused() == [.key(.escape)])
    // More than anyone types after a marker, without another: the marker is text, and the
    // paste goes on to its next marker.
    let long = String(repeating: "a", count: BracketedPaste.lookaheadLimit + 10)
    #expect(
      InputDecoder.decodeAll("\u{1B}[200~one\u{1B}[201~\(long)\u{1B}[201~d") == [.paste("one\u{1B}[201~\(long)"), .key(.character("d"))])
  }

  /// A paste's line breaks arrive as carriage returns and become "\n"; control sequences in it
  /// are text, never keys.
  @Test func aPasteIsTextWhateverItHolds() {
    #expect(InputDecoder.decodeAll("\u{1B}[200~a\rb\nc\u{1B}[Ad\u{1B}[201~") == [.paste("a\nb\nc\u{1B}[Ad")])
    #expect(InputDecoder.decodeAll("\u{1B}[200~\u{1B}[201~") == [.paste("")])
  }

  /// An unknown control sequence is read to its final byte and dropped, however long; the key
  /// after it is kept.
  @Test func aSequenceOfAnyLengthIsDroppedWhole() {
    let long = "\u{1B}[" + String(repeating: "1;", count: 5_000) + "5Ax"
    #expect(InputDecoder.decodeAll(long) == [.key(.character("x"))])
    // Cut off by a pause, the rest of an over-long sequence is typed keys again.
    var decoder = InputDecoder()
    #expect(decoder.receive(Array(("\u{1B}[" + String(repeating: "1", count: 500)).utf8)) == [])
    #expect(decoder.inputPaused() == [])
    #expect(decoder.receive(Array("12".utf8)) == [.key(.character("1")), .key(.character("2"))])
  }

  /// However the bytes are split across reads, they decode to the same events: the decoder
  /// holds what is cut short and never guesses before the pause.
  @Test func everySplitDecodesTheSame() {
    let input =
      Array("a\u{1B}[A\u{1B}OP\u{1B}\u{1B}[Bé\u{1B}d\u{1B}[<0;12;5M\u{1B}[200~pa\u{1B}[201~ste\u{1B}[201~".utf8)
      + [0xFF] + Array("👍\u{1B}[1;5A\u{1B}[3~z".utf8)
    let whole = InputDecoder.decodeAll(input)
    #expect(
      whole == [
        .key(.character("a")), .key(.up), .key(.function(1)), .key(.alt(.down)), .key(.character("é")),
        .key(.alt(.character("d"))), .pointer(PointerEvent(.press(.left), column: 11, row: 4)),
        .paste("pa\u{1B}[201~ste"), .key(.character("\u{FFFD}")), .key(.character("👍")),
        .key(.modified(.up, .control)), .key(.delete),
        .key(.character("z")),
      ])
    for split in 1..<input.count {
      #expect(InputDecoder.decodeAll(reads: [Array(input[..<split]), Array(input[split...])]) == whole, "split at \(split)")
    }
    #expect(InputDecoder.decodeAll(reads: input.map { [$0] }) == whole, "a byte a read")
  }
}
