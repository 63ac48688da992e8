import TideTerminal

/// `hit-test-1000`: a press routed through 1,000 hit regions — a full-screen list region below
/// 999 one-row buttons of 20 columns, 12 to a row of a 240×84 canvas, as a view marks them —
/// to the action of the region under it (`HitMap.target(of:)`). The baseline is what an app
/// without hit regions writes: a scan of the same rectangles, topmost first. The note has the
/// time to index a frame's regions, paid once per frame at its first press. Budget: ≤ 1 µs a
/// press.
@MainActor
func hitTestScenario(iterations: Int, rounds: Int) -> Measurement {
  let frame = HitTestFrame()
  var checksum = 0
  var baselineChecksum = 0
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { index in checksum &+= frame.press(index) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { index in baselineChecksum &+= frame.scan(index) }
  }
  precondition(checksum == baselineChecksum, "hit-test-1000: the map and the scan disagree")
  let build = nanosecondsPerOperation(iterations: 1_000) { _ in
    checksum &+= HitMap(frame.canvas).count
  }
  var measurement = Measurement(name: "hit-test-1000", tide: result.tide, baseline: result.baseline)
  measurement.note = "indexing a frame's 1,000 regions: \(Int(build)) ns"
  return measurement
}

/// The frame of `hit-test-1000`, shared by its timed and its counted (`--instructions`) runs.
struct HitTestFrame {
  var canvas = Canvas(columns: 240, rows: 84)
  var rects: [Rect] = []
  let presses: [PointerEvent]
  let map: HitMap

  init() {
    canvas.addHitRegion(canvas.bounds) { _ in -1 }
    rects.append(canvas.bounds)
    for index in 0..<999 {
      let rect = Rect(column: index % 12 * 20, row: index / 12, width: 20, height: 1)
      canvas.addHitRegion(rect, onPress: index)
      rects.append(rect)
    }
    precondition(canvas.hitRegions.count == 1_000, "hit-test-1000: \(canvas.hitRegions.count) regions")
    // Presses spread over the screen, the same for both sides.
    var generator = SplitMix(seed: 25)
    presses = (0..<4_096).map { _ in
      PointerEvent(.press(.left), column: Int(generator.next() % 240), row: Int(generator.next() % 84))
    }
    map = HitMap(canvas)
  }

  /// Press `index`, routed by the map: the button's index, -1 for the list, -2 for nothing.
  func press(_ index: Int) -> Int { (map.target(of: presses[index & 4095]) as? Int) ?? -2 }

  /// Press `index`, found as an app without hit regions would: the rectangles, topmost first.
  func scan(_ index: Int) -> Int {
    let press = presses[index & 4095]
    for position in rects.indices.reversed() where rects[position].contains(column: press.column, row: press.row) {
      return position == 0 ? -1 : position - 1
    }
    return -2
  }
}

/// A small deterministic generator, so both sides press the same cells on every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
