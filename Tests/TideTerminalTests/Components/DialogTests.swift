import Foundation
import Testing
import Tide
import TideTerminal
import TideTesting

/// Issue 39: a dialog is a box over the screen, sized to its content and centred, cut to tiny
/// screens; focus stays on its buttons, esc cancels, and nothing under it takes clicks.
@MainActor
@Suite("Dialog")
struct DialogTests {
  static let delete = Dialog.State.confirm("Delete item?", message: "Item 4 goes for good.", confirm: "Delete")

  func drawn(_ state: Dialog.State, columns: Int, rows: Int, sending: (@Sendable (Dialog.Action) -> any Sendable)? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    canvas.fill(canvas.bounds, with: "x")
    canvas.addHitRegion(canvas.bounds, onPress: "under")
    Dialog.draw(state, in: canvas.bounds, on: &canvas, sending: sending)
    return canvas
  }

  func press(_ column: Int, _ row: Int) -> PointerEvent { PointerEvent(.press(.left), column: column, row: row) }

  @Test func aConfirmIsCentredAndSizedToItsContentOverWhatIsUnder() {
    let canvas = drawn(Self.delete, columns: 30, rows: 7)
    #expect(canvas.text() == """
      xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
      xx┌ Delete item? ──────────┐xx
      xx│ Item 4 goes for good.  │xx
      xx│                        │xx
      xx│ [ Delete ]  [ Cancel ] │xx
      xx└────────────────────────┘xx
      xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
      """)
    let theme = Theme.default
    #expect(canvas[16, 4].style == theme.selection, "the focus starts on Cancel")
    #expect(canvas[6, 4].style == theme.text)
    #expect(canvas[2, 1].style == theme.focus, "the border in the focus role: the dialog has the keys")
    #expect(canvas[4, 1].style == theme.title)
  }

  @Test func anAlertHasOneButtonAndTheMessageKeepsItsLines() {
    let canvas = drawn(.alert("Saved", message: "3 items\r\nwritten to disk"), columns: 23, rows: 8)
    #expect(canvas.text() == """
      xxxxxxxxxxxxxxxxxxxxxxx
      xx┌ Saved ──────────┐xx
      xx│ 3 items         │xx
      xx│ written to disk │xx
      xx│                 │xx
      xx│     [ OK ]      │xx
      xx└─────────────────┘xx
      xxxxxxxxxxxxxxxxxxxxxxx
      """)
  }

  @Test func longLabelsWithWideCharactersAreCutWholeInANarrowScreen() {
    let state = Dialog.State.confirm("確認", message: "この項目を削除しますか？", confirm: "削除する", cancel: "キャンセル")
    #expect(drawn(state, columns: 40, rows: 7).text() == """
      xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
      xxxx┌ 確認 ────────────────────────┐xxxx
      xxxx│ この項目を削除しますか？     │xxxx
      xxxx│                              │xxxx
      xxxx│ [ 削除する ]  [ キャンセル ] │xxxx
      xxxx└──────────────────────────────┘xxxx
      xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
      """)
    #expect(drawn(state, columns: 20, rows: 5).text() == """
      ┌ 確認 ────────────┐
      │ この項目を削除…  │
      │                  │
      │ [ 削… ]  [ キ… ] │
      └──────────────────┘
      """)
  }

  @Test func tinyScreensKeepTheButtonsFirstAndNeverCrash() {
    #expect(drawn(Self.delete, columns: 12, rows: 3).text() == """
      ┌ Delete … ┐
      │ De…  Ca… │
      └──────────┘
      """)
    #expect(drawn(Self.delete, columns: 1, rows: 1).text() == "")
    #expect(drawn(Self.delete, columns: 2, rows: 2).text() == "┌┐\n└┘")
    #expect(drawn(Self.delete, columns: 0, rows: 0).text() == "")
    #expect(drawn(.alert("", button: ""), columns: 3, rows: 3).text() == "┌─┐\n│ │\n└─┘")
  }

  @Test func nothingUnderTheDialogTakesAClickAndItsButtonsAnswer() {
    let canvas = drawn(Self.delete, columns: 30, rows: 7, sending: { $0 })
    let map = HitMap(canvas)
    #expect(map.target(of: press(6, 4)) as? Dialog.Action == .choose(.confirm))
    #expect(map.target(of: press(18, 4)) as? Dialog.Action == .choose(.cancel))
    for (column, row) in [(0, 0), (29, 6), (1, 3), (5, 2), (15, 4), (26, 4), (2, 1)] {
      #expect(map.target(of: press(column, row)) == nil, "at \(column), \(row)")
    }
    #expect(map.target(of: PointerEvent(.scrollDown, column: 0, row: 0)) == nil)
    // Drawn without `sending`, the dialog still covers what is under it.
    #expect(HitMap(drawn(Self.delete, columns: 30, rows: 7)).target(of: press(6, 4)) == nil)
  }

  @Test func focusStaysOnTheButtonsWrappingAround() async {
    let store = TestStore(initialState: Self.delete, reducer: Dialog())
    #expect(store.state.focused == .cancel)
    await store.send(.next) { $0.focus(.confirm) }
    await store.send(.next) { $0.focus(.cancel) }
    await store.send(.previous) { $0.focus(.confirm) }
    await store.send(.choose(.confirm))
    await store.finish()
    let alert = TestStore(initialState: Dialog.State.alert("Saved"), reducer: Dialog())
    #expect(alert.state.focused == .confirm)
    await alert.send(.next)
    await alert.send(.previous)
    await alert.finish()
  }

  @Test func enterChoosesTheFocusedButtonEscCancelsAndNoOtherKeyDoesAnything() {
    var state = Self.delete
    #expect(Dialog.action(for: .enter, in: state) == .choose(.cancel))
    #expect(Dialog.action(for: .character(" "), in: state) == .choose(.cancel))
    #expect(Dialog.action(for: .escape, in: state) == .choose(.cancel))
    #expect(Dialog.action(for: .tab, in: state) == .next)
    #expect(Dialog.action(for: .right, in: state) == .next)
    #expect(Dialog.action(for: .backTab, in: state) == .previous)
    #expect(Dialog.action(for: .left, in: state) == .previous)
    for key: Key in [.character("q"), .character("d"), .up, .down, .home, .pageDown, .control("c"), .function(1)] {
      #expect(Dialog.action(for: key, in: state) == nil, "\(key)")
    }
    state.focus(.confirm)
    #expect(Dialog.action(for: .enter, in: state) == .choose(.confirm))
    #expect(Dialog.action(for: .escape, in: state) == .choose(.cancel))
    #expect(Dialog.keys(for: state).helpLine(maxWidth: 80) == "enter/space Delete  esc Cancel  tab/→ next button")
    #expect(Dialog.keys(for: .alert("Saved")).helpLine(maxWidth: 80) == "enter/space OK  esc close")
  }

  @Test func aConfirmCanStartOnItsConfirmingButtonAndIsCodable() throws {
    let state = Dialog.State.confirm("Quit?", message: "Unsaved changes.", confirm: "Quit", cancel: "Stay", default: .confirm)
    #expect(state.focused == .confirm)
    #expect(state.choices == [.confirm, .cancel])
    #expect(state.label(of: .cancel) == "Stay")
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(Dialog.State.self, from: data) == state)
  }

  @Test func anAppsBodyIsDrawnInTheRectangleLeftForIt() {
    var canvas = Canvas(columns: 30, rows: 8)
    var bodyRect: Rect?
    Dialog.draw(.alert("Progress"), in: canvas.bounds, on: &canvas, bodySize: TerminalSize(columns: 10, rows: 2)) { rect, canvas in
      bodyRect = rect
      canvas.draw("0123456789ABC", atColumn: rect.column, row: rect.row)
      canvas.draw("second", atColumn: rect.column, row: rect.row + 1)
      canvas.draw("clipped", atColumn: rect.column, row: rect.row + 2)
    }
    #expect(bodyRect == Rect(column: 10, row: 2, width: 10, height: 2))
    #expect(canvas.text() == [
      "",
      "        ┌ Progress ──┐",
      "        │ 0123456789 │",
      "        │ second     │",
      "        │            │",
      "        │   [ OK ]   │",
      "        └────────────┘",
      "",
    ].joined(separator: "\n"))
  }
}
