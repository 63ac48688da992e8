import Synchronization
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
