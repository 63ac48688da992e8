import Testing
import Tide

/// Actions of the ordering fixture; the reducer appends each one it sees to the journal.
private enum Step: Equatable, Sendable {
  case start
  case fromEffect
  case fromEffectFollowUp
  case fromMiddlewareSend
  case fromMiddlewareEffect
  case fromObserver
}

@MainActor
@Suite("Store core")
struct StoreTests {
  @Test func sendReducesAtOnceAndStateIsASnapshot() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let before = store.state
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
    #expect(before.count == 0)
  }

  @Test func reentrantSendsFromObserverMiddlewareAndEffectAreQueuedInFIFOOrderNeverRecursively() {
    let journal = Box<[String]>([])
    let storeBox = Box<Store<[Step], Step>?>(nil)
    let reducer = Reduce<[Step], Step> { seen, step in
      journal.value.append("reduce \(step)")
      seen.append(step)
      switch step {
      case .start: return .send(.fromEffect)
      case .fromEffect: return .send(.fromEffectFollowUp)
      default: return .none
      }
    }
    let middleware = Middleware<[Step], Step> { step, _ in
      guard step == .start else { return .none }
      journal.value.append("middleware begin")
      storeBox.value?.send(.fromMiddlewareSend)
      journal.value.append("middleware end")
      return .send(.fromMiddlewareEffect)
    }
    let store = Store(initialState: [], reducer: reducer, middleware: [middleware])
    storeBox.value = store
    var observerSent = false
    let token = store.observe { seen in
      guard seen.contains(.start), !observerSent else { return }
      observerSent = true
      journal.value.append("observer begin")
      store.send(.fromObserver)
      journal.value.append("observer end")
    }

    store.send(.start)

    #expect(store.state == [.start, .fromEffect, .fromMiddlewareSend, .fromMiddlewareEffect, .fromEffectFollowUp, .fromObserver])
    #expect(journal.value == [
      "reduce start",
      "middleware begin", "middleware end",
      "reduce fromEffect",
      "reduce fromMiddlewareSend",
      "reduce fromMiddlewareEffect",
      "reduce fromEffectFollowUp",
      "observer begin", "observer end",
      "reduce fromObserver",
    ])
    token.cancel()
  }

  @Test func sendContentsOfAppliesInOrderWithOneNotification() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    // In order: set(5) then two increments gives 7; any other order gives 5.
    store.send(contentsOf: [.set(5), .increment, .increment])
    #expect(store.state.count == 7)
    #expect(seen == [0, 7])

    store.send(contentsOf: [])
    #expect(seen == [0, 7])
    token.cancel()
  }

  @Test func sendContentsOfFromAnObserverIsQueuedBehindTheCurrentBatch() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var seen: [Int] = []
    let token = store.observe(\.count) { count in
      seen.append(count)
      if count == 1 { store.send(contentsOf: [.set(10), .increment]) }
    }
    store.send(.increment)
    #expect(store.state.count == 11)
    #expect(seen == [0, 1, 11])
    token.cancel()
  }
}
