import Testing

@testable import TideDemo

@Suite("TextInput")
struct TextInputTests {
  func typed(_ text: String, limit: Int = 500) -> TextInput {
    var input = TextInput(limit: limit)
    for character in text { input.insert(character) }
    return input
  }

  @Test func typingInsertsAtTheCursor() {
    var input = typed("ac")
    #expect(input.text == "ac")
    #expect(input.cursor == 2)
    input.moveLeft()
    input.insert("b")
    #expect(input.text == "abc")
    #expect(input.cursor == 2)
    input.moveToStart()
    input.insert(">")
    #expect(input.text == ">abc")
    #expect(input.cursor == 1)
    input.moveToEnd()
    input.insert("!")
    #expect(input.text == ">abc!")
    #expect(input.cursor == 5)
  }

  @Test func cursorStopsAtBothEnds() {
    var input = typed("ab")
    input.moveRight()
    #expect(input.cursor == 2)
    input.moveLeft()
    input.moveLeft()
    input.moveLeft()
    #expect(input.cursor == 0)
    input.moveRight()
    #expect(input.cursor == 1)
  }

  @Test func backspaceAndDeleteEraseAroundTheCursor() {
    var input = typed("abcd")
    input.deleteForward()  // at the end: nothing
    #expect(input.text == "abcd")
    input.deleteBackward()
    #expect(input.text == "abc")
    #expect(input.cursor == 3)
    input.moveToStart()
    input.deleteBackward()  // at the start: nothing
    #expect(input.text == "abc")
    input.deleteForward()
    #expect(input.text == "bc")
    #expect(input.cursor == 0)
    input.moveRight()
    input.deleteBackward()
    #expect(input.text == "c")
    #expect(input.cursor == 0)
  }

  @Test func unicodeIsEditedByWholeCharacters() {
    var input = typed("日本語 👩‍💻 é🇯🇵")
    #expect(input.characters.count == 8)
    #expect(input.text == "日本語 👩‍💻 é🇯🇵")
    input.deleteBackward()  // the whole flag, not half of it
    #expect(input.text == "日本語 👩‍💻 é")
    input.moveLeft()
    input.moveLeft()
    input.deleteBackward()  // the whole ZWJ sequence
    #expect(input.text == "日本語  é")
    input.moveToStart()
    input.deleteForward()
    #expect(input.text == "本語  é")
  }

  @Test func combiningMarksAndZeroWidthJoinersInsideAClusterArePrintable() {
    #expect(TextInput.isPrintable("e\u{301}"))
    #expect(TextInput.isPrintable("👩‍💻"))
    #expect(TextInput.isPrintable("日"))
    #expect(TextInput.isPrintable(" "))
  }

  @Test(arguments: [
    Character("\u{0}"), "\u{7}", "\u{8}", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    "\u{200B}", "\u{200E}", "\u{2028}", "\u{2029}", "\u{FEFF}",
  ])
  func controlAndFormatCharactersAreNeverInserted(character: Character) {
    var input = typed("ab")
    input.moveLeft()
    input.insert(character)
    #expect(input.text == "ab")
    #expect(input.cursor == 1)
    #expect(!TextInput.isPrintable(character))
  }

  @Test func theLimitIsFiveHundredCharacters() {
    var input = typed(String(repeating: "x", count: 499))
    input.insert("日")
    #expect(input.characters.count == 500)
    input.insert("y")
    #expect(input.characters.count == 500)
    #expect(input.text.last == "日")
    input.moveToStart()
    input.insert("z")
    #expect(input.characters.first == "x")
    input.deleteBackward()  // nothing before the cursor
    input.deleteForward()
    #expect(input.characters.count == 499)
    input.insert("z")
    #expect(input.characters.count == 500)
    #expect(input.characters.first == "z")
  }

  @Test func anOverLongInitialTextIsCut() {
    let input = TextInput(String(repeating: "é", count: 600), limit: Todo.maximumTitleLength)
    #expect(input.characters.count == 500)
    #expect(input.cursor == 500)
  }
}

/// Pasted text in the input line: one line, nothing that cannot be typed, the limit kept.
@Suite struct TextInputPasteTests {
  @Test func lineBreaksBecomeSpacesAndControlCharactersAreDropped() {
    var input = TextInput("<>", limit: 500)
    input.moveLeft()
    input.insert(pasted: "one\ntwo\r\nthree\rfour\u{2028}five\tsix\u{1B}[31m\u{7}")
    #expect(input.text == "<one two three four fivesix[31m>")
    #expect(input.cursor == input.characters.count - 1, "the cursor is after the pasted text")
  }

  @Test func thePasteStopsAtTheLimit() {
    var input = TextInput("ab", limit: 500)
    input.insert(pasted: String(repeating: "x\n", count: 600))
    #expect(input.characters.count == 500)
    #expect(input.text.hasPrefix("abx x "))
  }
}
