import Synchronization
import Testing
import TideTrace

/// What a `TraceRecorder` writes for app `app` at version 1: a session that starts from `start`
/// and sends the actions 1 through `actions`, each changing the state as `step` says (an action
/// is its number).
func recordedTrace<State: Encodable & Sendable>(
  app: String, snapshotInterval: Int? = nil, from start: State, actions: Int = 0, step: (Int, inout State) -> Void = { _, _ in }
) -> [UInt8] {
  let bytes = Mutex<[UInt8]>([])
  let recorder = TraceRecorder<State, Int>(
    app: app, appVersion: "1", elapsed: { .zero }, snapshotInterval: snapshotInterval,
    write: { chunk in bytes.withLock { $0 += chunk } })
  var state = start
  recorder.start(from: state)
  for number in stride(from: 1, through: actions, by: 1) {
    step(number, &state)
    recorder.reduced(number, state: state)
  }
  recorder.finishWriting()
  return bytes.withLock { $0 }
}

/// The lines `--who-changed path` answers for `reader`'s trace, after checking that the trace is
/// read in two parts when asked to (`splittingFrom: 1`) and that the two parts answer as one,
/// whichever thread checks the state at the end.
func linesOfTwoParts(_ path: String, in reader: TraceReader, app: InspectedApp) throws -> [String] {
  let parts = try WhoChanged.parts(of: try #require(JSONPath(parsing: path)), in: reader, app: app, splittingFrom: 1)
  #expect(parts.count == 2, "read in two parts")
  func lines(splittingFrom: Int, endCheckedFirst: Bool? = nil) throws -> [String] {
    let text = try TraceQueries.whoChangedText(path, in: reader, app: app, splittingFrom: splittingFrom, endCheckedFirst: endCheckedFirst)
    return text.flatMap { $0.split(separator: "\n").map(String.init) }
  }
  let one = try lines(splittingFrom: .max)
  for endCheckedFirst in [false, true] {
    #expect(try lines(splittingFrom: 1, endCheckedFirst: endCheckedFirst) == one, "\(path): two parts answer as one, the end checked first: \(endCheckedFirst)")
  }
  return one
}
