import Clocks
import CustomDump
import IssueReporting
import Tide

/// A store for tests that asserts every state change and every action effects send back.
///
/// ```swift
/// import Clocks  // swift-clocks' TestClock: the Clocks product in the test target
///
/// @Test func stopwatch() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch(), clock: clock)
///   await store.send(.toggle) { $0.isRunning = true }
///   await clock.advance(by: .milliseconds(50))
///   await store.receive(.tick)
///   await store.send(.toggle) { $0.isRunning = false }
///   await store.finish()
/// }
/// ```
///
/// It is exhaustive by default (see ``Exhaustivity``). Failures are reported through
/// swift-issue-reporting, so they fail XCTest and Swift Testing tests alike, with a diff of the
/// expected (−) and actual (+) state.
///
/// Waiting is deterministic: after each step the test store waits until every effect has
/// finished or is parked on the store's clock — counted by the store's scheduler, not guessed
/// with yields or a ticker, by the rule a replay uses: every sleep of an effect on the store's
/// clock (timers, debounce, `send.sleep(for:)`, and on a `VirtualClock` a `.run` body sleeping
/// on it directly) is registered with it. A `wallTimeout` only guards against effects blocked on
/// something other than the clock.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  /// How strictly the store checks; defaults to ``Exhaustivity/on``.
  public var exhaustivity: Exhaustivity = .on {
    didSet { leftovers.update { [exhaustivity] in $0.isExhaustive = exhaustivity == .on } }
  }

  /// How long, in real time, `receive` waits for an action from an effect that is busy (not
  /// asleep on the store's clock) before it reports the action as missing.
  ///
  /// Generous on purpose: it only bounds a wait on work the test does not control (a network
  /// call, a file), and a test process runs many tests on one main actor, where an effect's
  /// action waits its turn. A wait that never ends because of the store's own timers cannot
  /// happen: a timer's sleep is on the clock before `send` returns. A test that expects the wait
  /// to fail sets a shorter one. Time the process spent stalled is not counted: a wait woken
  /// more than 100 ms after its bound (its threads busy with other tests, a sanitizer slowing
  /// everything) moves the bound by that much and a second more, for the effects did not run
  /// either; it ends at a bound it meets on time.
  public var wallTimeout: Duration = .seconds(10)

  /// The `Store` under test, for reading its live state or scoping it.
  ///
  /// Only a test store of the ``StoreShape/store`` shape (the default) has one: for another shape,
  /// reading it stops the test with a precondition failure — assert its state with
  /// ``state`` and the assertions.
  public var store: Store<State, Action> {
    guard let store = tested.store else {
      preconditionFailure("This test store drives \(tested.shape), not a Store: read its state with `state`.")
    }
    return store
  }

  /// The store under test, of the shape the test chose.
  private let tested: TestedStore<State, Action>

  private let recorder: Recorder<State, Action>
  private let leftovers: Leftovers<Action>
  /// The store's effects, reachable from the `deinit` on any thread.
  private let effects: EffectEngine
  private let clock: any Clock<Duration>
  private var expectedState: State
  private var skippedEffects: Set<UInt64> = [] {
    didSet { leftovers.update { [skippedEffects] in $0.skippedEffects = skippedEffects } }
  }
  private var isFinished = false {
    didSet { leftovers.update { [isFinished] in $0.isFinished = isFinished } }
  }
  private let location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  /// How long in real time effects may make no progress, neither finishing nor sleeping on the
  /// store's clock nor sending, before `send` stops waiting for them: they wait on something
  /// the test does not control (a stream, `Task.never()`, a clock other than the store's).
  private let sendQuietPeriod: Duration = .milliseconds(100)
  /// The same for ``finish(fileID:filePath:line:column:)``, longer because what is still
  /// running then is reported.
  private let finishQuietPeriod: Duration = .milliseconds(500)

  /// The state as the test store last asserted it: after a `send` or `receive`, the state
  /// right after that action was reduced. The live state is ``store``'s.
  public var state: State { expectedState }

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: The feature under test.
  ///   - clock: The clock for the store's time-based effects: a swift-clocks `TestClock` or
  ///     Tide's `VirtualClock` to drive timers by hand, or to let
  ///     ``receive(_:timeout:assert:fileID:filePath:line:column:)`` move time for you.
  ///   - middleware: Hooks around the reducer, as the app's store has them.
  ///   - fileID: Where a test store released without ``finish(fileID:filePath:line:column:)``
  ///     reports what was left; the caller's location by default.
  ///   - filePath: The same, for XCTest.
  ///   - line: The same.
  ///   - column: The same.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = TestClock(),
    middleware: [Middleware<State, Action>] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let recorder = Recorder<State, Action>(leftovers: Leftovers())
    let recording = RecordingReducer(base: reducer, recorder: recorder)
    self.init(
      recorder: recorder, clock: clock, initialState: initialState, location: (fileID, filePath, line, column),
      tested: TestedStore(Store(initialState: initialState, reducer: recording, clock: clock, middleware: middleware)))
  }

  /// Creates a test store that drives the feature in a store of the given shape: a
  /// `Store`, an `IsolatedStore` or a `StoreActor`, with the same
  /// assertions. A feature that runs in a server's store actors is tested in one.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: The feature under test.
  ///   - clock: The clock for the store's time-based effects (see
  ///     ``init(initialState:reducer:clock:middleware:fileID:filePath:line:column:)``).
  ///   - middleware: Hooks around the reducer; for an ``StoreShape/isolatedStore`` or a
  ///     ``StoreShape/storeActor``, made with `Middleware.onAnyActor`.
  ///   - shape: The kind of store the feature runs in.
  ///   - fileID: Where a test store released without ``finish(fileID:filePath:line:column:)``
  ///     reports what was left; the caller's location by default.
  ///   - filePath: The same, for XCTest.
  ///   - line: The same.
  ///   - column: The same.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: sending R,
    clock: any Clock<Duration> = TestClock(),
    middleware: [Middleware<State, Action>] = [],
    shape: StoreShape,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action, State: Sendable {
    let recorder = Recorder<State, Action>(leftovers: Leftovers())
    let recording = RecordingReducer(base: reducer, recorder: recorder)
    let tested: TestedStore<State, Action> =
      switch shape {
      case .store:
        TestedStore(Store(initialState: initialState, reducer: recording, clock: clock, middleware: middleware))
      case .isolatedStore:
        TestedStore(IsolatedStore(initialState: initialState, reducer: recording, clock: clock, middleware: middleware))
      case .storeActor:
        TestedStore(StoreActor(initialState: initialState, reducer: recording, clock: clock, middleware: middleware))
      }
    self.init(
      recorder: recorder, clock: clock, initialState: initialState, location: (fileID, filePath, line, column),
      tested: tested)
  }

  private init(
    recorder: Recorder<State, Action>,
    clock: any Clock<Duration>,
    initialState: State,
    location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt),
    tested: TestedStore<State, Action>
  ) {
    self.leftovers = recorder.leftovers
    self.recorder = recorder
    self.clock = clock
    self.expectedState = initialState
    self.location = location
    self.tested = tested
    self.effects = tested.effects
    recorder.onReceive = { [effects] in effects.signal() }
    // The quiet periods of `send` and `finish` wait for effects waiting for a thread.
    effects.countInTransit()
  }

  // Not an isolated deinit: that one runs without the test's task-local context, so its
  // issues would not reach the test. This one runs inline where the last reference goes —
  // on any thread, in a test that is not isolated to the main actor — so it reads only what
  // is safe from anywhere: the ledger the test store kept, and the effect registry.
  deinit {
    let leftovers = leftovers.snapshot
    if !leftovers.isFinished, leftovers.isExhaustive {
      let (fileID, filePath, line, column) = location
      if !leftovers.unasserted.isEmpty {
        reportIssue(
          """
          The test store was released without finish() and \(leftovers.unasserted.count) received \
          action(s) were never asserted:
          \(Self.describe(leftovers.unasserted))
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      let running = effects.runningKeys.subtracting(leftovers.skippedEffects).count
      if running > 0 {
        reportIssue(
          """
          The test store was released without finish() while \(running) effect(s) were still \
          running. Call finish() at the end of the test, cancel the effects in the feature, or \
          call skipInFlightEffects() when that is intended.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    effects.cancelAll()
  }

  /// Sends `action` and asserts the state right after the reducer handled it: `update`
  /// mutates the previously asserted state into the expected one.
  ///
  /// Every firing the clock's last move made due is delivered first — as it is when the store's
  /// actor keeps up with the move — so the action comes after them, and in exhaustive mode
  /// those not yet received are reported. It then lets the effects run until they are idle —
  /// finished, or asleep on the store's clock — or make no progress for a moment (they wait on
  /// something the test does not control, reported at ``finish(fileID:filePath:line:column:)``);
  /// it never waits longer.
  ///
  /// - Returns: The store task of the action, to await or cancel its effects.
  @discardableResult
  public func send(
    _ action: Action,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    await settle(until: { [effects] in effects.nothingIsDue })
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        reportIssue(
          """
          Must handle \(recorder.received.count) received action(s) before sending an action. \
          Unhandled actions:
          \(describe(recorder.received.map(\.action)))
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        // Actions received before this send are stale: a later receive must not match them.
        skip(recorder.received, before: "sending \(String(customDumping: action))",
             fileID: fileID, filePath: filePath, line: line, column: column)
        expectedState = recorder.received[recorder.received.count - 1].state
        recorder.removeReceived()
      }
    }
    let (task, actual) = await tested.send(action, recordingIn: recorder)
    check(update, actual: actual, what: "sending \(String(customDumping: action))",
          fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(quietPeriod: sendQuietPeriod)
    return task
  }

  /// Asserts that an effect sent `action` back, and the state right after it was reduced.
  ///
  /// Returns as soon as the action has arrived. Until then it lets effects run; when they are
  /// idle and `timeout` is positive, it advances the store's `TestClock` or `VirtualClock` one
  /// sleeping deadline at a time, at most `timeout` of clock time, until the action arrives — so
  /// a timeout is measured on the clock, never in wall time.
  public func receive(
    _ action: Action,
    timeout: Duration = .zero,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { $0 == action }, expected: String(customDumping: action), expectedAction: action,
      timeout: timeout, update: update,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action `predicate` accepts, and the state right after it
  /// was reduced; for actions whose payload the test cannot or need not spell out.
  ///
  /// ```swift
  /// await store.receive(where: { if case .loaded = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    where predicate: (Action) -> Bool,
    timeout: Duration = .zero,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: predicate, expected: "an action matching the predicate", expectedAction: nil,
      timeout: timeout, update: update,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // `package` for TideTestingCasePaths' `receive` by case key path, which names the case in its
  // failure and diffs against the expected action.
  package func receive(
    matching predicate: (Action) -> Bool,
    expected: String,
    expectedAction: Action?,
    timeout: Duration,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    var idle = true
    await withoutActuallyEscaping(predicate) { predicate in
      let arrived: () -> Bool = { [recorder, exhaustivity] in
        exhaustivity == .on
          ? !recorder.received.isEmpty : recorder.received.contains { predicate($0.action) }
      }
      idle = await settle(until: arrived)
      if !arrived(), idle, timeout > .zero {
        idle = await advanceClock(
          upTo: timeout, until: arrived, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      // The action is there, but the effect that sent it may still be running: a timer between
      // its send and its next sleep. Let it settle, as `send` does, so that the test's next
      // clock move finds it asleep instead of racing it (a tick whose time passes while the
      // timer is still delivering the last one is skipped) — bounded, like `send`, by the quiet
      // period for effects the test cannot control.
      if arrived(), !idle { idle = await settle(quietPeriod: sendQuietPeriod) }
    }
    if exhaustivity != .on, let index = recorder.received.firstIndex(where: { predicate($0.action) }) {
      if index > 0 {
        skip(recorder.received[..<index], before: "receiving \(expected)",
             fileID: fileID, filePath: filePath, line: line, column: column)
        recorder.removeReceived(first: index)
      }
    }
    guard let first = recorder.received.first else {
      let why =
        idle
        ? (timeout > .zero
          ? " within \(timeout) of clock time." : ". Effects are idle: only moving the clock could send it.")
        : ". Effects were still busy after \(wallTimeout) of real time, waiting on something the test does not control."
      reportIssue(
        "Expected to receive \(expected), but no action was received" + why,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    recorder.removeReceived(first: 1)
    guard predicate(first.action) else {
      let shown =
        expectedAction.flatMap { diff($0, first.action, format: .proportional) }
        ?? "Expected: \(expected)\nReceived: \(String(customDumping: first.action))"
      reportIssue(
        """
        Received an unexpected action:
        \(shown)
        (Expected: −, Received: +)
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      expectedState = first.state
      return
    }
    check(update, actual: first.state, what: "receiving \(String(customDumping: first.action))",
          fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Ends the test: lets effects run until they are idle or make no more progress, then (when
  /// exhaustive) fails once for the actions not received and once for the effects still
  /// running, and cancels what is left.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle(quietPeriod: finishQuietPeriod)
    isFinished = true
    if exhaustivity == .on {
      if !recorder.received.isEmpty {
        reportIssue(
          """
          The store received \(recorder.received.count) unexpected action(s) after this one:
          \(describe(recorder.received.map(\.action)))
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      let running = runningEffectCount
      if running > 0 {
        reportIssue(
          """
          \(running) effect(s) are still running at the end of the test. Cancel them in the \
          feature (for example with .cancel(id:)), or call skipInFlightEffects() when that is intended.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    } else if !recorder.received.isEmpty {
      skip(recorder.received, before: "finishing",
           fileID: fileID, filePath: filePath, line: line, column: column)
    }
    recorder.removeReceived()
    effects.cancelAll()
  }

  /// Drops every received action not yet asserted; the state of the last one becomes the
  /// asserted state.
  public func skipReceivedActions() async {
    await settle(quietPeriod: sendQuietPeriod)
    if let last = recorder.received.last { expectedState = last.state }
    recorder.removeReceived()
  }

  /// Stops asserting the effects running now, as TCA's `skipInFlightEffects` does: they keep
  /// running (what they send is still received), but ``finish(fileID:filePath:line:column:)``
  /// no longer reports them.
  public func skipInFlightEffects() async {
    await settle(quietPeriod: sendQuietPeriod)
    skippedEffects.formUnion(effects.runningKeys)
  }

  /// Cancels every running effect and waits until their tasks have ended, for a test that
  /// deliberately stops midway.
  public func cancelInFlightEffects() async {
    effects.cancelAll()
    await settle(until: { [effects] in effects.counts.running == 0 }, stopsWhenIdle: false)
  }

  private var runningEffectCount: Int {
    effects.runningKeys.subtracting(skippedEffects).count
  }

  private func describe(_ actions: [Action]) -> String {
    Self.describe(actions)
  }

  private nonisolated static func describe(_ actions: [Action]) -> String {
    actions.map { String(customDumping: $0) }.joined(separator: "\n")
  }

  /// Drops `skipped` received actions; with `showSkippedAssertions`, records them as an
  /// expected issue so the log shows them.
  private func skip(
    _ skipped: some Collection<(action: Action, state: State)>, before what: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard exhaustivity == .off(showSkippedAssertions: true), !skipped.isEmpty else { return }
    let text = skipped.map { String(customDumping: $0.action) }.joined(separator: "\n")
    withExpectedIssue {
      reportIssue(
        """
        Skipped receiving \(skipped.count) action(s) before \(what):
        \(text)
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  private func check(
    _ update: ((inout State) throws -> Void)?,
    actual: State,
    what: @autoclosure () -> String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let previous = expectedState
    var expected = exhaustivity == .on ? previous : actual
    var threw = false
    do {
      try update?(&expected)
    } catch {
      threw = true
      reportIssue(error, "The assertion closure threw while \(what()).",
                  fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if expected != actual {
      let difference = diff(expected, actual, format: .proportional) ?? "(no printable difference)"
      reportIssue(
        """
        State after \(what()) does not match the expectation:
        \(difference)
        (Expected: −, Actual: +)
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    } else if update != nil, !threw, exhaustivity == .on, actual == previous {
      reportIssue(
        """
        Expected state to change, but no change occurred while \(what()). The trailing \
        closure made no observable modification to the state; omit it when no change is expected.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    expectedState = actual
  }

  /// Lets effects run until `done` holds, or they are idle — every running effect finished,
  /// parked on the store's clock until a time still to come, or waiting on its children — or,
  /// with a `quietPeriod`, until they made no progress for that long. Never longer than
  /// ``wallTimeout``. Returns whether the effects are idle.
  ///
  /// The store's scheduler owns the one wait (and the one definition of idle) that replays and
  /// the runtime use too.
  @discardableResult
  private func settle(
    until done: () -> Bool = { false }, stopsWhenIdle: Bool = true, quietPeriod: Duration? = nil
  ) async -> Bool {
    await effects.settle(
      until: done, stopsWhenIdle: stopsWhenIdle, limit: wallTimeout, quietPeriod: quietPeriod,
      progress: { [recorder] in recorder.recordedCount })
  }

  /// Moves the store's clock one sleeping deadline at a time, at most `timeout`, until `done`;
  /// returns whether the effects are idle at the end.
  private func advanceClock(
    upTo timeout: Duration, until done: () -> Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async -> Bool {
    let advance: (Duration) async -> Void
    if let testClock = clock as? TestClock<Duration> {
      advance = { await testClock.advance(by: $0) }
    } else if let virtualClock = clock as? VirtualClock {
      advance = { virtualClock.advance(by: $0) }
    } else {
      reportIssue(
        "receive(_:timeout:) moves time on a TestClock<Duration> or a VirtualClock; this store's clock is \(type(of: clock)).",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return true
    }
    // Up to the whole nanosecond at or after it: a timer's ticks fall on whole nanoseconds
    // (its period need not), so `timeout: period` still reaches the next tick.
    let limit = (tested.clockOffset() + timeout).roundedUpToNanosecond
    var idle = true
    while !done() {
      let now = tested.clockOffset()
      guard let next = effects.nextWake, next <= limit else {
        await advance(limit - now)
        return await settle(until: done)
      }
      await advance(next - now)
      idle = await settle(until: done)
    }
    return idle
  }
}

/// Runs the feature's reducer and records each action with the state it left.
struct RecordingReducer<Base: Reducer>: WrappingReducer where Base.State: Equatable {
  let base: Base
  let recorder: Recorder<Base.State, Base.Action>

  func run(
    _ state: inout Base.State, _ action: Base.Action, base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  ) -> Effect<Base.Action> {
    let effect = base(&state, action)
    recorder.record(action, state: state)
    return effect
  }
}

