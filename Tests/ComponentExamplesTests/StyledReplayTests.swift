import Testing
import Tide
import TideTerminal
import TideTerminalTesting

@testable import tide_list

/// A replay can assert the style of what the screen shows: `expect-style "TEXT" ROLE` checks
/// every cell of the text's first place against the role of the app's theme.
@MainActor
@Suite("Styled replays")
struct StyledReplayTests {
  @Test func theSelectedRowIsDrawnInTheSelectionRole() async {
    for theme in [Theme.default, .dark, .light, .mono] {
      let clock = VirtualClock()
      var app = Chooser.app(items: 5, launch: TerminalLaunch(clock: clock))
      app.theme = theme
      await assertReplay(app, clock: clock, script: """
        expect-style "Item 1" selection
        expect-style "Item 2" text
        expect-style "5 items" muted
        keys down
        expect-style "Item 2" selection
        expect-style "Item 1" text
        keys / 3
        expect-style "/" accent
        expect-style "1 of 5" muted
        """)
    }
  }

  /// A theme whose roles are adaptive: the canvas draws the side for the app's background, and
  /// `expect-style` checks that side.
  @Test(arguments: TerminalBackground.allCases)
  func anAdaptiveRoleIsCheckedForTheAppsBackground(background: TerminalBackground) async {
    var theme = Theme.dark
    theme.selection = Style(
      bold: true, foreground: .adaptive(light: Color(hex: "#24292f"), dark: Color(hex: "#c0caf5")),
      background: .adaptive(light: Color(hex: "#ddf4ff"), dark: Color(hex: "#2e3c64")))
    theme.muted = Style(foreground: .adaptive(light: Color(hex: "#6e7781"), dark: Color(hex: "#737aa2")))
    let clock = VirtualClock()
    var app = Chooser.app(items: 5, launch: TerminalLaunch(clock: clock))
    app.theme = theme
    app.background = background
    await assertReplay(app, clock: clock, script: """
      expect-style "Item 1" selection
      expect-style "5 items" muted
      """)
  }

  @Test func aCellInAnotherStyleFailsNamingBoth() async {
    let clock = VirtualClock()
    let app = Chooser.app(items: 5, launch: TerminalLaunch(clock: clock))
    await withKnownIssue {
      await assertReplay(app, clock: clock, script: """
        expect-style "Item 2" selection
        """)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("expect-style \"Item 2\" selection")
        && text.contains("column 3 of row 3 is drawn in plain; selection is reverse")
    }
    await withKnownIssue {
      await assertReplay(Chooser.app(items: 5, launch: TerminalLaunch(clock: clock)), clock: clock, script: """
        expect-style "Item 9" text
        """)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("the screen does not show it")
    }
  }
}
