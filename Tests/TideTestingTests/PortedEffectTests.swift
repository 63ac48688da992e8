import Clocks
import Synchronization
import Testing
import Tide
import TideTestSupport
import TideTesting

/// Behaviours of TCA's `EffectTests`, `EffectCancellationTests` and `EffectRunTests` that a user
/// moving to Tide relies on, restated for Tide's API through a `TestStore` (TCA drives a bare
/// effect's `actions`; Tide's effects run in a store). Each comment names TCA's test.
@MainActor
@Suite("Ported from TCA: effects")
struct PortedEffectTests {
  /// A feature that appends every value it receives; `start` runs `effect`.
  private static func feature(
    _ effect: @escaping @Sendable () -> Effect<Action>
  ) -> Reduce<[Int], Action> {
    Reduce { state, action in
      switch action {
      case .start: return effect()
      case .value(let n):
        state.append(n)
        return .none
      case .cancel: return .cancel(id: ID.request)
      case .feed: return .none
      }
    }
  }

  // testConcatenate: each `.run` starts when the one before it has ended, so each sleep starts
  // later on the clock.
  @Test func concatenatedRunsSleepOneAfterTheOther() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .concatenate((1...3).map { count in
          .run { send in
            try await clock.sleep(for: .seconds(count))
            await send(.value(count))
          }
        })
      },
      clock: clock)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(2))
    await store.receive(.value(2)) { $0 = [1, 2] }
    await clock.advance(by: .seconds(3))
    await store.receive(.value(3)) { $0 = [1, 2, 3] }
    await clock.run(timeout: Slowdown.sanitized(.seconds(10)))
    await store.finish()
  }

  // testConcatenateOneEffect
  @Test func concatenatingOneEffectIsThatEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature { .concatenate(.send(.value(1), after: .seconds(1))) },
      clock: clock)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.run(timeout: Slowdown.sanitized(.seconds(10)))
    await store.finish()
  }

  // testMerge: merged `.run`s sleep at the same time.
  @Test func mergedRunsSleepAtTheSameTime() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .merge((1...3).map { count in
          .run { send in
            try await clock.sleep(for: .seconds(count))
            await send(.value(count))
          }
        })
      },
      clock: clock)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0 = [1, 2] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(3)) { $0 = [1, 2, 3] }
    await store.finish()
  }

  // testDoubleCancelInFlight: an effect made cancellable twice under one id, cancelling in
  // flight, still runs once.
  @Test func anEffectCancellableTwiceUnderOneIdRunsOnce() async {
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .send(.value(42))
          .cancellable(id: ID.request, cancelInFlight: true)
          .cancellable(id: ID.request, cancelInFlight: true)
      })
    await store.send(.start)
    await store.receive(.value(42)) { $0 = [42] }
    await store.finish()
  }

  // testCancellation: a stream's values arrive until its id is cancelled, then none.
  @Test func aCancelledStreamDeliversNothingMore() async {
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run(values.map { Action.value($0) }).cancellable(id: ID.request)
      })
    await store.send(.start)
    input.yield(1)
    await store.receive(.value(1)) { $0 = [1] }
    input.yield(2)
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.send(.cancel)
    input.yield(3)
    await store.finish()
    #expect(store.store.state == [1, 2])
  }

  // testCancelInFlight: a second subscription with `cancelInFlight` replaces the first, so each
  // value arrives once.
  @Test func cancelInFlightReplacesTheRunningSubscription() async {
    let subject = Subject()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run(subject.subscribe().map { Action.value($0) }).cancellable(id: ID.request, cancelInFlight: true)
      })
    await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    await store.send(.start)
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.send(.cancel)
    await store.finish()
    #expect(subject.subscriberCount == 0)
  }

  // testCancellationAfterDelay_WithTestScheduler: a delayed action cancelled before its time
  // never arrives.
  @Test func aDelayedActionCancelledBeforeItsTimeNeverArrives() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature { .send(.value(1), after: .seconds(2)).cancellable(id: ID.request) },
      clock: clock)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.send(.cancel)
    await clock.run(timeout: Slowdown.sanitized(.seconds(10)))
    await store.finish()
  }

  // testDoubleCancellation: an effect nested in two cancellables of one id stops on one cancel.
  @Test func anEffectCancellableTwiceStopsOnOneCancel() async {
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run(values.map { Action.value($0) }).cancellable(id: ID.request).cancellable(id: ID.request)
      })
    await store.send(.start)
    input.yield(1)
    await store.receive(.value(1)) { $0 = [1] }
    await store.send(.cancel)
    input.yield(2)
    await store.finish()
    #expect(store.store.state == [1])
  }

  // testCompleteBeforeCancellation: cancelling an effect that already completed is harmless.
  @Test func cancellingAnEffectThatCompletedIsHarmless() async {
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: [],
      reducer: Self.feature { .run(values.map { Action.value($0) }).cancellable(id: ID.request) })
    let task = await store.send(.start)
    input.yield(1)
    await store.receive(.value(1)) { $0 = [1] }
    input.finish()
    await task.finish()
    await store.send(.cancel)
    await store.finish()
  }

  // testSharedId: effects sharing an id without `cancelInFlight` all run.
  @Test func effectsSharingAnIdAllRun() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return .merge(
            .send(.value(1), after: .seconds(1)).cancellable(id: "id"),
            .send(.value(2), after: .seconds(2)).cancellable(id: "id"))
        case .value(let n):
          state.append(n)
          return .none
        case .cancel, .feed: return .none
        }
      },
      clock: clock)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.finish()
  }

  // testImmediateCancellation: an effect cancelled right after it started, before its sleep
  // ended, sends nothing.
  @Test func anEffectCancelledAtOnceSendsNothing() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.value(1))
        }
        .cancellable(id: "id")
      },
      clock: clock)
    await store.send(.start).cancel()
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  // testNestedMergeCancellation: a merge of a cancellable inside another cancellable delivers
  // every action.
  @Test func aCancellableInsideACancellableMergeDeliversEverything() async {
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .merge(.run(Self.stream(of: [1, 2]).map { Action.value($0) }).cancellable(id: 1)).cancellable(id: 2)
      })
    await store.send(.start)
    await store.receive(.value(1)) { $0 = [1] }
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.finish()
  }

  // testCancellablesCleanUp_OnComplete / _OnCancel: an id leaves the registry when its effect
  // completes or is cancelled, so waiting for it returns at once.
  @Test func anIdIsForgottenWhenItsEffectCompletesOrIsCancelled() async {
    let clock = TestClock()
    let store = Store(
      initialState: [],
      reducer: Self.feature { .send(.value(1), after: .seconds(1)).cancellable(id: ID.request) },
      clock: clock)
    store.send(.start)
    #expect(store.effectScheduler.counts.running == 1)
    await clock.advance(by: .seconds(1))
    await store.finishEffects(id: ID.request)
    #expect(store.state == [1])
    store.send(.start)
    store.send(.cancel)
    await store.finishEffects(id: ID.request)
    #expect(store.effectScheduler.counts.running == 0)
    #expect(store.state == [1])
  }

  // EffectRunTests.testRunCatch
  @Test func aThrowingRunWithCatchSendsFromTheCatch() async {
    struct Failure: Error {}
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run { _ in throw Failure() } catch: { _, send in await send(.value(-1)) }
      })
    await store.send(.start)
    await store.receive(.value(-1)) { $0 = [-1] }
    await store.finish()
  }

  // EffectRunTests.testRunCancellation: a `.run` cancelled from inside, by its id, ends quietly:
  // what it sends after the cancellation is dropped and its `CancellationError` is not a failure.
  @Test func aRunCancelledByItsIdFromInsideEndsQuietly() async {
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run { send in
          await send(.cancel)
          try Task.checkCancellation()
          await send(.value(1))
        }
        .cancellable(id: ID.request)
      })
    await store.send(.start)
    await store.receive(.cancel)
    await store.finish()
  }

  // EffectRunTests.testRunCancellationCatch: a cancelled `.run` does not call its `catch:`.
  @Test func aCancelledRunDoesNotCallItsCatch() async {
    let store = TestStore(
      initialState: [],
      reducer: Self.feature {
        .run { send in
          await send(.cancel)
          try Task.checkCancellation()
          await send(.value(1))
        } catch: { _, send in
          await send(.value(-1))
        }
        .cancellable(id: ID.request)
      })
    await store.send(.start)
    await store.receive(.cancel)
    await store.finish()
  }

  // EffectRunTests.testRunUnhandledFailure: a `.run` that throws without `catch:` is reported.
  @Test func aRunThatThrowsWithoutCatchIsReported() async {
    struct Failure: Error {}
    let store = TestStore(initialState: [], reducer: Self.feature { .run { _ in throw Failure() } })
    let messages = await failures {
      await store.send(.start).finish()
    }
    #expect(messages.contains { $0.contains("Failure") })
    await store.finish()
  }

  // EffectRunTests.testRunEscapeFailure: a `send` that escaped the body and is called after it
  // returned is reported, and its action dropped.
  @Test func aSendCalledAfterTheRunReturnedIsReportedAndDropped() async {
    let escaped = EscapedSend()
    let store = TestStore(
      initialState: [],
      reducer: Self.feature { .run { send in escaped.keep(send) } })
    await store.send(.start).finish()
    let messages = await failures {
      await escaped.send?(.value(1))
    }
    #expect(messages.contains { $0.contains("after its body returned") })
    await store.finish()
    #expect(store.store.state == [])
  }

  // EffectOperationTests.testMergeDiscardsNones / testConcatenateDiscardsNones: `.none` inside a
  // merge or a concatenation is no effect at all.
  @Test func nonesInsideMergeAndConcatenateStartNothing() async {
    let store = Store(
      initialState: [],
      reducer: Self.feature { .merge(.none, .concatenate(.none, .none), .none) })
    let task = store.send(.start)
    #expect(!task.isRunning)
    #expect(store.effectScheduler.counts.running == 0)
  }
}

