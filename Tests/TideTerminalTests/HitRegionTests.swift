import Testing
import TideTerminal

/// Hit regions: what a view marks while drawing decides where a pointer event goes.
@Suite("Hit regions")
struct HitRegionTests {
  func press(_ column: Int, _ row: Int) -> PointerEvent { PointerEvent(.press(.left), column: column, row: row) }

  @Test func thePressGoesToTheTopmostRegionUnderIt() {
    var canvas = Canvas(columns: 20, rows: 5)
    canvas.addHitRegion(canvas.bounds, onPress: "background")
    canvas.addHitRegion(Rect(column: 2, row: 1, width: 5, height: 2), onPress: "button")
    let map = HitMap(canvas)
    #expect(map.target(of: press(3, 2)) as? String == "button")
    #expect(map.target(of: press(7, 2)) as? String == "background")
    #expect(map.target(of: press(0, 0)) as? String == "background")
    #expect(map.target(of: press(20, 0)) == nil)
    #expect(map.target(of: press(0, 5)) == nil)
  }

  @Test func aRegionThatDoesNotTakeAnEventLetsItThrough() {
    var canvas = Canvas(columns: 20, rows: 5)
    canvas.addHitRegion(canvas.bounds) { event in event.kind == .scrollDown ? "scrolled" : nil }
    canvas.addHitRegion(Rect(column: 0, row: 0, width: 20, height: 1), onPress: "row")
    let map = HitMap(canvas)
    #expect(map.target(of: press(4, 0)) as? String == "row")
    #expect(map.target(of: PointerEvent(.scrollDown, column: 4, row: 0)) as? String == "scrolled")
    #expect(map.target(of: PointerEvent(.release(.left), column: 4, row: 0)) == nil)
  }

  @Test func anOverlayCoversWhatLiesBelow() {
    var canvas = Canvas(columns: 20, rows: 5)
    canvas.addHitRegion(canvas.bounds, onPress: "below")
    canvas.coverHitRegions(Rect(column: 5, row: 1, width: 10, height: 3))
    canvas.addHitRegion(Rect(column: 6, row: 2, width: 4, height: 1), onPress: "close")
    let map = HitMap(canvas)
    #expect(map.target(of: press(7, 2)) as? String == "close")
    #expect(map.target(of: press(12, 2)) == nil)
    #expect(map.target(of: PointerEvent(.scrollUp, column: 7, row: 2)) == nil)
    #expect(map.target(of: press(2, 2)) as? String == "below")
  }

  @Test func handlersCountFromTheRegionsCornerAndRegionsAreClipped() {
    var canvas = Canvas(columns: 20, rows: 5)
    canvas.withClip(Rect(column: 0, row: 0, width: 10, height: 5)) { canvas in
      canvas.addHitRegion(Rect(column: 5, row: 2, width: 10, height: 2)) { event in "\(event.column),\(event.row)" }
    }
    let map = HitMap(canvas)
    #expect(map.target(of: press(7, 3)) as? String == "2,1")
    #expect(map.target(of: press(12, 3)) == nil)
    #expect(canvas.hitRegions.first?.rect == Rect(column: 5, row: 2, width: 5, height: 2))
  }

  @Test func regionsDoNotMakeCanvasesDifferAndClearForgetsThem() {
    var marked = Canvas(columns: 4, rows: 2)
    marked.addHitRegion(marked.bounds, onPress: 1)
    #expect(marked == Canvas(columns: 4, rows: 2))
    marked.clear()
    #expect(marked.hitRegions.isEmpty)
  }
}
