import Testing
import Tide
import TideTerminal

/// Issue 39: a button is its label in brackets, drawn with the theme, pressed by enter or space
/// while focused and by a click, never when disabled.
@Suite("Button")
struct ButtonTests {
  func drawn(
    _ state: Button.State, columns: Int, rows: Int = 1, isFocused: Bool = false,
    sending: (@Sendable (Button.Action) -> any Sendable)? = nil
  ) -> (Canvas, Rect) {
    var canvas = Canvas(columns: columns, rows: rows)
    Button.draw(state, in: canvas.bounds, on: &canvas, isFocused: isFocused, sending: sending)
    // What it took: the columns it drew on its row.
    let width = rows > 0 ? canvas.text(ofRow: 0).displayWidth : 0
    return (canvas, Rect(column: 0, row: 0, width: width, height: width > 0 ? 1 : 0))
  }

  @Test func drawsItsLabelInBracketsInTheColumnsItsWidthSays() {
    let (canvas, taken) = drawn(Button.State("Delete"), columns: 20)
    #expect(canvas.text() == "[ Delete ]")
    #expect(taken == Rect(column: 0, row: 0, width: 10, height: 1))
    #expect(Button.State("Delete").width == 10)
  }

  @Test func aLongLabelIsCutWithAnEllipsisAndWideCharactersAreNeverHalved() {
    #expect(drawn(Button.State("Delete everything"), columns: 9).0.text() == "[ Dele… ]")
    let (wide, taken) = drawn(Button.State("削除する"), columns: 10)
    #expect(wide.text() == "[ 削除… ]")
    #expect(taken.width == 9)
    #expect(Button.State("削除する").width == 12)
    #expect(drawn(Button.State("削除する"), columns: 12).0.text() == "[ 削除する ]")
  }

  @Test func tinyAreasShowWhatFitsOfTheLabel() {
    #expect(drawn(Button.State("Delete"), columns: 1).0.text() == "…")
    #expect(drawn(Button.State("Delete"), columns: 4).0.text() == "Del…")
    #expect(drawn(Button.State("OK"), columns: 2).0.text() == "OK")
    #expect(drawn(Button.State("漢字"), columns: 1).0.text() == "…")
    let (empty, taken) = drawn(Button.State("Delete"), columns: 0, rows: 0)
    #expect(empty.text().isEmpty)
    #expect(taken.width == 0)
  }

  @Test func looksNormalFocusedAndDisabledInTheThemesRoles() {
    let theme = Theme.default
    #expect(drawn(Button.State("Save"), columns: 10).0[2, 0].style == theme.text)
    #expect(drawn(Button.State("Save"), columns: 10, isFocused: true).0[2, 0].style == theme.selection)
    #expect(drawn(Button.State("Save", isEnabled: false), columns: 10, isFocused: true).0[2, 0].style == theme.muted)
  }

  @Test func enterAndSpacePressItUnlessItIsDisabled() {
    let save = Button.State("Save")
    #expect(Button.keys(for: save).action(for: .enter) == .press)
    #expect(Button.keys(for: save).action(for: .character(" ")) == .press)
    #expect(Button.keys(for: save).action(for: .character("s")) == nil)
    #expect(Button.keys(for: Button.State("Save", isEnabled: false)).action(for: .enter) == nil)
    #expect(Button.keys.helpLine(maxWidth: 40) == "enter/space press")
  }

  @Test func aClickOnItSendsThePressEmbeddedAndADisabledOneTakesNone() {
    let (canvas, _) = drawn(Button.State("Save"), columns: 20, sending: { "save \($0)" })
    let map = HitMap(canvas)
    #expect(map.target(of: PointerEvent(.press(.left), column: 7, row: 0)) as? String == "save press")
    #expect(map.target(of: PointerEvent(.press(.left), column: 8, row: 0)) == nil)
    let (disabled, _) = drawn(Button.State("Save", isEnabled: false), columns: 20, sending: { "save \($0)" })
    #expect(HitMap(disabled).count == 0)
  }
}