private enum Action: Equatable, Sendable {
  case start
  case value(Int)
  case cancel
  case feed(Int)
}

private enum ID: Hashable, Sendable { case request }

extension PortedEffectTests {
  /// A finished stream of `values`.
  fileprivate nonisolated static func stream(of values: [Int]) -> AsyncStream<Int> {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    for value in values { input.yield(value) }
    input.finish()
    return stream
  }
}

/// A `send` an effect let escape, to call after the effect's body returned.
private final class EscapedSend: Sendable {
  private let storage = Mutex<Send<Action>?>(nil)
  func keep(_ send: Send<Action>) { storage.withLock { $0 = send } }
  var send: Send<Action>? { storage.withLock { $0 } }
}

/// A source of values every subscriber gets, as a Combine subject is: each `subscribe()` is a
/// stream of the values sent from then on, and leaves when its consumer stops.
private final class Subject: Sendable {
  private let subscribers = Mutex<[UInt64: AsyncStream<Int>.Continuation]>([:])
  private let nextID = Mutex<UInt64>(0)

  func subscribe() -> AsyncStream<Int> {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let id = nextID.withLock { id in
      id += 1
      return id
    }
    input.onTermination = { [weak self] _ in self?.subscribers.withLock { $0[id] = nil } }
    subscribers.withLock { $0[id] = input }
    return stream
  }

  func send(_ value: Int) {
    for input in subscribers.withLock({ Array($0.values) }) { input.yield(value) }
  }

  var subscriberCount: Int { subscribers.withLock { $0.count } }
}
