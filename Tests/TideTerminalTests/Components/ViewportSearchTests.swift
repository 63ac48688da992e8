import Testing
import Tide
import TideTesting

@testable import TideTerminal

@MainActor
@Suite("Viewport search")
struct ViewportSearchTests {
  func send(_ actions: Viewport.Action..., to state: inout Viewport.State) {
    for action in actions { _ = Viewport().reduce(into: &state, action: action) }
  }

  /// Types `query` after `/` and presses enter, as the keys would.
  func search(_ query: String, in state: inout Viewport.State) {
    send(.startSearch, to: &state)
    for character in query { send(.query(.insert(character)), to: &state) }
    send(.submitSearch, to: &state)
  }

  func drawn(_ state: Viewport.State) -> Canvas {
    var canvas = Canvas(columns: state.width, rows: state.height)
    Viewport.draw(state, in: canvas.bounds, on: &canvas)
    return canvas
  }

  let numbered = (1...100).map { $0 % 10 == 0 ? "line \($0) needle" : "line \($0)" }.joined(separator: "\n")

  @Test func enterSearchesForwardFromTheTopRowAndScrollsTheMatchToTheTop() {
    var state = Viewport.State(text: numbered, width: 30, height: 5)
    send(.scroll(by: 20), to: &state)
    search("needle", in: &state)
    #expect(!state.isSearching && state.searchedQuery == "needle")
    #expect(state.topRow == 29 && state.currentMatch == 2)
    #expect(state.searchStatus == "3 of 10 matches")
    // A match already on screen does not scroll.
    send(.scrollUp, to: &state)
    search("needle", in: &state)
    #expect(state.topRow == 28 && state.searchStatus == "3 of 10 matches")
  }

  @Test func nAndNStepThroughTheMatchesAndGoRoundSayingSo() {
    var state = Viewport.State(text: numbered, width: 30, height: 5)
    search("needle", in: &state)
    #expect(state.searchStatus == "1 of 10 matches" && state.topRow == 9)
    send(.previousMatch, to: &state)
    #expect(state.searchStatus == "10 of 10 matches, wrapped to the bottom" && state.topRow == 95)
    send(.nextMatch, to: &state)
    #expect(state.searchStatus == "1 of 10 matches, wrapped to the top" && state.topRow == 9)
    send(.nextMatch, .nextMatch, to: &state)
    #expect(state.searchStatus == "3 of 10 matches" && state.topRow == 29)
    send(.previousMatch, to: &state)
    #expect(state.searchStatus == "2 of 10 matches" && state.topRow == 19)
    // Scrolled away, n goes on from the top row.
    send(.scroll(by: 40), to: &state)
    send(.nextMatch, to: &state)
    #expect(state.searchStatus == "6 of 10 matches" && state.topRow == 59)
    #expect(Viewport.action(for: .character("n"), in: state) == .nextMatch)
    #expect(Viewport.action(for: .character("N"), in: state) == .previousMatch)
    #expect(Viewport.action(for: .character("/"), in: state) == .startSearch)
  }

