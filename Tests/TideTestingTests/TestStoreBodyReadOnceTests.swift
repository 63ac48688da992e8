import Synchronization
import Testing
import Tide
import TideTesting

/// A test store runs the reducer as a store does: its body read once, when the test store is
/// made, not once an action.
@Suite("A test store reads a reducer's body once")
struct TestStoreBodyReadOnceTests {
  private final class Reads: Sendable {
    let count = Mutex(0)
  }

  private struct Counter: Reducer {
    let reads: Reads

    var body: some Reducer<Int, Bool> {
      let _ = reads.count.withLock { $0 += 1 }
      Reduce<Int, Bool> { count, up in
        count += up ? 1 : -1
        return .none
      }
    }
  }

  @MainActor
  @Test func everySendRunsTheBodyReadWhenTheStoreWasMade() async {
    let reads = Reads()
    let store = TestStore(initialState: 0, reducer: Counter(reads: reads))
    for _ in 0..<10 { await store.send(true) { $0 += 1 } }
    await store.send(false) { $0 -= 1 }
    #expect(reads.count.withLock { $0 } == 1)
  }
}
