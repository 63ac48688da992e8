import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting
import TideTesting
import TideTestSupport

@testable import tide_form
@testable import tide_list
@testable import tide_pager

/// The examples driven by the pointer: clicks and the wheel in key scripts, through the hit
/// regions the components mark.
@MainActor
@Suite("Pointer in the examples")
struct PointerExamplesTests {
  @Test func formTabsClicksAndSubmits() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "> Name:"
      expect "> Free"
      type "Ada"
      keys tab
      expect "> Email:"
      type "ada@example.com"
      keys tab
      expect "> Plan:"
      keys down
      keys tab
      expect "> [ Submit ]"
      keys btab btab
      expect "> Email:"
      click "Team"
      expect "> Plan:"
      click "Team"
      expect "> [ Submit ]"
      keys enter
      expect "Signed up Ada <ada@example.com> on Team"
      """)
    #expect(app.store.state.form.focused == .submit)
  }

  /// Second hostile re-check: at 40x14 the footer covered the answer a click on Submit gave
  /// (the row it was drawn on was the fill's, which that size leaves none of). Shown at every
  /// height the form fits.
  @Test(arguments: [12, 13, 14, 15, 24])
  func theAnswerToSubmitShowsAtEveryHeight(rows: Int) async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock, size: TerminalSize(columns: 40, rows: rows)))
    await assertReplay(app, clock: clock, script: """
      type "Ada"
      keys tab
      type "a@b"
      click "[ Submit ]"
      expect "Signed up Ada <a@b> on Free"
      """, size: TerminalSize(columns: 40, rows: rows))
  }

  @Test func aPressFocusesAFieldAndPutsItsCursorAtTheClusterPressed() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "漢字ab"
      click "you@example.com"
      expect "> Email:"
      type "x@"
      click 14 3
      expect "> Name:"
      type "-"
      keys tab
      click "[ Submit ]"
      expect "Signed up 漢-字ab <x@> on Free"
      """)
    // The right half of a wide character puts the cursor before it, never inside it.
    #expect(app.store.state.form.text("name") == "漢-字ab")
  }

  /// Only the focused field takes text: typed keys never reach the others.
  @Test func onlyTheFocusedFieldTakesText() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "a"
      click "Plan:"
      type "pr"
      keys tab
      type "zz"
      """)
    #expect(app.store.state.form.text("name") == "a")
    #expect(app.store.state.form.text("email").isEmpty)
    #expect(app.store.state.form.selection("plan") == "Pro")
    await assertReplay(app, clock: clock, script: "keys esc")
    #expect(app.store.state.isQuitting)
  }

  @Test func focusIsState() async {
    let store = TestStore(initialState: SignUp.State(), reducer: SignUp())
    await store.send(.form(.next)) { $0.form.focus(.field("email")) }
    await store.send(.form(.previous)) { $0.form.focus(.field("name")) }
    await store.send(.form(.previous)) { $0.form.focus(.submit) }
  }

  @Test func listSelectsOnAPressChoosesOnASecondAndScrollsByThreeANotch() async {
    let clock = VirtualClock()
    let size = TerminalSize(columns: 40, rows: 12)
    let app = Chooser.app(items: 50, launch: TerminalLaunch(clock: clock, size: size))
    await assertReplay(app, clock: clock, script: """
      click "Item 4"
      expect "> Item 4"
      expect-not "Chose:"
      click "Item 4"
      expect "Chose: Item 4"
      scroll down 2 at "Item 2"
      expect "> Item 10"
      expect "  Item 7"
      expect-not "Item 6"
      scroll up at 3 3
      expect "> Item 7"
      expect "  Item 4"
      """, size: size)
  }

  @Test func pagerScrollsWithTheWheel() async {
    let clock = VirtualClock()
    let text = (1...200).map { "Line \($0)" }.joined(separator: "\n")
    let size = TerminalSize(columns: 60, rows: 20)
    let app = Pager.app(path: "long.txt", text: text, launch: TerminalLaunch(clock: clock, size: size))
    await assertReplay(app, clock: clock, script: """
      expect "Line 1"
      scroll down 4 at "Line 5"
      expect-not "Line 12"
      expect "Line 13"
      scroll up at 1 1
      expect "Line 10"
      """, size: size)
    #expect(app.store.state.text.topRow == 9)
  }
}