  @Test func aQueryWithAnUppercaseLetterMatchesCaseAndOneWithoutIgnoresIt() {
    var state = Viewport.State(text: "Error one\nerror two\nERROR three\nÉté été ÉTÉ", width: 40, height: 10)
    search("error", in: &state)
    #expect(state.searchStatus == "1 of 3 matches")
    search("Error", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    search("été", in: &state)
    #expect(state.searchStatus == "1 of 3 matches")
    search("ÉTÉ", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    #expect(state.currentMatchRange == state.bytes.count - "ÉTÉ".utf8.count..<state.bytes.count)
  }

  @Test func noMatchSaysSoAndStaysPut() {
    var state = Viewport.State(text: numbered, width: 30, height: 5)
    send(.scroll(by: 7), to: &state)
    search("haystack", in: &state)
    #expect(state.searchStatus == "no match for haystack" && state.topRow == 7 && state.currentMatch == nil)
    send(.nextMatch, .previousMatch, to: &state)
    #expect(state.searchStatus == "no match for haystack" && state.topRow == 7)
    // An empty query ends the search.
    search("", in: &state)
    #expect(state.searchStatus == nil && state.searchedQuery == nil)
  }

  @Test func wideCharactersAndEmojiMatchAsWholeClusters() {
    let text = "漢字 and 🇯🇵🇫🇷 flags\ncafe\u{301} cafe 👩‍👩‍👧 👩"
    var state = Viewport.State(text: text, width: 40, height: 4)
    search("字", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    search("🇫🇷", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    // Half of a flag is not a match, nor is `e` under an accent, nor a woman inside a family.
    search("🇯", in: &state)
    #expect(state.searchStatus == "no match for 🇯")
    search("cafe", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    search("👩", in: &state)
    #expect(state.searchStatus == "1 of 1 match")
    // Drawn in runs around the match, the clusters whole.
    let rows: [String] = drawn(state).text().split(separator: "\n").map { String($0) }
    let expected: [String] = ["漢字 and 🇯🇵🇫🇷 flags", "café cafe 👩‍👩‍👧 👩"]
    #expect(rows == expected)
  }

  @Test func aMatchInsideAWrappedLineScrollsItsWrappedRowOnScreen() {
    let long = (0..<20).map { "word\($0)" }.joined(separator: " ")
    let text = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n" + long
    var state = Viewport.State(text: text, width: 10, height: 2)
    search("word17", in: &state)
    // word17 starts at byte 109 of the long line: its row is the line's 11th.
    #expect(Array(long.utf8)[109..<115] == Array("word17".utf8)[...])
    #expect(state.topRow == 30 + 10)
    let rows = drawn(state).text().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.first.map(String.init) == String(long.dropFirst(100).prefix(10)), "\(rows)")
    #expect(state.searchStatus == "1 of 1 match")
  }

  @Test func escCancelsTheFieldAndKeepsThePositionAndTheSearchBefore() {
    var state = Viewport.State(text: numbered, width: 30, height: 5)
    search("needle", in: &state)
    send(.nextMatch, to: &state)
    let before = state
    send(.startSearch, .query(.insert("x")), to: &state)
    #expect(state.isSearching && state.query.text == "x")
    #expect(Viewport.action(for: .character("q"), in: state) == .query(.insert("q")))
    #expect(Viewport.action(for: .escape, in: state) == .cancelSearch)
    send(.cancelSearch, to: &state)
    #expect(!state.isSearching && state.topRow == before.topRow && state.searchStatus == before.searchStatus)
    #expect(state.currentMatch == before.currentMatch)
  }

  @Test func matchesOnScreenAreInTheAccentAndTheCurrentOneInTheSelection() {
    var state = Viewport.State(text: "ab ab\nxab", width: 10, height: 3)
    search("ab", in: &state)
    let canvas = drawn(state)
    let theme = Theme.default
    #expect(canvas[0, 0].style == theme.selection.layered(over: theme.text))
    #expect(canvas[1, 0].style == theme.selection.layered(over: theme.text))
    #expect(canvas[2, 0].style == theme.text)
    #expect(canvas[3, 0].style == theme.accent.layered(over: theme.text))
    #expect(canvas[0, 1].style == theme.text && canvas[1, 1].style == theme.accent.layered(over: theme.text))
    send(.nextMatch, to: &state)
    let next = drawn(state)
    #expect(next[0, 0].style == theme.accent.layered(over: theme.text))
    #expect(next[3, 0].style == theme.selection.layered(over: theme.text))
  }

  @Test func theFieldIsDrawnOverTheLastRowWhileTyped() {
    var state = Viewport.State(text: "one\ntwo\nthree", width: 10, height: 3)
    send(.startSearch, .query(.insert("t")), to: &state)
    #expect(drawn(state).text() == "one\ntwo\n/t")
  }

  @Test func aOneCellAreaAndAnEmptyTextNeverCrash() {
    for text in ["", "漢字🇯🇵", "abc\n\nabc"] {
      var state = Viewport.State(text: text, width: 1, height: 1)
      search("a", in: &state)
      search("漢", in: &state)
      send(.nextMatch, .previousMatch, .startSearch, .query(.insert("b")), to: &state)
      var canvas = Canvas(columns: 1, rows: 1)
      Viewport.draw(state, in: canvas.bounds, on: &canvas)
      send(.cancelSearch, to: &state)
      Viewport.draw(state, in: canvas.bounds, on: &canvas)
      var unsized = Viewport.State(text: text)
      search("b", in: &unsized)
      Viewport.draw(unsized, in: canvas.bounds, on: &canvas)
      Viewport.draw(unsized, in: Rect(column: 0, row: 0, width: 0, height: 0), on: &canvas)
    }
  }

  /// Every match of `query` in `text`, found the slow way: each line's characters, greedily.
  func everyMatch(of query: String, in text: String) -> [Range<Int>] {
    let ignoresCase = !query.contains { $0.isUppercase }
    let needle = Array(query).map { ignoresCase ? String($0).lowercased() : String($0) }
    var result: [Range<Int>] = []
    var lineStart = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let characters = Array(line)
      var offsets = [lineStart]
      for character in characters { offsets.append(offsets.last! + character.utf8.count) }
      var index = 0
      while index + needle.count <= characters.count {
        let candidate = characters[index..<index + needle.count].map { ignoresCase ? String($0).lowercased() : String($0) }
        if candidate == needle {
          result.append(offsets[index]..<offsets[index + needle.count])
          index += needle.count
        } else {
          index += 1
        }
      }
      lineStart += line.utf8.count + 1
    }
    return result
  }

  @Test func nAndNVisitEveryMatchInOrderWithItsNumberAndGoRound() {
    // Several matches a line, overlapping candidates (`aa` in `aaa`), wrapped rows, wide
    // characters, accents and a combining mark that joins a CJK ideograph.
    let lines = (0..<40).map { number -> String in
      switch number % 5 {
      case 0: "aaa aA x aaaa \(number)"
      case 1: "漢字aa字 a 字\u{301}aa 字字 aa"
      case 2: "Étéaa ÀA aa éTÉ"
      case 3: String(repeating: "aa ", count: number)
      default: "none here \(number)"
      }
    }
    let text = lines.joined(separator: "\n")
    for query in ["aa", "a", "字", "字a", "aA", "été", "a 字"] {
      let expected = everyMatch(of: query, in: text)
      var state = Viewport.State(text: text, width: 12, height: 3)
      search(query, in: &state)
      #expect(!expected.isEmpty && state.matchCount == expected.count, "\(query)")
      var visited: [Range<Int>] = []
      for index in 0..<expected.count {
        #expect(state.currentMatch == index, "\(query) \(index)")
        #expect(state.searchStatus?.hasPrefix("\(index + 1) of \(expected.count) match") == true, "\(query)")
        visited.append(state.currentMatchRange ?? 0..<0)
        send(.nextMatch, to: &state)
      }
      #expect(visited == expected, "\(query)")
      #expect(state.currentMatch == 0 && state.searchStatus?.hasSuffix("wrapped to the top") == true, "\(query)")
      send(.previousMatch, to: &state)
      #expect(state.currentMatchRange == expected.last && state.currentMatch == expected.count - 1, "\(query)")
      var backwards: [Range<Int>] = []
      for _ in 0..<expected.count {
        backwards.append(state.currentMatchRange ?? 0..<0)
        send(.previousMatch, to: &state)
      }
      #expect(backwards == expected.reversed(), "\(query)")
      // Scrolled away, the match numbers are counted again from the top row.
      send(.scrollToTop, to: &state)
      send(.scroll(by: 50), to: &state)
      send(.nextMatch, to: &state)
      let number = state.currentMatch ?? -1
      #expect(number >= 0 && state.currentMatchRange == expected[number], "\(query)")
      send(.scroll(by: -30), to: &state)
      send(.previousMatch, to: &state)
      let earlier = state.currentMatch ?? -1
      #expect(earlier >= 0 && state.currentMatchRange == expected[earlier], "\(query)")
    }
  }

  @Test func aCJKIdeographUnderACombiningMarkIsNotAMatchOnItsOwn() {
    var state = Viewport.State(text: "字\u{301} a字b 漢字", width: 20, height: 2)
    search("字", in: &state)
    #expect(state.searchStatus == "1 of 2 matches")
    #expect(state.currentMatchRange == 7..<10)
  }
}
