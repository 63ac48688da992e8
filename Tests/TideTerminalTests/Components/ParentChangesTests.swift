import Testing
import Tide
import TideTerminal

/// A parent changes a child component's state with the child state's own methods — the way
/// ComposingFeatures.md documents — and gets what the child's action would have done, with no
/// effect to drop and no state to rebuild.
@Suite struct ParentChangesTests {
  @Test func aTextAreaGetsATextASizeACursorAndAScrollPosition() {
    var byMethod = TextArea.State(text: "old")
    var byAction = byMethod
    let text = (1...50).map { "line \($0)" }.joined(separator: "\n")
    byMethod.setText(text)
    byMethod.resize(width: 20, height: 5)
    byMethod.moveCursor(to: TextArea.Position(line: 30, column: 2))
    byMethod.scroll(by: 3)
    _ = TextArea().reduce(into: &byAction, action: .setText(text))
    _ = TextArea().reduce(into: &byAction, action: .resize(width: 20, height: 5))
    _ = TextArea().reduce(into: &byAction, action: .moveCursor(to: TextArea.Position(line: 30, column: 2)))
    _ = TextArea().reduce(into: &byAction, action: .scroll(by: 3))
    #expect(byMethod == byAction)
    #expect(byMethod.topLine == 29)
    #expect(byMethod.cursor == TextArea.Position(line: 30, column: 2))
  }

  @Test func aListGetsNewItemsASizeAndASelection() {
    var byMethod = SelectionList.State(items: ["a", "b", "c"].map { ListItem($0) })
    var byAction = byMethod
    let items = ["a", "b", "c", "d", "e"].map { ListItem($0) }
    byMethod.setItems(items)
    byMethod.resize(height: 2)
    byMethod.select(position: 4)
    byAction.setItems(items)
    _ = SelectionList().reduce(into: &byAction, action: .resize(height: 2))
    _ = SelectionList().reduce(into: &byAction, action: .select(position: 4))
    #expect(byMethod == byAction)
    #expect(byMethod.cursor == 4)
    #expect(byMethod.height == 2)
  }

  /// The selection follows the selected item when the app's data changes, and when that item
  /// goes the one now at its place is selected (deleting the last item jumped to the first).
  @Test func aListKeepsItsSelectionByItemWhenItsItemsChange() {
    let titles = ["a", "b", "c", "d"]
    var list = SelectionList.State(items: titles.map { ListItem($0) })
    list.select(position: 2)
    list.setItems(["new", "a", "b", "c", "d"].map { ListItem($0) })
    #expect(list.selectedItem?.title == "c")
    list.setItems(["new", "a", "b", "d"].map { ListItem($0) })
    #expect(list.selectedItem?.title == "d")
    list.setItems(["new", "a", "b"].map { ListItem($0) })
    #expect(list.selectedItem?.title == "b")
    list.setItems(["x", "b", "y", "b"].map { ListItem($0) })
    #expect(list.selectedIndex == 1)
    list.setItems([])
    #expect(list.selectedItem == nil)
  }

  @Test func aFieldGetsTextAndAWidth() {
    var byMethod = TextInput.State(text: "old", characterLimit: 5)
    var byAction = byMethod
    byMethod.setText("a\u{1B}longer text")
    byMethod.resize(width: 12)
    _ = TextInput().reduce(into: &byAction, action: .setText("a\u{1B}longer text"))
    _ = TextInput().reduce(into: &byAction, action: .resize(width: 12))
    #expect(byMethod == byAction)
    #expect(byMethod.text == "along")
  }

  @Test func theFocusMovesToAComponent() {
    enum Field: Hashable, Sendable { case name, email }
    var focus = FocusRing<Field>.State(order: [.name, .email])
    focus.focus(.email)
    #expect(focus.focused == .email)
    #expect(focus == FocusRing<Field>.State(order: [.name, .email], focused: .email))
  }

  /// tab's entry alone is in the footer: shift-tab's would take half of an 80-column footer.
  @Test func theFocusRingsFooterEntryIsShort() {
    #expect(FocusRing<Int>.keys.helpLine(maxWidth: 80) == "tab next field")
    #expect(FocusRing<Int>.keys.helpEntries.map(\.keys) == ["tab", "shift-tab"])
  }
}
