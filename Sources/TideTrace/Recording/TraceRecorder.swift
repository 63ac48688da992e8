import Dispatch
import Synchronization
import Tide
import TideTerminal

/// Records an app's session as a trace (see ``TraceFormat``): the caller's thread only queues
/// what happened — the state the session starts from, an input event, or an action and the
/// state after it — and a writer on a thread of its own encodes, diffs and writes it, so tracing
/// adds no visible latency to a key. The queue is bounded (``TraceChannel``): a replay faster
/// than the writer waits for it instead of queueing states without end.
@usableFromInline
package final class TraceRecorder<State: Encodable & Sendable, Action: Encodable & Sendable>: Sendable {
  @usableFromInline let channel = TraceChannel<TraceEntry<State, Action>>()
  @usableFromInline let elapsed: @Sendable () -> Duration
  /// The last key, paste or resize, not queued yet, and the action it is about to send: the
  /// next reduced action (equal to it, when `Action` is `Equatable`) was sent by that input and
  /// is queued with it, so a key and its action make one entry; any other action was sent by an
  /// effect, and the input is queued on its own before it.
  @usableFromInline let pendingInput = Mutex(PendingInput())

  @usableFromInline struct PendingInput {
    @usableFromInline var input: TraceInput?
    @usableFromInline var action: Action?

    init() {}
  }
  /// `==` of `Action`, when it is `Equatable`: found once, not by a cast of every action.
  @usableFromInline let actionsAreEqual: (@Sendable (Action, Action) -> Bool)?
  /// Whether ``start(from:)`` was called: the first state handed over is the trace's.
  private let started = Atomic<Bool>(false)
  /// The Swift name of the store's reducer, for the header.
  private let reducerName = Mutex<String?>(nil)
  /// Whether the writer has written every line, and who waits for it.
  private let completion = Mutex(Completion())

  private struct Completion {
    var isDone = false
    var waiters: [@Sendable () -> Void] = []
  }

  /// The time since now on `clock`, each time it is called.
  package static func elapsedTime(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// A recorder writing, through `write`, a trace of `app` at `appVersion` (rebuilt in a replay
  /// by `arguments`), on a terminal of `size` unless its first input is a resize, its times
  /// `elapsed()`. Nothing is written before ``start(from:)`` hands over the first state. Every
  /// `snapshotInterval` actions it writes the whole state, so a reader can start there instead
  /// of at the top; by default every ``TraceFormat/defaultSnapshotInterval`` actions, or less
  /// often for a large state (see ``TraceWriter/snapshotInterval(forStateBytes:)``). The writer's
  /// thread diffs the states with a ``CodableStateDiffer`` of its own.
  ///
  /// Generic over nothing but the state and action (the clock is a closure, `elapsed`). The
  /// writer's thread runs this type's code as it is compiled here, generic; what the caller's
  /// thread runs for each action and input (``reduced(_:state:)``, ``record(_:)``,
  /// ``willSend(_:)``) is inlinable, compiled for the app's types where those are known.
  package init(
    app: String, appVersion: String, arguments: [String] = [], size: TerminalSize = TerminalSize(columns: 80, rows: 24),
    elapsed: @escaping @Sendable () -> Duration,
    snapshotInterval: Int? = nil,
    write: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.elapsed = elapsed
    actionsAreEqual = equality(of: Action.self)
    let channel = channel
    let header = TraceHeader(
      app: app, appVersion: appVersion, arguments: arguments, size: size,
      snapshotInterval: max(1, snapshotInterval ?? TraceFormat.defaultSnapshotInterval), state: .null)
    let adaptsSnapshotInterval = snapshotInterval == nil
    // A thread, not a task: the writer blocks while the queue is empty, and the cooperative
    // pool has a thread per core. A POSIX thread, not Foundation's `Thread`, which would link
    // full Foundation (and CoreFoundation and ICU) into the app.
    let body: @Sendable () -> Void = {
      var writer: TraceWriter<State, Action>?
      var batch: [TraceEntry<State, Action>] = []
      // What an entry moved out of the batch leaves in its place: nothing to release.
      let moved = TraceEntry<State, Action>.input(.resize(TerminalSize(columns: 0, rows: 0)), time: .zero)
      while channel.receive(into: &batch) {
        // Each entry is moved out of the batch, not copied: a copy of an app's state retains
        // every reference it holds.
        batch.withUnsafeMutableBufferPointer { entries in
          for place in entries.indices {
            let entry = (entries.baseAddress! + place).move()
            (entries.baseAddress! + place).initialize(to: moved)
            // The start comes first (the recorder sends it first), so only the first entry is
            // looked into, and every other is handed on consumed: in this generic code telling
            // an entry's case, or passing it on, copied its state, a call for each reference
            // the state holds.
            if writer == nil {
              guard case .start(let state, let reducer) = consume entry else { continue }
              var header = header
              header.reducer = reducer
              writer = TraceWriter<State, Action>(
                header: header, initialState: state, adaptsSnapshotInterval: adaptsSnapshotInterval,
                write: write)
            } else {
              writer?.append(consume entry)
            }
          }
        }
        writer?.flush()
      }
      batch = []
      writer?.end()
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
      fatalError("\(app): \(error)")
    }
  }

  /// Whether the state the session starts from is still to come.
  package var needsInitialState: Bool { !started.load(ordering: .acquiring) }

  /// Notes the Swift name of the store's reducer, for the header.
  package func attach(reducer name: String) {
    reducerName.withLock { $0 = name }
  }

  /// The state the session starts from: the first call counts, later ones are ignored.
  package func start(from state: State) {
    guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
    channel.send(.start(state, reducer: reducerName.withLock { $0 }))
  }

  /// Calls `done` once every line is written (at once if they are).
  private func whenWritten(_ done: @escaping @Sendable () -> Void) {
    let isDone = completion.withLock { completion in
      if !completion.isDone { completion.waiters.append(done) }
      return completion.isDone
    }
    if isDone { done() }
  }

  /// Records a key, paste or resize the program is about to handle. It is queued with the
  /// action it sends, or on its own before whatever comes next. Inlinable, as
  /// ``reduced(_:state:)`` is.
  @inlinable
  package func record(_ event: InputEvent) {
    let input = TraceInput(event: event, time: elapsed())
    // Queued under the lock: a reducer off the main actor also queues held inputs, and inputs
    // must reach the queue in the order they came.
    pendingInput.withLock { pending in
      queueHeldInput(&pending)
      pending.input = input
    }
  }

  /// Notes that a key or paste is sending `action` now. Inlinable, as ``reduced(_:state:)`` is.
  @inlinable
  package func willSend(_ action: Action) {
    pendingInput.withLock { $0.action = action }
  }

  /// Records `action` and the state it left. Both are taken, not copied: a copy of a state
  /// retains every reference it holds.
  ///
  /// Inlinable, so that where the app's `State` and `Action` are known (the command's
  /// initializer makes the closure that calls it) it is compiled for them: run generic, it looked
  /// up the metadata of half a dozen generic types at each action, 5,000 instructions of the
  /// 10,000 a traced action cost the replay's thread.
  @inlinable
  package func reduced(_ action: consuming Action, state: consuming State) {
    let time = elapsed()
    // Moved into the closure through an optional: a value captured by a closure is copied.
    var entry = Optional(TraceEntry<State, Action>.action(action, state: state, time: time, input: nil))
    // Queued under the lock, as `record(_:)` queues held inputs: inputs and actions reach the
    // queue in the order they came, whichever thread reduces.
    pendingInput.withLock { pending in
      defer { pending.input = nil }
      guard case .action(let action, let state, let time, _)? = entry.take() else { return }
      if let expected = pending.action, actionsAreEqual?(expected, action) != false {
        pending.action = nil
        channel.send(.action(action, state: state, time: time, input: pending.input))
      } else {
        // An effect's action: the input held is queued on its own first.
        queueHeldInput(&pending)
        channel.send(.action(action, state: state, time: time, input: nil))
      }
    }
  }

  /// Records that the app was put back into `state`, its state after action `number` (live
  /// time travel): a branch line, and the next action is `number` + 1.
  package func jumped(to number: Int, state: State) {
    let time = elapsed()
    pendingInput.withLock { pending in
      queueHeldInput(&pending)
      pending.action = nil
      channel.send(.jump(to: number, state: state, time: time))
    }
  }

  /// Queues the input `pending` holds, on its own, and lets it go. Called under the lock.
  @inlinable
  func queueHeldInput(_ pending: inout PendingInput) {
    guard let input = pending.input else { return }
    channel.send(.input(input.event, time: input.time))
    pending.input = nil
  }

  /// Queues the input still held, then closes the queue: the writer writes what is in it and
  /// ends the trace.
  private func closeQueue() {
    pendingInput.withLock { queueHeldInput(&$0) }
    channel.close()
  }

  /// Writes what is queued and ends the trace; returns once every line is written.
  package func finish() async {
    closeQueue()
    await withCheckedContinuation { continuation in whenWritten { continuation.resume() } }
  }

  /// ``finish()`` for a caller that cannot wait asynchronously (the end of a run): blocks until
  /// the writer, which never needs the caller's thread, has written every line.
  package func finishWriting() {
    closeQueue()
    let done = DispatchSemaphore(value: 0)
    whenWritten { done.signal() }
    done.wait()
  }
}

/// `==` of `Value`, when it is `Equatable`; `nil` when it is not.
private func equality<Value: Sendable>(of type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
  guard let equatable = type as? any (Equatable & Sendable).Type else { return nil }
  func equality<Equatable: Swift.Equatable & Sendable>(_: Equatable.Type) -> @Sendable (Value, Value) -> Bool {
    // `Equatable` is `Value`: it is the type cast above.
    { unsafeBitCast($0, to: Equatable.self) == unsafeBitCast($1, to: Equatable.self) }
  }
  return equality(equatable)
}
