import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting

@testable import tide_dashboard

/// tide-dashboard: the overview's charts follow the timer on the app's clock; the table tab
/// sorts by key and by a click on a header, filters with `/`, keeps its selection by identity;
/// q quits (but is a letter of the query while one is typed).
@MainActor
@Suite("tide-dashboard")
struct DashboardExampleTests {
  /// The charts are fed by a timer on the app's clock: the rollout is half way after 15
  /// virtual seconds, done after 30, and the sparkline and bars move with it.
  @Test func theOverviewsChartsFollowTheTimerOnTheAppsClock() async {
    let clock = VirtualClock()
    let app = Dashboard.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      expect "Requests/s"
      expect "CPU by region"
      expect " 0%"
      wait 15s
      expect "50%"
      wait 15s
      expect "100%"
      """)
    #expect(app.store.state.traffic.values.count == 61)
    #expect(app.store.state.load.bars.map(\.label) == ["eu-west", "us-east", "ap-south", "sa-east"])
    await assertReplay(app, clock: clock, script: "keys q")
    #expect(app.store.state.isQuitting)
  }

  /// →, then `s` sorts by the service's name (digits by value), `S` reverses; a click on a
  /// header sorts by it and a second click reverses; the selected service stays selected.
  @Test func theTableSortsByKeyAndByAClickOnAHeaderKeepingTheSelection() async {
    let clock = VirtualClock()
    let app = Dashboard.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      keys right
      expect "Service"
      """)
    await assertReplay(app, clock: clock, script: """
      keys s
      expect "Service ▲"
      expect "api-8 "
      keys S
      expect "Service ▼"
      expect "api-8 "
      keys g
      expect "web-994"
      click "CPU %"
      expect "CPU % ▲"
      keys g
      expect "web-98 "
      click "CPU % ▲"
      expect "CPU % ▼"
      keys g
      expect "db-25 "
      """)
    let table = app.store.state.table
    #expect(table.sortColumn == 2 && table.sortsDescending)
    let selected = table.selectedRow(in: app.store.state.services)
    #expect(selected?.cpu == 99)
    await assertReplay(app, clock: clock, script: """
      keys s
      expect "Req/s ▲"
      """)
    #expect(app.store.state.table.selectedID == selected?.id)
  }

  /// `/` filters every column as you type (`K of N` on the table's last row), q is a letter
  /// of the query, enter keeps the filter, esc clears it, and only then q quits.
  @Test func slashFiltersAcrossColumnsAndQQuitsOnlyWhenNotTyping() async {
    let clock = VirtualClock()
    let app = Dashboard.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, scriptFile: "Scripts/dashboard-filter.keys", golden: "Goldens/dashboard-filter.screen")
    #expect(app.store.state.table.status == "2 of 1000")
    #expect(!app.store.state.isQuitting)
    await assertReplay(app, clock: clock, script: """
      keys esc
      expect-not "of 1000"
      keys left
      expect "Rollout"
      scroll down at "Rollout"
      keys q
      """)
    #expect(app.store.state.isQuitting)
  }

  /// A click on a tab switches to it; the wheel over the table scrolls it three rows a notch.
  @Test func clicksSwitchTabsAndTheWheelScrollsTheTable() async {
    let clock = VirtualClock()
    let app = Dashboard.app(launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, script: """
      click "Table"
      expect "Service"
      scroll down 2 at "api-1 "
      click "Overview"
      expect "CPU by region"
      """)
    #expect(app.store.state.table.cursor == 6)
    #expect(app.store.state.tabs.selected == 0)
  }
}
