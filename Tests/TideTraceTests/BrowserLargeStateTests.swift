import Foundation
import Synchronization
import Testing
import TideTerminal
import TideTestSupport
import TideTrace

/// The browser over a trace whose state holds lists long enough for the browser to keep them
/// decoded (``DecodingMemo``) and states kept along its walks: whatever order the steps are
/// visited in, each screen is the one the app drew from its state at that step.
@Suite("TideTrace: the browser on a large state")
struct BrowserLargeStateTests {
  struct State: Codable, Equatable, Sendable {
    var items: [String]
    var shown: [Int]
    var cursor = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case move(Int)
    case filter(Int)
    case clearFilter
    case rename(Int, String)
  }

  static func reduce(_ state: inout State, _ action: Action) {
    switch action {
    case .move(let by): state.cursor = max(0, min(state.shown.count - 1, state.cursor + by))
    case .filter(let digit): state.shown = state.items.indices.filter { state.items[$0].hasSuffix("\(digit)") }; state.cursor = 0
    case .clearFilter: state.shown = Array(state.items.indices)
    case .rename(let index, let title): state.items[index] = title
    }
  }

  /// The app's screen: what the state's lists hold where a stale list would show.
  static func frame(_ state: State, _ size: TerminalSize) -> Canvas {
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    canvas.draw("\(state.shown.count) shown, cursor \(state.cursor)", atColumn: 0, row: 0)
    for row in 1..<size.rows {
      let position = state.cursor + row - 1
      guard position < state.shown.count else { break }
      let index = state.shown[position]
      canvas.draw("\(index) \(state.items[index]) \(state.items[(index + 1717) % state.items.count])", atColumn: 0, row: row)
    }
    return canvas
  }

  /// `walking`: with states made along the trace on another thread meanwhile (``TraceReader/startWaypointWalk(checks:spacing:)``),
  /// found or not yet, whatever the timing.
  @Test(arguments: [false, true])
  func everyStepVisitedInAnyOrderShowsItsOwnState(walking: Bool) throws {
    let folder = TemporaryDirectory("browser-large-state")
    let path = folder.file("large.trace")
    let bytes = Mutex<[UInt8]>([])
    let recorder = TraceRecorder<State, Action>(
      app: "large", appVersion: "1", elapsed: { .zero }, snapshotInterval: 400,
      write: { chunk in bytes.withLock { $0 += chunk } })
    let count = 3000
    var state = State(items: (0..<count).map { "item \($0)" }, shown: Array(0..<count))
    recorder.start(from: state)
    var states = [state]
    for number in 1...2000 {
      let action: Action =
        switch number % 97 {
        case 10: .filter(number % 10)
        case 40: .clearFilter
        case 60: .rename(number % count, "renamed at \(number)")
        default: .move(number % 3 == 0 ? -1 : 2)
        }
      Self.reduce(&state, action)
      recorder.reduced(action, state: state)
      states.append(state)
    }
    recorder.finishWriting()
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes.withLock { $0 })))

    let app = InspectedApp(name: "large", version: "1", state: State.self, action: Action.self, frame: { _ in Self.frame })
    let reader = try TraceQueries.open(path, app: app)
    let browser = InspectorBrowser(reader: reader, app: app)
    let size = TerminalSize(columns: 100, rows: 30)
    var browsing = InspectorBrowser.initialState(reader: reader, app: app, name: "large.trace", size: size, follow: false)
    if walking { reader.startWaypointWalk(checks: app.checks, spacing: 150) }
    // Back and forth, across snapshots and filters, steps back one at a time, and again.
    var visits = [0, 2000, 1, 1999, 1998, 1997, 1200, 1199, 10, 11, 40, 39, 41, 60, 61, 59, 805, 2000, 0, 804, 803]
    // Sixty more, spread by a fixed sequence, the same every run.
    var seed: UInt64 = 42
    visits += (0..<60).map { _ in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % 2001
    }
    for number in visits {
      _ = browser.reduce(into: &browsing, action: .jump(to: number))
      try #require(browsing.selectedStep == number)
      #expect(browsing.appScreen == Self.frame(states[number], browsing.appSize), "step \(number), after visiting \(visits.prefix { $0 != number })")
    }
    if walking {
      // The snapshots are 400 actions apart: 150 and 300 past the start, and each snapshot's
      // own state with 150 and 300 past it for the four after it (the last is the last action),
      // 14 in all; but the filters and renames change lists of 3,000 between two of them, so
      // each holds thousands of values of its own, and the budget (65,536 values for a trace
      // this small) ends the walk before the last.
      reader.waitForWaypoints()
      #expect(reader.waypointCount == 13)
      // Visited again, every walk now starts from one of them or from a state kept since.
      for number in visits.reversed() {
        _ = browser.reduce(into: &browsing, action: .jump(to: number))
        #expect(browsing.appScreen == Self.frame(states[number], browsing.appSize), "step \(number), visited again")
      }
    }
  }
}
