import Testing
@testable import TideTerminal

/// Pointer reports as terminals send them (xterm's SGR mode 1006), decoded by the same decoder
/// as keys, from the bytes.
@Suite("Pointer decoding")
struct PointerDecodingTests {
  /// Decodes an escape followed by `text`'s bytes, then a pause: the report's event, and the
  /// events of what followed it.
  func decode(_ text: String) -> (event: InputEvent?, after: [InputEvent]) {
    let events = InputDecoder.decodeAll("\u{1B}" + text)
    return (events.first, Array(events.dropFirst()))
  }

  /// The events of an escape followed by `text`, where the report stands for nothing.
  func dropped(_ text: String) -> [InputEvent] {
    InputDecoder.decodeAll("\u{1B}" + text)
  }

  @Test func pressAndReleaseOfEachButton() {
    #expect(decode("[<0;12;5Mx") == (.pointer(PointerEvent(.press(.left), column: 11, row: 4)), [.key(.character("x"))]))
    #expect(decode("[<0;12;5m").event == .pointer(PointerEvent(.release(.left), column: 11, row: 4)))
    #expect(decode("[<1;1;1M").event == .pointer(PointerEvent(.press(.middle), column: 0, row: 0)))
    #expect(decode("[<2;3;4m").event == .pointer(PointerEvent(.release(.right), column: 2, row: 3)))
  }

  @Test func wheelNotches() {
    #expect(decode("[<64;10;2M").event == .pointer(PointerEvent(.scrollUp, column: 9, row: 1)))
    #expect(decode("[<65;10;2M").event == .pointer(PointerEvent(.scrollDown, column: 9, row: 1)))
  }

  @Test func modifiers() {
    #expect(decode("[<4;1;1M").event == .pointer(PointerEvent(.press(.left), column: 0, row: 0, modifiers: .shift)))
    #expect(decode("[<24;1;1M").event == .pointer(PointerEvent(.press(.left), column: 0, row: 0, modifiers: [.alt, .control])))
    #expect(decode("[<81;1;1M").event == .pointer(PointerEvent(.scrollDown, column: 0, row: 0, modifiers: .control)))
  }

  /// The legacy encoding stops at column 223; SGR's decimal coordinates have no such limit.
  @Test func columnsPast223() {
    #expect(decode("[<0;300;120M").event == .pointer(PointerEvent(.press(.left), column: 299, row: 119)))
    #expect(decode("[<0;1000;1000M").event == .pointer(PointerEvent(.press(.left), column: 999, row: 999)))
  }

  /// Motion, sideways wheel and malformed reports are read to their end and dropped: none of
  /// their bytes arrives as typed text.
  @Test func undeliveredReportsAreDroppedWhole() {
    let x: [InputEvent] = [.key(.character("x"))]
    #expect(dropped("[<32;5;5Mx") == x)  // drag motion
    #expect(dropped("[<35;5;5Mx") == x)  // motion, no button
    #expect(dropped("[<66;5;5Mx") == x)  // wheel left
    #expect(dropped("[<0;5Mx") == x)  // two parameters
    #expect(dropped("[<0;;5Mx") == x)
    #expect(dropped("[<0;0;5Mx") == x)  // column 0 does not exist
    #expect(dropped("[<0;9999999;5Mx") == x)
  }

  /// A terminal without mode 1006 sends `ESC [ M` and three bytes, each a value plus 32
  /// (coordinates from 1).
  @Test func legacyEncoding() {
    let report = "[M" + String(UnicodeScalar(32 + 0)) + String(UnicodeScalar(32 + 12)) + String(UnicodeScalar(32 + 5))
    #expect(decode(report).event == .pointer(PointerEvent(.press(.left), column: 11, row: 4)))
    let release = "[M" + String(UnicodeScalar(32 + 3)) + "!!"
    #expect(decode(release).event == .pointer(PointerEvent(.release(.left), column: 0, row: 0)))
    let wheel = "[M" + String(UnicodeScalar(32 + 65)) + "!!"
    #expect(decode(wheel).event == .pointer(PointerEvent(.scrollDown, column: 0, row: 0)))
  }

  @Test func keysStillDecode() {
    #expect(decode("d").event == .key(.alt(.character("d"))))
    #expect(decode("").event == .key(.escape))
    #expect(dropped("[1;5Ax") == [.key(.modified(.up, .control)), .key(.character("x"))])
  }

  /// The legacy report's bytes are bytes, not UTF-8: a column past 95 (a byte past 127) is
  /// exact, and a report cut short is dropped without taking the key after it.
  @Test func legacyReportsAreReadAsBytes() {
    let events = InputDecoder.decodeAll([0x1B, 0x5B, 0x4D, 32, 32 + 200, 32 + 3] + Array("x".utf8))
    #expect(events == [.pointer(PointerEvent(.press(.left), column: 199, row: 2)), .key(.character("x"))])
    #expect(InputDecoder.decodeAll([0x1B, 0x5B, 0x4D, 32, 0x0D]) == [.key(.enter)])
  }

  @Test func relativeCoordinates() {
    let event = PointerEvent(.press(.left), column: 12, row: 7)
    #expect(event.relative(to: Rect(column: 10, row: 5, width: 4, height: 4)) == PointerEvent(.press(.left), column: 2, row: 2))
  }
}
