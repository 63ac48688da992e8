import Testing
import TideTerminal

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("ｱ", 1), ("❤", 1), ("─", 1),
    ("日", 2), ("한", 2), ("あ", 2), ("Ａ", 2), ("　", 2),
    ("👍", 2), ("👍🏽", 4), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 1), ("1️⃣", 1),
    ("\u{7}", 0), ("\n", 0), ("\r\n", 0), ("\u{7F}", 0), ("\u{85}", 0), ("\u{301}", 0), ("\u{200D}", 0),
  ] as [(Character, Int)])
  func characterWidth(character: Character, width: Int) {
    #expect(character.displayWidth == width)
  }

  /// Measured in tmux 3.3a (`printf` then `#{cursor_x}`): a scalar after a zero-width joiner
  /// joins the cell before, even when only zero-width scalars came before the joiner.
  @Test(arguments: [
    ("\u{301}\u{200D}\u{93E}", 0), ("\u{200D}\u{93E}", 0), ("\u{200D}\u{200D}\u{93E}", 0),
    ("k\u{200D}\u{93E}", 1), ("e\u{301}\u{200D}\u{93E}", 1), ("👍\u{200D}\u{93E}\u{93E}", 3),
    ("k\u{200D}\u{301}\u{93E}", 2), ("k\u{93E}", 2),
  ] as [(String, Int)])
  func aSpacingMarkAfterAJoinerJoinsTheCellBefore(text: String, width: Int) {
    #expect(text.displayWidth == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    #expect(" \(text)".displayWidth == 1 + width, "after a space")
  }

  @Test func stringWidthSumsCharacters() {
    #expect("日本語".displayWidth == 6)
    #expect("abc".displayWidth == 3)
    #expect("Cafe\u{301} 👍!".displayWidth == 8)
    #expect("tab\there".displayWidth == 7)
    #expect("".displayWidth == 0)
  }

  @Test(arguments: [
    ("Hello, world", 5, "Hell…"),
    ("Hello", 5, "Hello"),
    ("Hello", 10, "Hello"),
    ("Hello", 1, "…"),
    ("Hello", 0, ""),
    ("日本語", 6, "日本語"),
    ("日本語", 5, "日本…"),
    ("日本語", 4, "日…"),
    ("a日本", 3, "a…"),
    ("👍👍👍", 4, "👍…"),
    ("cafe\u{301}s", 4, "caf…"),
  ])
  func truncation(text: String, width: Int, expected: String) {
    let result = text.truncated(toDisplayWidth: width)
    #expect(result == expected)
    #expect(result.displayWidth <= width)
  }
}
