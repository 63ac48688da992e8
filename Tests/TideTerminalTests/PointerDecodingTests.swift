import CNcurses
import Testing
@testable import TideTerminal

/// Pointer reports as terminals send them (xterm's SGR mode 1006), decoded by the same decoder
/// as keys: after an escape, ncurses hands over the bytes one by one.
@Suite("Pointer decoding")
struct PointerDecodingTests {
  /// Decodes an escape followed by `text`'s bytes; what is left over is returned too.
  func decode(_ text: String) -> (event: InputEvent?, left: Int) {
    var pending = Array(text.utf8)[...]
    let event = KeyDecoder.event(afterEscape: {
      guard let byte = pending.popFirst() else { return nil }
      return (OK, UInt32(byte))
    })
    return (event, pending.count)
  }

  @Test func pressAndReleaseOfEachButton() {
    #expect(decode("[<0;12;5M").event == .pointer(PointerEvent(.press(.left), column: 11, row: 4)))
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
    #expect(decode("[<32;5;5Mx") == (nil, 1))  // drag motion
    #expect(decode("[<35;5;5Mx") == (nil, 1))  // motion, no button
    #expect(decode("[<66;5;5Mx") == (nil, 1))  // wheel left
    #expect(decode("[<0;5Mx") == (nil, 1))  // two parameters
    #expect(decode("[<0;;5Mx") == (nil, 1))
    #expect(decode("[<0;0;5Mx") == (nil, 1))  // column 0 does not exist
    #expect(decode("[<0;9999999;5Mx") == (nil, 1))
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
    #expect(decode("[1;5Ax") == (nil, 1))
  }

  @Test func relativeCoordinates() {
    let event = PointerEvent(.press(.left), column: 12, row: 7)
    #expect(event.relative(to: Rect(column: 10, row: 5, width: 4, height: 4)) == PointerEvent(.press(.left), column: 2, row: 2))
  }
}
