import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting

@testable import tide_form
@testable import tide_list
@testable import tide_pager
@testable import tide_progress
@testable import tide_textinput

/// Key and pointer scripts written afterwards to check the examples as a user would, against
/// what SPEC says of their screens rather than what the other tests already drive: wheel and
/// clicks in a 100,000-item list and its filter, readline keys over wide characters and flags, a
/// wrapping pager of 100,000 lines, the form by presses, the progress bar at half time.
@MainActor
@Suite("Acceptance scripts")
struct AcceptanceScriptsTests {
  @Test func aHundredThousandItemsScrolledClickedAndFiltered() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 100_000, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "100000 items"
      scroll down 4 at "Item 5"
      expect "> Item 13"
      click "Item 20"
      expect-not "Chose:"
      click "Item 20"
      expect "Chose: Item 20"
      type "/ITEM 5"
      expect "11111 of 100000"
      type "55"
      expect "111 of 100000"
      keys ctrl-w
      expect "100000 of 100000"
      keys ctrl-u
      expect "100000 items"
      type "m 9999"
      expect "11 of 100000"
      click "Item 99990"
      keys enter end
      expect "> Item 99999"
      keys enter
      expect "Chose: Item 99999"
      keys esc
      expect "100000 items"
      expect "> Item 99999"
      """)
  }

  @Test func readlineKeysOverWideCharactersAndFlags() async {
    let clock = VirtualClock()
    let app = Greeting.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "日本語 🇯🇵 text"
      keys ctrl-a
      type ">"
      keys ctrl-e alt-b ctrl-k
      expect "Name: >日本語 🇯🇵"
      keys alt-backspace
      type "flag"
      keys ctrl-b ctrl-b left left left left left
      type "|"
      keys alt-f
      type "!"
      expect "Name: |>flag!"
      keys ctrl-a right right alt-d alt-x
      paste "a\\nb\\tc"
      expect "Name: |>a bc!"
      """)
    #expect(app.store.state.name.text == "|>a bc!")
  }

  @Test func aWrappingPagerOfAHundredThousandLinesScrollsByKeysAndTheWheel() async {
    let text = (1...100_000).map { "line \($0): " + String(repeating: "漢字かな ", count: $0 % 13) + String(repeating: "word ", count: $0 % 37) }
      .joined(separator: "\n")
    let clock = VirtualClock()
    let app = Pager.app(path: "big.txt", text: text, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "line 1:"
      scroll down 10 at "line 1:"
      expect-not "line 1: "
      scroll up 10 at "line"
      expect "line 1:"
      keys space space space j j
      expect "line 33: 漢字かな"
      keys G
      expect "100%"
      expect "line 99999:"
      scroll up 1 at "line"
      expect-not "100%"
      """)
  }

  @Test func theFormByPressesAndTheWheel() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      click "Email:"
      expect "> Email:"
      type "grace@navy.mil"
      click "your name"
      expect "> Name:"
      type "Grace"
      scroll down 1 at "Pro"
      expect "> Name:"
      expect "> Team"
      keys btab
      expect "> [ Submit ]"
      keys btab
      expect "> Plan:"
      keys up tab space
      expect "Signed up Grace <grace@navy.mil> on Pro"
      click "Free"
      expect "> Plan:"
      keys enter
      expect "> [ Submit ]"
      keys enter
      expect "Signed up Grace <grace@navy.mil> on Free"
      """)
  }

  @Test func theProgressBarIsHalfWayAtHalfTime() async {
    let clock = VirtualClock()
    let app = Progress.app(seconds: 14, launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      wait 7s
      expect " 50%"
      expect-not "Done!"
      wait 7s
      expect "100%"
      expect "Done!"
      """)
  }
}
