import Dispatch
import Synchronization
import Tide
import TideTerminal

/// Records an app's session as a trace (see ``TraceFormat``): the main actor only queues what
/// happened — the input event, or the action and the state after it — and a writer on a thread
/// of its own encodes, diffs and writes it, so tracing adds no visible latency to a key. The
/// queue is bounded (``TraceChannel``): a replay faster than the writer waits for it instead of
/// queueing states without end.
package final class TraceRecorder<State: Encodable & Sendable, Action: Encodable & Equatable & Sendable>: Sendable {
  private let channel = TraceChannel<TraceEntry<State, Action>>()
  private let elapsed: @Sendable () -> Duration
  /// The action a key or paste is about to send: the next reduced action equal to it was sent
  /// by input, any other by an effect.
  private let pendingInputAction = Mutex<Action?>(nil)
  /// Whether the writer has written every line, and who waits for it.
  private let completion = Mutex(Completion())

  private struct Completion {
    var isDone = false
    var waiters: [@Sendable () -> Void] = []
  }

  /// A recorder writing, through `write`, a trace of `app` at `appVersion` starting from
  /// `initialState`, its times read from `clock` (zero now). Every `snapshotInterval` actions it
  /// writes the whole state, so a reader can start there instead of at the top; `differ` writes
  /// the states (by default, by encoding each and diffing the trees).
  package convenience init(
    app: String, appVersion: String, initialState: State, clock: some Clock<Duration>,
    snapshotInterval: Int = TraceFormat.defaultSnapshotInterval,
    differ: any TraceStateDiffer<State> = JSONStateDiffer<State>(),
    write: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.init(
      app: app, appVersion: appVersion, initialState: initialState, elapsed: Self.elapsedTime(on: clock),
      snapshotInterval: snapshotInterval, differ: differ, write: write)
  }

  /// The time since now on `clock`, each time it is called.
  package static func elapsedTime(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// A recorder whose times are `elapsed()`. Generic over nothing but the state and action, so
  /// that a caller naming them gets a writer specialized for them: with the clock's type among
  /// the generic parameters, the writer's code ran unspecialized, looking up metadata per action.
  package init(
    app: String, appVersion: String, initialState: State, elapsed: @escaping @Sendable () -> Duration,
    snapshotInterval: Int = TraceFormat.defaultSnapshotInterval,
    differ: any TraceStateDiffer<State> = JSONStateDiffer<State>(),
    write: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.elapsed = elapsed
    let channel = channel
    let header = TraceHeader(
      app: app, appVersion: appVersion, size: TerminalSize(columns: 0, rows: 0),
      snapshotInterval: max(1, snapshotInterval), state: .null)
    // A thread, not a task: the writer blocks while the queue is empty, and the cooperative
    // pool has a thread per core. A POSIX thread, not Foundation's `Thread`, which would link
    // full Foundation (and CoreFoundation and ICU) into the app.
    let body: @Sendable () -> Void = {
      var writer = TraceWriter<State, Action>(
        header: header, initialState: initialState, differ: differ, write: write)
      var batch: [TraceEntry<State, Action>] = []
      while channel.receive(into: &batch) {
        for entry in batch { writer.append(entry) }
        writer.flush()
      }
      batch = []
      writer.end()
      let waiters = self.completion.withLock { completion in
        completion.isDone = true
        defer { completion.waiters = [] }
        return completion.waiters
      }
      for waiter in waiters { waiter() }
    }
    do {
      try DetachedThread.start(named: "tide-trace-writer", body)
    } catch {
      // Without its writer the recorder can neither write nor finish: say why and stop.
      fatalError("tide-demo: \(error)")
    }
  }

  /// Calls `done` once every line is written (at once if they are).
  private func whenWritten(_ done: @escaping @Sendable () -> Void) {
    let isDone = completion.withLock { completion in
      if !completion.isDone { completion.waiters.append(done) }
      return completion.isDone
    }
    if isDone { done() }
  }

  /// Records a key, paste or resize the program is about to handle.
  package func record(_ event: InputEvent) {
    channel.send(.input(event, time: elapsed()))
  }

  /// Notes that a key or paste is sending `action` now.
  package func willSend(_ action: Action) {
    pendingInputAction.withLock { $0 = action }
  }

  /// Records `action` and the state it left.
  package func reduced(_ action: Action, state: State) {
    let byInput = pendingInputAction.withLock { pending in
      guard pending == action else { return false }
      pending = nil
      return true
    }
    channel.send(.action(action, state: state, time: elapsed(), byInput: byInput))
  }

  /// Writes what is queued and ends the trace; returns once every line is written.
  package func finish() async {
    channel.close()
    await withCheckedContinuation { continuation in whenWritten { continuation.resume() } }
  }

  /// ``finish()`` for a caller that cannot wait asynchronously (the end of a run): blocks until
  /// the writer, which never needs the caller's thread, has written every line.
  package func finishWriting() {
    channel.close()
    let done = DispatchSemaphore(value: 0)
    whenWritten { done.signal() }
    done.wait()
  }
}

/// Reports each action this reducer handles, and the state it leaves, to a ``TraceRecorder``.
package struct TraceRecordingReducer<Base: Reducer>: Reducer
where Base.State: Encodable & Sendable, Base.Action: Encodable & Equatable & Sendable {
  let base: Base
  let recorder: TraceRecorder<Base.State, Base.Action>

  package init(_ base: Base, recorder: TraceRecorder<Base.State, Base.Action>) {
    self.base = base
    self.recorder = recorder
  }

  package func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    recorder.reduced(action, state: state)
    return effect
  }
}

extension TraceRecordingReducer: Sendable where Base: Sendable {}
