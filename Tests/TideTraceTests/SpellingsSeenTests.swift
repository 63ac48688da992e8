import Testing

@testable import TideTrace

/// A walk of a trace's lines knows an input it checked before by its bytes (`SpellingsSeen`),
/// found first among the last and the first few found, held in two words each
/// (`ShortSpelling`): a spelling that differs in any byte, in either word or past them, is
/// never taken for one checked.
@Suite("TideTrace: spellings seen")
struct SpellingsSeenTests {
  static let noted = [
    #"key":"j"#, #"key":"pgdn"#, #"key":"ctrl+shift+x"#, #"paste":"a text longer than sixteen bytes"#, "", #"key":"é"#,
  ]
  /// Each one byte away from one noted: in the first word, the second, past both, or longer.
  static let others = [
    #"key":"k"#, #"kez":"j"#, #"key":"pgdm"#, #"key":"ctrl+shift+y"#, #"paste":"a text longer than sixteen bytez"#,
    " ", #"key":"è"#, #"key":"j""#, #"key":""#,
  ]

  func bytes<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    Array(text.utf8).withUnsafeBytes(body)
  }

  @Test func aSpellingIsFoundOnlyWhenEveryByteOfItWasNoted() {
    var seen = SpellingsSeen()
    for text in Self.noted {
      #expect(!bytes(text) { seen.contains($0) }, "\(text) before it was noted")
      #expect(bytes(text) { seen.insert($0) })
    }
    // Three rounds: found by its hash, then among the few, then as the last one.
    for _ in 0..<3 {
      for text in Self.noted + Self.noted.reversed() {
        #expect(bytes(text) { seen.contains($0) }, "\(text)")
        #expect(bytes(text) { seen.contains($0) }, "\(text) again")
        for other in Self.others {
          #expect(!bytes(other) { seen.contains($0) }, "\(other) after \(text)")
        }
      }
    }
  }
}
