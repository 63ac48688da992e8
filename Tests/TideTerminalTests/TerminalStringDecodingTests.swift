import Testing
@testable import TideTerminal

/// Terminal strings (OSC, DCS, APC, PM, SOS) in the input are replies to queries or junk: each is
/// consumed whole and dropped, over every split of its bytes, and never arrives as typed keys.
/// Before, `ESC ] 11;rgb:0000/0000/0000 ESC \` typed `T11;rgb:0000/0000/0000Z`'s keys.
@Suite struct TerminalStringDecodingTests {
  /// Each string kind with each terminator it has, between two typed keys.
  static let strings: [String] = [
    "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",
    "\u{1B}]11;rgb:0000/0000/0000\u{07}",
    "\u{1B}P1$r0m\u{1B}\\",
    "\u{1B}_Gi=31;OK\u{1B}\\",
    "\u{1B}^private\u{1B}\\",
    "\u{1B}Xstart of string\u{1B}\\",
    "\u{9D}11;rgb:ffff/ffff/ffff\u{9C}",
    "\u{90}1$r0m\u{9C}",
    "\u{9D}0;title\u{1B}\\",
  ]

  @Test(arguments: strings) func aStringIsDroppedOverEverySplit(string: String) {
    let bytes = Array("a\(string)b".utf8)
    let expected: [InputEvent] = [.key(.character("a")), .key(.character("b"))]
    #expect(InputDecoder.decodeAll(bytes) == expected)
    for cut in 1..<bytes.count {
      #expect(InputDecoder.decodeAll(reads: [Array(bytes[..<cut]), Array(bytes[cut...])]) == expected, "cut at \(cut)")
    }
    for first in 1..<bytes.count {
      for second in (first + 1)..<bytes.count {
        let reads = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
        #expect(InputDecoder.decodeAll(reads: reads) == expected, "cuts at \(first), \(second)")
      }
    }
  }

  /// A string that never ends is dropped after a bounded pause, and keys are keys again.
  @Test func anUnterminatedStringEndsAfterAPause() {
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}]11;rgb:00".utf8)) == [])
    #expect(decoder.waitForMore == TerminalString.unterminatedSilence)
    #expect(decoder.receive(Array("00/0000".utf8)) == [])
    #expect(decoder.inputPaused() == [])
    #expect(decoder.waitForMore == nil)
    #expect(decoder.receive(Array("r0".utf8)) == [.key(.character("r")), .key(.character("0"))])
  }

  /// An escape inside a string that is not its terminator cancels it: the escape begins what
  /// comes next.
  @Test func anEscapeCancelsTheString() {
    #expect(InputDecoder.decodeAll("\u{1B}]11;rgb\u{1B}[Ax") == [.key(.up), .key(.character("x"))])
  }

  /// Alt-] and alt-shift-P, -X, alt-_ and alt-^ typed alone are still alt-chords: an introducer
  /// that nothing follows before the escape delay is the chord it also is.
  @Test func anIntroducerAloneIsAnAltChord() {
    for letter in ["]", "P", "_", "^", "X"] {
      var decoder = InputDecoder()
      #expect(decoder.receive(Array("\u{1B}\(letter)".utf8)) == [])
      #expect(decoder.waitForMore == InputDecoder.escapeDelay)
      #expect(decoder.inputPaused() == [.key(.alt(.character(Character(letter))))])
      #expect(decoder.receive(Array("q".utf8)) == [.key(.character("q"))])
    }
  }

  /// A string past the bound is not kept, but is still consumed to its end.
  @Test func aLongStringIsConsumedToItsEnd() {
    let long = String(repeating: "0", count: TerminalString.limit * 2)
    #expect(InputDecoder.decodeAll("\u{1B}]11;\(long)\u{1B}\\q") == [.key(.character("q"))])
    var decoder = InputDecoder()
    #expect(decoder.receive(Array("\u{1B}P\(long)".utf8)) == [])
    #expect(decoder.receive(Array("\u{1B}\\q".utf8)) == [.key(.character("q"))])
  }
}
