import Clocks
import CustomDump
import IssueReporting
import Tide

/// A store for tests that asserts every state change and every action effects send back.
///
/// ```swift
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
/// finished or is asleep on the store's clock, counted by the store itself, not guessed with
/// yields. A `wallTimeout` only guards against effects blocked on something other than the
/// clock.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  /// How strictly the store checks; defaults to ``Exhaustivity/on``.
  public var exhaustivity: Exhaustivity = .on

  /// How long, in real time, to wait for effects blocked on something other than the clock
  /// before reporting them as stuck.
  public var wallTimeout: Duration = .seconds(2)

  /// The store under test, for reading its state or scoping it.
  public let store: Store<State, Action>

  private let recorder: Recorder<State, Action>
  private let clock: any Clock<Duration>
  private var expectedState: State

  /// The state as the test store last asserted it.
  public var state: State { store.state }

  /// Creates a test store.
  ///
  /// - Parameter clock: The clock for the store's time-based effects; pass a `TestClock` to
  ///   drive timers by hand, or to let ``receive(_:timeout:assert:fileID:filePath:line:column:)``
  ///   move time for you.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = TestClock(),
    middleware: [Middleware<State, Action>] = []
  ) where R.State == State, R.Action == Action {
    let recorder = Recorder<State, Action>()
    self.recorder = recorder
    self.clock = clock
    self.expectedState = initialState
    self.store = Store(
      initialState: initialState,
      reducer: Reduce<State, Action> { state, action in
        let effect = reducer.reduce(into: &state, action: action)
        recorder.record(action, state: state)
        return effect
      },
      clock: clock,
      middleware: middleware)
  }

  /// Sends `action` and asserts the state right after the reducer handled it: `update`
  /// mutates the previously asserted state into the expected one.
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
    if exhaustivity == .on, !recorder.received.isEmpty {
      reportIssue(
        """
        Must handle \(recorder.received.count) received action(s) before sending an action. \
        Unhandled actions:
        \(recorder.received.map { String(customDumping: $0.action) }.joined(separator: "\n"))
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    recorder.expectSentAction = true
    let task = store.send(action)
    let actual = recorder.sentState ?? store.state
    recorder.sentState = nil
    check(update, actual: actual, what: "sending \(String(customDumping: action))",
          fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(reportStuck: false, fileID: fileID, filePath: filePath, line: line, column: column)
    return task
  }

  /// Asserts that an effect sent `action` back, and the state right after it was reduced.
  ///
  /// The test store first waits until effects are idle. If the action has not arrived and
  /// `timeout` is positive, it advances the store's `TestClock` one sleeping deadline at a time,
  /// at most `timeout` of test-clock time, until the action arrives — so a timeout is measured
  /// on the test clock, never in wall time.
  public func receive(
    _ action: Action,
    timeout: Duration = .zero,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle(reportStuck: true, fileID: fileID, filePath: filePath, line: line, column: column)
    if !recorder.received.contains(where: { $0.action == action }), timeout > .zero {
      await advanceClock(upTo: timeout, until: action, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if exhaustivity == .off {
      if let index = recorder.received.firstIndex(where: { $0.action == action }) {
        recorder.received.removeFirst(index)
      }
    }
    guard let first = recorder.received.first else {
      reportIssue(
        "Expected to receive \(String(customDumping: action)), but no action was received"
          + (timeout > .zero ? " within \(timeout) of test-clock time." : ". Effects are idle: only moving the clock could send it."),
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    recorder.received.removeFirst()
    guard first.action == action else {
      reportIssue(
        """
        Received an unexpected action:
        \(diff(action, first.action, format: .proportional) ?? String(customDumping: first.action))
        (Expected: −, Received: +)
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      expectedState = first.state
      return
    }
    check(update, actual: first.state, what: "receiving \(String(customDumping: action))",
          fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Ends the test: waits for effects to go idle, then (when exhaustive) fails for every action
  /// not received and every effect still running, and cancels what is left.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle(reportStuck: true, fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on {
      if !recorder.received.isEmpty {
        reportIssue(
          """
          The store received \(recorder.received.count) unexpected action(s) after this one:
          \(recorder.received.map { String(customDumping: $0.action) }.joined(separator: "\n"))
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      let running = store.effectActivity.counts.running
      if running > 0 {
        reportIssue(
          """
          \(running) effect(s) are still running at the end of the test. Cancel them in the \
          feature (for example with .cancel(id:)), or call skipInFlightEffects() when that is intended.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    recorder.received.removeAll()
    store.cancelAllEffects()
  }

  /// Drops every received action not yet asserted.
  public func skipReceivedActions() async {
    await settle(reportStuck: false, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    if let last = recorder.received.last { expectedState = last.state }
    recorder.received.removeAll()
  }

  /// Cancels every running effect, for a test that deliberately stops midway.
  public func skipInFlightEffects() async {
    store.cancelAllEffects()
    await settle(
      reportStuck: false, untilEnded: true,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  private func check(
    _ update: ((inout State) throws -> Void)?,
    actual: State,
    what: @autoclosure () -> String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    var expected = exhaustivity == .on ? expectedState : actual
    do {
      try update?(&expected)
    } catch {
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
    }
    expectedState = actual
  }

  /// Waits until every effect is finished or asleep on the clock, so that whatever the effects
  /// could send without time moving has been sent; with `untilEnded`, until every effect task
  /// has ended (after cancelling them).
  private func settle(
    reportStuck: Bool, untilEnded: Bool = false,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let activity = store.effectActivity
    let guardTask = Task { [wallTimeout] in
      try? await Task.sleep(for: wallTimeout)
      activity.signal()
    }
    defer { guardTask.cancel() }
    let start = ContinuousClock.now
    while true {
      let counts = activity.counts
      if untilEnded ? counts.running == 0 : isIdle(counts) { return }
      if ContinuousClock.now - start >= wallTimeout {
        if reportStuck {
          reportIssue(
            """
            Effects are still busy after \(wallTimeout) of real time and are not asleep on the \
            store's clock: an effect is waiting on something the test does not control.
            """, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      await activity.waitForChange(after: counts.version)
    }
  }

  /// Whether every running effect waits on child tasks or sleeps until a time still to come.
  /// A sleep whose deadline has passed was woken (as `TestClock.advance` does before it
  /// returns) and its task is about to run, so it is busy, not idle.
  private func isIdle(_ counts: EffectActivity.Counts) -> Bool {
    let now = store.clockOffset
    let asleep = counts.sleepDeadlines.count { $0 > now }
    return counts.isIdle(asleep: asleep)
  }

  private func advanceClock(
    upTo timeout: Duration, until action: Action,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    guard let testClock = clock as? TestClock<Duration> else {
      reportIssue(
        "receive(_:timeout:) moves time on a TestClock<Duration>; this store's clock is \(type(of: clock)).",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let limit = store.clockOffset + timeout
    while !recorder.received.contains(where: { $0.action == action }) {
      let now = store.clockOffset
      guard let next = store.effectActivity.counts.sleepDeadlines.min(), next <= limit else {
        await testClock.advance(by: limit - now)
        await settle(reportStuck: true, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await testClock.advance(by: next - now)
      await settle(reportStuck: true, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// Records what the reducer saw, to tell the test's own action from actions effects sent.
@MainActor
final class Recorder<State, Action> {
  var expectSentAction = false
  var sentState: State?
  var received: [(action: Action, state: State)] = []

  func record(_ action: Action, state: State) {
    if expectSentAction {
      expectSentAction = false
      sentState = state
    } else {
      received.append((action, state))
    }
  }
}
