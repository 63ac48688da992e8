import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTesting

/// A list drawn from the app's own collection: the list keeps ids and folded titles, the app
/// keeps its rows.
@MainActor
@Suite("SelectionList of the app's rows")
struct SelectionListRowsTests {
  struct Fruit: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
  }

  static let fruits = ["Apple", "Banana", "Cherry", "Damson", "Elder"].enumerated().map {
    Fruit(id: $0.offset + 1, name: $0.element)
  }

  func press(_ keys: [Key], on state: inout SelectionList<Fruit>.State) {
    for key in keys {
      if let action = SelectionList.action(for: key, in: state) { _ = SelectionList().reduce(into: &state, action: action) }
    }
  }

  func drawn(_ state: SelectionList<Fruit>.State, rows: [Fruit], height: Int = 7) -> Canvas {
    var canvas = Canvas(columns: 20, rows: height)
    SelectionList.draw(state, rows: rows, title: \.name, in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func drawsTheAppsRowsByTheirTitles() {
    let list = SelectionList<Fruit>.State(rows: Self.fruits, title: \.name, height: 4)
    #expect(drawn(list, rows: Self.fruits, height: 4).text() == "5 items\n> Apple\n  Banana\n  Cherry")
    #expect(list.ids == [1, 2, 3, 4, 5])
    #expect(list.selectedID == 1 && list.selectedRow(in: Self.fruits) == Self.fruits[0])
  }

  @Test func theSelectedRowStaysSelectedWhereverItMoved() {
    var fruits = Self.fruits
    var list = SelectionList<Fruit>.State(rows: fruits, title: \.name)
    let found = list.select(id: 3)
    #expect(found)
    fruits.insert(Fruit(id: 9, name: "Avocado"), at: 0)
    fruits.reverse()
    list.setRows(fruits, title: \.name)
    #expect(list.selectedID == 3)
    #expect(list.selectedRow(in: fruits)?.name == "Cherry")
  }

  @Test func whenTheSelectedRowIsDeletedTheRowNowAtItsPositionIsSelected() {
    var fruits = Self.fruits
    var list = SelectionList<Fruit>.State(rows: fruits, title: \.name)
    list.select(position: 2)
    fruits.remove(at: 2)
    list.setRows(fruits, title: \.name)
    #expect(list.selectedID == 4, "Damson, now where Cherry was")
    #expect(list.cursor == 2)
  }

  @Test func whenTheLastRowIsDeletedTheNewLastIsSelected() {
    var fruits = Self.fruits
    var list = SelectionList<Fruit>.State(rows: fruits, title: \.name)
    list.select(position: 4)
    fruits.removeLast()
    list.setRows(fruits, title: \.name)
    #expect(list.selectedID == 4 && list.cursor == 3)
    list.setRows([], title: \.name)
    #expect(list.selectedID == nil && list.cursor == 0)
    #expect(drawn(list, rows: [], height: 3).text() == "0 items\n  No items\n")
  }

  @Test func aFilterStaysAppliedWhenTheDataChangesAndTheSelectionFollowsTheID() {
    var fruits = Self.fruits
    var list = SelectionList<Fruit>.State(rows: fruits, title: \.name, height: 7)
    press([.character("/"), .character("e"), .enter], on: &list)
    // Apple, Cherry, Damson? no: the titles holding "e": Apple, Cherry, Elder.
    #expect(list.status == "3 of 5")
    press([.down], on: &list)
    #expect(list.selectedRow(in: fruits)?.name == "Cherry")
    // New rows: one more match before the selection; Cherry stays selected.
    fruits.insert(Fruit(id: 7, name: "Pear"), at: 0)
    list.setRows(fruits, title: \.name)
    #expect(list.status == "4 of 6")
    #expect(list.selectedRow(in: fruits)?.name == "Cherry")
    #expect(drawn(list, rows: fruits).text() == "/e            4 of 6\n  Pear\n  Apple\n> Cherry\n  Elder\n\n")
    // Cherry goes: the match now at its position is selected.
    fruits.removeAll { $0.name == "Cherry" }
    list.setRows(fruits, title: \.name)
    #expect(list.status == "3 of 5")
    #expect(list.selectedRow(in: fruits)?.name == "Elder")
    // A row renamed to match joins the filter.
    fruits[fruits.firstIndex { $0.name == "Banana" }!].name = "Beetroot"
    list.setRows(fruits, title: \.name)
    #expect(list.status == "4 of 5")
    #expect(list.selectedRow(in: fruits)?.name == "Elder")
  }

  @Test func aRowOfTheAppsOwnKeepsTheFiltersHighlight() {
    var list = SelectionList<Fruit>.State(rows: Self.fruits, title: \.name, height: 4)
    press([.character("/"), .character("r"), .character("r")], on: &list)
    var canvas = Canvas(columns: 20, rows: 4)
    SelectionList.draw(list, rows: Self.fruits, in: canvas.bounds, on: &canvas) { row, canvas in
      let box = canvas.draw("[ ] ", atColumn: row.rect.column, row: row.rect.row, style: row.style)
      #expect(row.matchedCharacters(in: row.row.name) == 3..<5)
      row.drawTitle(row.row.name, atColumn: row.rect.column + box, on: &canvas)
    }
    #expect(canvas.text(ofRow: 1) == "[ ] Cherry")
    let accent = canvas.theme.accent
    // "Cherry": the matched "rr" (columns 7 and 8) in the accent over the selection, the rest not.
    #expect(canvas[7, 1].style == accent.layered(over: canvas.theme.selection))
    #expect(canvas[8, 1].style == accent.layered(over: canvas.theme.selection))
    #expect(canvas[6, 1].style == canvas.theme.selection)
  }

  @Test func aPressSelectsARowAndASecondPressChoosesItAndTheWheelScrolls() async {
    typealias Action = SelectionList<Fruit>.Action
    let store = TestStore(
      initialState: SelectionList<Fruit>.State(rows: Self.fruits, title: \.name, height: 7),
      reducer: SelectionList<Fruit>())
    func target(_ event: PointerEvent) -> Action? {
      var canvas = Canvas(columns: 20, rows: 7)
      SelectionList.draw(store.state, rows: Self.fruits, title: \.name, in: canvas.bounds, on: &canvas, sending: { $0 })
      return HitMap(canvas).target(of: event) as? Action
    }
    #expect(target(PointerEvent(.press(.left), column: 5, row: 3)) == .press(position: 2))
    await store.send(.press(position: 2)) { $0.cursor = 2 }
    #expect(store.state.selectedID == 3)
    // Pressed again, the selected row is chosen.
    await store.send(.press(position: 2))
    await store.receive(.choose)
    #expect(target(PointerEvent(.press(.left), column: 5, row: 0)) == nil, "the status row chooses nothing")
    #expect(target(PointerEvent(.scrollDown, column: 5, row: 3)) == .scroll(by: 3))
    await store.finish()
  }

  @Test func rowsTheCollectionNoLongerHoldsAreLeftBlank() {
    let list = SelectionList<Fruit>.State(rows: Self.fruits, title: \.name, height: 7)
    let fewer = Array(Self.fruits.prefix(2)) + [Fruit(id: 42, name: "Other")]
    #expect(drawn(list, rows: fewer).text() == "5 items\n> Apple\n  Banana\n\n\n\n", "Cherry and after: ids the rows no longer match")
  }

  @Test func descriptionsTakeASecondLine() {
    let list = SelectionList<Fruit>.State(
      rows: Self.fruits, title: \.name, description: { $0.id == 2 ? "yellow" : nil }, height: 5)
    var canvas = Canvas(columns: 20, rows: 5)
    SelectionList.draw(
      list, rows: Self.fruits, title: \.name, description: { $0.id == 2 ? "yellow" : nil }, in: canvas.bounds,
      on: &canvas)
    #expect(canvas.text() == "5 items\n> Apple\n\n  Banana\n  yellow")
  }

  @Test func aFilteredListOfIDsComesBackFromJSONAsItWas() throws {
    var list = SelectionList<Fruit>.State(rows: Self.fruits, title: \.name, height: 6)
    press([.character("/"), .character("a"), .down], on: &list)
    let decoded = try JSONDecoder().decode(SelectionList<Fruit>.State.self, from: JSONEncoder().encode(list))
    #expect(decoded == list)
    #expect(drawn(decoded, rows: Self.fruits).text() == drawn(list, rows: Self.fruits).text())
    // The next keystroke narrows from the saved titles.
    var typed = decoded
    press([.character("n")], on: &typed)
    #expect(typed.status == "1 of 5")
  }
}
