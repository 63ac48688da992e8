import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting
import TideTestSupport

@testable import tide_list
@testable import tide_pager
@testable import tide_progress
@testable import tide_textinput

/// The four apps built on the components, replayed as SPEC describes their screens.
@MainActor
@Suite("Component examples")
struct ComponentExamplesTests {
  @Test func textInputGreetsWithWideCharactersReadlineKeysAndPaste() async {
    let clock = VirtualClock()
    let app = Greeting.app(launch: TerminalLaunch(clock: clock))
    let screen = await assertReplay(app, clock: clock, script: """
      expect "Name: your name"
      type "Ada Byron"
      keys alt-b ctrl-w
      type "Ada 漢字🇯🇵 "
      keys left left backspace
      keys alt-x f5 ctrl-e
      paste "\\u{1B}[1m the\\nfirst"
      keys enter
      expect "Hello, Ada 漢🇯🇵 Byron[1m the first!"
      """)
    #expect(screen.contains("Name: Ada 漢🇯🇵 Byron[1m the first"))
    #expect(!app.store.state.isQuitting)
    await assertReplay(app, clock: clock, script: "keys esc")
    #expect(app.store.state.isQuitting)
  }

  @Test func listChoosesFiltersAndQuitsOnlyWhenNotFiltering() async {
    let clock = VirtualClock()
    let size = TerminalSize(columns: 40, rows: 12)
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock, size: size))
    await assertReplay(app, clock: clock, script: """
      expect "50 items"
      keys down down enter
      expect "Chose: Item 3"
      keys pgdn enter
      expect "Chose: Item 12"
      keys / 4 q
      expect "/4q"
      expect "0 of 50"
      keys backspace
      expect "14 of 50"
      keys down enter enter
      expect "Chose: Item 14"
      keys esc end enter
      expect "Chose: Item 50"
      """, size: size)
    #expect(!app.store.state.isQuitting)
    await assertReplay(app, clock: clock, script: "keys q", size: size)
    #expect(app.store.state.isQuitting)
  }

  /// The list learns its height from the app's resize action, at the start and on a resize, so
  /// a page is what the screen shows (it moved by the start's 21 rows after shrinking).
  @Test func listPagesByTheHeightItIsDrawnAtAfterAResize() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, scriptFile: "Scripts/list-resize.keys", golden: "Goldens/list-resize.screen")
    #expect(app.store.state.list.height == 14)
  }

  /// The pager wraps at the width it is drawn at and pages by its height, after a resize too.
  @Test func pagerRewrapsAndPagesByItsSizeAfterAResize() async {
    let clock = VirtualClock()
    let text = (1...40).map { "Line \($0): " + String(repeating: "wrap me ", count: 6) }.joined(separator: "\n")
    let app = Pager.app(path: "resize.txt", text: text, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      resize 40x12
      expect "Line 6: wrap me"
      expect-not "Line 7:"
      keys pgdn
      expect "Line 11: wrap me"
      expect-not "Line 12:"
      """)
    #expect(app.store.state.text.width == 40)
    #expect(app.store.state.text.height == 11)
  }

  /// `/` types a query in the footer (q is a letter of it, not quit), enter goes to the first
  /// match and the footer counts them, n and N step and go round saying so, esc keeps the place.
  @Test func pagerSearchesWithSlashAndStepsWithNAndCapitalN() async {
    let clock = VirtualClock()
    let text = (1...60).map { $0 % 20 == 0 ? "Line \($0): the quarry is here" : "Line \($0): nothing" }
      .joined(separator: "\n")
    let app = Pager.app(path: "search.txt", text: text, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "/ search"
      keys /
      type "quarry"
      expect "/quarry"
      keys enter
      expect "1 of 3 matches"
      expect "Line 20: the quarry"
      keys n n
      expect "3 of 3 matches"
      keys n
      expect "1 of 3 matches, wrapped to the top"
      keys N
      expect "3 of 3 matches, wrapped to the bottom"
      keys / x esc
      expect "3 of 3 matches"
      keys / Q enter
      expect "no match for Q"
      """)
    #expect(!app.store.state.isQuitting && !app.store.state.text.isSearching)
  }

  @Test func aHundredThousandItemListFiltersAsYouType() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 100_000, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "100000 items"
      keys / 9 9 9 9
      expect "19 of 100000"
      keys 9 enter end enter
      expect "Chose: Item 99999"
      keys esc home enter
      expect "Chose: Item 1"
      """)
  }

  @Test func pagerWrapsLongLinesAndReaches100PercentAtTheEnd() async {
    let clock = VirtualClock()
    let text = (1...2_000).map { "Line \($0): " + String(repeating: "wrap me ", count: $0 % 25) }.joined(separator: "\n")
    let app = Pager.app(path: "long.txt", text: text, launch: TerminalLaunch(clock: clock, size: TerminalSize(columns: 60, rows: 20)))
    await assertReplay(app, clock: clock, script: """
      expect "long.txt"
      expect " 0%"
      expect "Line 7: wrap me"
      keys end
      expect "Line 2000:"
      expect " 100%"
      keys pgup
      expect " 99%"
      keys home
      expect "Line 1: wrap me"
      """, size: TerminalSize(columns: 60, rows: 20))
    // Lines longer than the width wrap instead of being cut.
    #expect(app.store.state.text.rowCount > 2_000)
    await assertReplay(app, clock: clock, script: "keys q", size: TerminalSize(columns: 60, rows: 20))
    #expect(app.store.state.isQuitting)
  }

  @Test func progressIsAboutHalfWayAfterHalfTheTimeAndDoneAtTheEnd() async {
    let clock = VirtualClock()
    let app = Progress.app(seconds: 4, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "0%"
      wait 2s
      expect "50%"
      expect-not "Done!"
      wait 2s
      expect "100%"
      expect "Done!"
      """)
    #expect(!app.store.state.spinner.isSpinning)
    await assertReplay(app, clock: clock, script: "keys q")
    #expect(app.store.state.isQuitting)
  }
}
