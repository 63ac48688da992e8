import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting

@testable import tide_form

/// tide-form rebuilt on `Form` (issue 39), driven as its user drives it: an email without `@`
/// shows the field's error and does not submit; tab and shift-tab go round the fields and the
/// button; presses focus a field, choose an option and press the button; esc quits.
@MainActor
@Suite("tide-form on Form")
struct FormExampleTests {
  @Test func anEmailWithoutAnAtShowsItsErrorAndDoesNotSubmit() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "Ada"
      keys tab
      type "ada.example.com"
      keys tab tab
      expect "> [ Submit ]"
      keys enter
      expect "An email has an @ in it"
      expect "> Email:"
      expect-not "Signed up"
      click "[ Submit ]"
      expect "> Email:"
      expect-not "Signed up"
      keys ctrl-u
      type "ada@example.com"
      expect-not "An email has an @ in it"
      keys tab tab enter
      expect "Signed up Ada <ada@example.com> on Free"
      """)
    #expect(app.store.state.form.error("email") == nil)
  }

  @Test func tabAndShiftTabGoRoundTheFieldsAndTheButton() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "> Name:"
      keys tab
      expect "> Email:"
      keys tab
      expect "> Plan:"
      keys tab
      expect "> [ Submit ]"
      expect "enter/space submit"
      keys tab
      expect "> Name:"
      keys btab
      expect "> [ Submit ]"
      keys btab
      expect "> Plan:"
      keys btab
      expect "> Email:"
      keys btab
      expect "> Name:"
      """)
  }

  @Test func pressesFocusAFieldChooseAnOptionAndPressTheButton() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      click "Email:"
      expect "> Email:"
      type "grace@navy.mil"
      click "Pro"
      expect "> Plan:"
      expect "> Pro"
      click "Name:"
      expect "> Name:"
      type "Grace"
      click "[ Submit ]"
      expect "Signed up Grace <grace@navy.mil> on Pro"
      """)
    #expect(app.store.state.form.focused == .submit)
  }

  @Test func thePlanFiltersAsYouTypeAndEscQuitsKeepingWhatWasTyped() async {
    let clock = VirtualClock()
    let app = SignUp.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      type "Lin"
      click "Plan:"
      type "te"
      expect "/te"
      expect "> Team"
      expect-not "Free"
      keys esc
      expect "Free"
      type "t"
      keys enter
      expect "> [ Submit ]"
      """)
    #expect(app.store.state.form.selection("plan") == "Team")
    #expect(!app.store.state.isQuitting, "esc cleared the filter first")
    await assertReplay(app, clock: clock, script: "keys esc")
    #expect(app.store.state.isQuitting)
    #expect(app.store.state.form.text("name") == "Lin")
  }
}
