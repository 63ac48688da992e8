import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("Help")
struct HelpTests {
  enum Action: Equatable { case add, delete, quit }

  static let keys = KeyMap<Action>([
    KeyBinding(.character("a"), action: .add, help: "add"),
    KeyBinding(.character("d"), .delete, action: .delete, help: "delete", showsInFooter: false),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  @Test func theShortHelpIsTheKeyMapsFooterLine() {
    var canvas = Canvas(columns: 40, rows: 1)
    Help.drawShort(Self.keys.helpLine(maxWidth: 40), in: canvas.bounds, on: &canvas)
    #expect(canvas.text() == "a add  q quit")
    #expect(canvas[0, 0].style.dim)
  }

  /// The full help is modal for the pointer as for keys: a press under it or beside it reaches
  /// nothing drawn before it (the outside developer's list took clicks through it).
  @Test func theFullHelpTakesEveryPressAboveWhatItCovers() {
    var canvas = Canvas(columns: 40, rows: 9)
    canvas.addHitRegion(canvas.bounds, onPress: Action.delete)
    Help.drawFull(Help.State(isShowingAll: true), entries: Self.keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
    let map = HitMap(canvas)
    for (column, row) in [(0, 0), (20, 4), (39, 8)] {
      #expect(map.target(of: PointerEvent(.press(.left), column: column, row: row)) == nil, "at \(column),\(row)")
    }
  }

  @Test func theFullHelpListsEveryEntryInABox() {
    var canvas = Canvas(columns: 40, rows: 9)
    Help.drawFull(Help.State(isShowingAll: true), entries: Self.keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
    #expect(canvas.text() == """


           ┌ Keys ──────────────────────┐
           │ a      add                 │
           │ d/del  delete              │
           │ q      quit                │
           └────────────────────────────┘


      """)
  }

  @Test func theLongestEntryIsShownWholeWhenTheScreenIsWideEnough() {
    // Long keys and long help together: the box is made wide enough for both columns.
    let entries = [KeyHelp(keys: "ctrl-w/alt-backspace", help: "erase the word before"), KeyHelp(keys: "a", help: "add")]
    var canvas = Canvas(columns: 60, rows: 6)
    Help.drawFull(Help.State(isShowingAll: true), entries: entries, title: "Keys", in: canvas.bounds, on: &canvas)
    #expect(canvas.text().contains("│ ctrl-w/alt-backspace  erase the word before │"), "\(canvas.text())")
  }

  @Test func aShortScreenShowsAWindowOfTheEntriesAndSaysWhich() {
    var canvas = Canvas(columns: 40, rows: 5)
    Help.drawFull(Help.State(isShowingAll: true, scroll: 1), entries: Self.keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
    #expect(canvas.text(ofRow: 2) == "     │ d/del  delete              │")
    #expect(canvas.text(ofRow: 3) == "     └────────────────── 2-2/3 ↑↓ ┘")
  }

  @Test func toggleHideAndScrollWithinTheEntries() async {
    let store = TestStore(initialState: Help.State(), reducer: Help())
    await store.send(.toggle) { $0.isShowingAll = true }
    await store.send(.scroll(by: 1, entryCount: 3)) { $0.scroll = 1 }
    await store.send(.scroll(by: 10, entryCount: 3)) { $0.scroll = 2 }
    await store.send(.scroll(by: -5, entryCount: 3)) { $0.scroll = 0 }
    await store.send(.scroll(by: 1, entryCount: 3)) { $0.scroll = 1 }
    await store.send(.hide) { $0.isShowingAll = false; $0.scroll = 0 }
    await store.finish()
    #expect(Help.keys.action(for: .character("?")) == .toggle)
    #expect(Help.fullHelpKeys(entryCount: 3).action(for: .escape) == .hide)
  }
}
