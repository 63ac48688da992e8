import Clocks
import Testing
import Tide
import TideTesting

/// Every test here makes the TestStore fail on purpose. `failures { … }` wraps the body in
/// `withKnownIssue`, which itself fails the test if no issue was recorded, and returns the
/// messages so the test checks the TestStore said the right thing.
@MainActor
@Suite("TestStore: failures")
struct TestStoreFailureTests {
  @Test func wrongExpectedMutationFailsWithADiffNamingTheField() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let messages = await failures {
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("does not match"))
    let changed = message.split(separator: "\n")
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .filter { $0.hasPrefix("−") || $0.hasPrefix("+") }
    #expect(changed == ["−   count: 2,", "+   count: 1,"], "\(message)")
    // The store carries on from the actual state.
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func anUnassertedStateChangeFailsInExhaustiveMode() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let messages = await failures {
      await store.send(.rename("New"))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("title") == true)
    #expect(messages.first?.contains("New") == true)
    await store.finish()
  }

  @Test func anEqualPresentationThatIsNotAssertedFails() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.showAlert("Saved")) { $0.alert = "Saved" }
    let messages = await failures {
      await store.send(.showAlert("Saved"))
    }
    #expect(messages.first?.contains("revision") == true)
    await store.finish()
  }

  @Test func aReceivedActionNotAssertedFailsAtFinish() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.load)
    let messages = await failures {
      await store.finish()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("1 unexpected action") == true)
    #expect(messages.first?.contains("loaded") == true)
  }

  @Test func sendingWhileReceivedActionsArePendingFails() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.ping)
    let messages = await failures {
      await store.send(.increment) { $0.count = 1 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Must handle 1 received action") == true)
    #expect(messages.first?.contains("noop") == true)
    await store.skipReceivedActions()
    await store.finish()
  }

  @Test func receivingAnActionThatNeverComesFails() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.noop)
    let messages = await failures {
      await store.receive(.loaded("never"))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("no action was received") == true)
    #expect(messages.first?.contains("Effects are idle") == true)
    await store.finish()
  }

  @Test func receivingAnActionThatDoesNotComeWithinTheTimeoutFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.delayedPong)
    let messages = await failures {
      await store.receive(.pong, timeout: .seconds(2))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("within 2.0 seconds") == true)
    #expect(store.store.clockOffset == .seconds(2))
    // It still arrives at 5 s.
    await store.receive(.pong, timeout: .seconds(3)) { $0.title = "pong" }
    await store.finish()
  }

  @Test func receivingTheWrongActionFails() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.incrementLater)
    let messages = await failures {
      await store.receive(.loaded("x"))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("unexpected action") == true)
    #expect(messages.first?.contains("increment") == true)
    // The wrong action was consumed; the store moves on from its state.
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func anEffectStillRunningAtFinishFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.startTimer) { $0.isTimerRunning = true }
    let messages = await failures {
      await store.finish()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("1 effect(s) are still running") == true)
    // finish() cancelled it: no tick can arrive any more.
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 0)
  }

  @Test func aWrongAssertionStillFailsInNonExhaustiveMode() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    store.exhaustivity = .off
    let messages = await failures {
      await store.send(.increment) { $0.count = 5 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("count: 5") == true)
    await store.finish()
  }

  @Test func aThrowingAssertionIsReported() async {
    struct Nope: Error {}
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let messages = await failures {
      await store.send(.noop) { _ in throw Nope() }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("threw") == true || messages.first?.contains("Nope") == true)
    await store.finish()
  }

  @Test func receiveWithATimeoutNeedsAClockItCanMove() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: ContinuousClock())
    await store.send(.delayedPong)
    let messages = await failures {
      await store.receive(.pong, timeout: .seconds(5))
    }
    #expect(messages.contains { $0.contains("TestClock") && $0.contains("VirtualClock") })
    await store.skipInFlightEffects()
    await store.finish()
  }
}
