import TideJSON
import TideTestSupport
import Testing

/// The quick check a trace's index runs on every line passes only what the reader passes, so a
/// malformed line is never taken for JSON, and passes the lines a trace holds, so the reader
/// reads them once.
@Suite("TideJSON: the quick check agrees with the reader")
struct JSONQuickCheckTests {
  /// Texts the reader passes, of every kind the grammar has, without a `\u` escape or an
  /// exponent (left to the reader on purpose).
  static let wellFormed = [
    #"{"n":12,"t":0.25,"key":"j","action":{"list":{"_0":{"move":{"_0":"down"}}}},"changes":[["list.cursor",5]]}"#,
    #"  [ {} , [] , "" , 0 , -0.5 , 120, 0.002, -0, 10.01, 123456789012345678 ]  "#,
    #"{"a":[true,false,null,{"b":{"c":[[[]]]}}],"s":"tab\tquote\"slash\/back\\\b\f\n\r","é":"caf\#u{E9} \#u{1F600} \#u{4E2D}"}"#,
    #"["a long text of more than eight bytes with nothing to stop at, and then some more",1]"#,
    #"0"#, #""""#, #"true"#, #"null"#, #"-12.5"#,
    String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
  ]

  @Test(arguments: wellFormed)
  func passesWhatTheReaderPasses(text: String) throws {
    _ = try JSONParser.parse(text)
    #expect(Self.quickCheck(Array(text.utf8)))
  }

  /// Every text one, two or three random edits away from a well-formed one (a byte dropped,
  /// added, changed or doubled, among the bytes JSON gives meaning to and a few it does not):
  /// the quick check never passes one the reader refuses.
  @Test func neverPassesWhatTheReaderRefuses() {
    var generator = SeededGenerator(seed: 41)
    let alphabet = Array(#"{}[]":,.-+eE0123456789 \tnulltruefalse"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC0, 0xE0, 0xED, 0xF4, 0xFF, 0x5C]
    var refused = 0
    for round in 0..<20_000 {
      var bytes = Array(Self.wellFormed[round % Self.wellFormed.count].utf8)
      for _ in 0...Int.random(in: 0...2, using: &generator) {
        let at = Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0 where at < bytes.count: bytes.remove(at: at)
        case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
        case 2 where at < bytes.count: bytes[at] = alphabet.randomElement(using: &generator)!
        default: if at < bytes.count { bytes.insert(bytes[at], at: at) }
        }
      }
      let parses = bytes.withUnsafeBytes { raw in (try? JSONParser.parse(raw)) != nil }
      if !parses { refused += 1 }
      if Self.quickCheck(bytes) && !parses {
        Issue.record("round \(round): the quick check passed what the reader refuses: \(bytes)")
        return
      }
    }
    // The edits made texts of both kinds, so the property was tried where it can fail.
    #expect(refused > 5_000)
  }

  /// Too deep, a `\u` escape, a bare control character, a number that may be beyond a
  /// `Double`: left to the reader, which says why (or that it is JSON after all).
  @Test func leavesToTheReaderWhatItMustExplain() {
    let texts = [
      String(repeating: "[", count: 513) + String(repeating: "]", count: 513), #"["\u00e9"]"#, "[\"a\u{1}\"]", "{\"a\":1,}",
      "[1e2]", "[1234567890123456789]",
    ]
    for text in texts {
      #expect(!Self.quickCheck(Array(text.utf8)), "\(text.prefix(40))")
    }
  }

  private static func quickCheck(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { JSONQuickCheck.passes($0) }
  }
}
