import Testing
import Tide
import TideTerminal

/// Tabs: a row of titles, one selected; the selection kept by title when the titles change,
/// clamped when the app sets it out of range; ←/→ and the wheel wrap around; a click selects.
@Suite("Tabs")
struct TabsTests {
  func drawn(_ state: Tabs.State, columns: Int, isFocused: Bool = true, sending: (@Sendable (Tabs.Action) -> any Sendable)? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: 1)
    Tabs.draw(state, in: canvas.bounds, on: &canvas, isFocused: isFocused, sending: sending)
    return canvas
  }

  @Test func drawsTheTitlesSeparatedTheSelectedOneInTheSelectionRole() {
    let canvas = drawn(Tabs.State(titles: ["Overview", "Table"], selected: 1), columns: 30)
    #expect(canvas.text() == " Overview │ Table")
    let theme = Theme.default
    #expect(canvas[1, 0].style == theme.text)
    #expect(canvas[10, 0].style == theme.border)
    #expect(canvas[12, 0].style == theme.selection)
    #expect(drawn(Tabs.State(titles: ["A", "B"], selected: 1), columns: 10, isFocused: false)[4, 0].style == theme.accent)
  }

  @Test func keysAndTheWheelMoveTheSelectionWrappingAround() {
    var state = Tabs.State(titles: ["A", "B", "C"])
    #expect(Tabs.keys(for: state).action(for: .right) == .scroll(by: 1))
    #expect(Tabs.keys(for: state).action(for: .character("h")) == .scroll(by: -1))
    _ = Tabs().reduce(into: &state, action: .scroll(by: -1))
    #expect(state.selectedTitle == "C")
    _ = Tabs().reduce(into: &state, action: .scroll(by: 2))
    #expect(state.selectedTitle == "B")
    state.scroll(by: Int.min + 1)
    #expect(state.titles.indices.contains(state.selected))
    #expect(Tabs.keys(for: Tabs.State(titles: ["Only"])).action(for: .right) == nil)
  }

  @Test func theSelectedTitleIsKeptWhenTheTitlesChangeAndTheOneAtItsPlaceWhenItGoes() {
    var state = Tabs.State(titles: ["A", "B", "C"], selected: 1)
    _ = Tabs().reduce(into: &state, action: .setTitles(["Z", "A", "B", "C"]))
    #expect(state.selected == 2)
    state.setTitles(["Z", "A", "C"])
    #expect(state.selectedTitle == "C")
    state.setTitles(["Z"])
    #expect(state.selectedTitle == "Z")
    state.setTitles([])
    #expect(state.selectedTitle == nil)
    #expect(state.selected == 0)
  }

  @Test func aSelectionOutOfRangeIsClamped() {
    #expect(Tabs.State(titles: ["A", "B"], selected: 9).selected == 1)
    #expect(Tabs.State(titles: ["A", "B"], selected: -3).selected == 0)
    var state = Tabs.State(titles: ["A", "B"])
    state.select(Int.max)
    #expect(state.selected == 1)
  }

  @Test func aClickSelectsATitleAndTheWheelMoves() {
    let canvas = drawn(Tabs.State(titles: ["Overview", "Table"]), columns: 30, sending: { "tabs \($0)" })
    let map = HitMap(canvas)
    #expect(map.target(of: PointerEvent(.press(.left), column: 13, row: 0)) as? String == "tabs select(1)")
    #expect(map.target(of: PointerEvent(.press(.left), column: 2, row: 0)) as? String == "tabs select(0)")
    #expect(map.target(of: PointerEvent(.scrollDown, column: 2, row: 0)) as? String == "tabs scroll(by: 1)")
  }

  @Test func noTabsShowTheAppsEmptyTextAndTinyAreasNeverCrash() {
    #expect(drawn(Tabs.State(titles: [], emptyText: "Nothing open"), columns: 20).text() == "Nothing open")
    let many = Tabs.State(titles: (1...50).map { "Tab \($0)" }, selected: 40)
    let narrow = drawn(many, columns: 20).text()
    #expect(narrow.contains("Tab 41"))
    #expect(narrow.hasPrefix("‹"))
    for columns in [0, 1, 2, 3] {
      _ = drawn(many, columns: columns)
      _ = drawn(Tabs.State(titles: ["漢字のタブ", "\u{7}\u{1B}[31m", "", "e\u{301}"], selected: 1), columns: columns)
    }
    let wide = drawn(Tabs.State(titles: ["漢字のタブ", String(repeating: "x", count: 10_000)], selected: 1), columns: 12).text()
    #expect(wide.hasSuffix("…"))
  }
}
