import Tide
import TideJSON
import TideTerminal

/// Writes actions A…B of a trace as a Swift Testing test: a `TestStore` starts from the state
/// before A on a `VirtualClock`; each action a key or paste sent is sent at its time, each an
/// effect sent is received (the clock moving up to its time), and each asserts exactly the
/// changes the trace recorded.
///
/// The test imports the app's own module (`@testable`, so an executable's internal types are
/// reachable) and makes its reducer as the trace's header names it, with no arguments
/// (`Chooser()`): an app whose reducer takes some adds them in the test.
package enum TraceTestExport {
  /// The test, or a failure naming the first state or action of the range that is not the
  /// app's (the test would fail on it, for the trace's sake rather than the app's).
  package static func test(of range: ClosedRange<Int>, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) -> String {
    let initial = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.state(after: range.lowerBound - 1) }
    _ = try TraceQueries.checkedState(after: range.lowerBound - 1, in: reader, app: app)
    var steps: [TraceStep] = []
    // Every action and state the test asserts is one the app can hold: a change of the wrong
    // type in the middle of the range would become a test that fails for the trace's sake.
    _ = try TraceQueries.checkedState(after: range.upperBound, linesFrom: range.lowerBound, in: reader, app: app)
    try TraceQueries.checked(reader) { () throws(TraceProblem) in
      try reader.forEachStep(in: range) { _, step throws(TraceProblem) in steps.append(step) }
    }
    let name = "traceActions\(range.lowerBound)To\(range.upperBound)"
    let (module, reducer) = Self.reducer(named: reader.header.reducer)
    var lines = [
      SwiftSource.comment("Exported by: \(reader.header.app) inspect \(PathName.name(of: reader.path)) --export-test \(range.lowerBound)..\(range.upperBound)"),
      SwiftSource.comment("Actions \(range.lowerBound)…\(range.upperBound) of the trace, from the state before \(range.lowerBound); every"),
      SwiftSource.comment("change the trace recorded is asserted, and the TestStore fails on any other."),
      "import Testing",
      "import Tide",
      "import TideTesting",
      "import TideTrace",
    ] + (module.map { ["@testable import \($0)"] } ?? []) + [
      "",
      "@MainActor",
      "@Test func \(name)() async throws {",
      "  let clock = VirtualClock()",
      "  let store = TestStore(",
      "    initialState: try TraceFixture.state(\(SwiftSource.stringLiteral(initial.text))),",
      "    reducer: \(reducer)(), clock: clock)",
    ]
    var now = Duration.zero
    for step in steps {
      let how = step.input.map { "sent by \(Self.describe($0))" } ?? "sent by an effect"
      lines.append("  " + SwiftSource.comment("\(step.number): \(ActionText.describe(step.action)), \(how), at \(TraceFormat.seconds(step.time)) s"))
      let action = "try TraceFixture.action(\(SwiftSource.stringLiteral(step.action.text)))"
      let changes = JSONValue.array(step.changes.map(\.json)).text
      let assertion = step.changes.isEmpty ? "" : " {\n    try TraceFixture.apply(\(SwiftSource.stringLiteral(changes)), to: &$0)\n  }"
      if step.input != nil {
        if step.time > now {
          lines.append("  clock.advance(to: VirtualClock.Instant(offset: .nanoseconds(\(step.time.roundedToNanosecond.wholeNanoseconds))))")
          now = step.time
        }
        lines.append("  await store.send(\(action))\(assertion)")
      } else {
        let wait = step.time > now ? step.time - now : .zero
        lines.append("  await store.receive(\(action), timeout: .nanoseconds(\(KeyScriptRecorder.nanoseconds(reaching: wait))))\(assertion)")
        now = max(now, step.time)
      }
    }
    lines += [
      "  " + SwiftSource.comment("What the last action started belongs to the actions after it."),
      "  await store.cancelInFlightEffects()",
      "  await store.finish()",
      "}",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The module and the name of a reducer from its Swift name (`tide_list.Chooser`), or a
  /// placeholder a test will not compile with, saying what is missing.
  private static func reducer(named name: String?) -> (module: String?, type: String) {
    // Only a plain Swift name reaches the source: a crafted header's text could be code.
    guard let name, let dot = name.firstIndex(of: "."),
      name.unicodeScalars.allSatisfy({ $0 == "." || $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil })
    else { return (nil, "TheAppsReducer /* the trace does not name the app's reducer */ ") }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  /// An input event in words: `key +`, `a paste`, `a resize to 100x30`.
  package static func describe(_ event: InputEvent) -> String {
    switch event {
    case .key(let key): "key \(key.token ?? "\(key)")"
    case .paste: "a paste"
    case .resize(let size): "a resize to \(size)"
    case .pointer(let pointer): "a pointer \(TraceInput.pointerKindName(pointer.kind)) at column \(pointer.column + 1), row \(pointer.row + 1)"
    }
  }
}
