import Clocks
import Synchronization
import Testing
import Tide
import TideTesting

/// A test that is not isolated to the main actor may release its test store on any thread or
/// task; the release reports what was left, as on the main actor, and never crashes (it used to
/// stop the whole test process with SIGILL in `deinit`).
@Suite struct TestStoreReleaseTests {
  @Test func aTestStoreReleasedFromANonisolatedTestDoesNotCrash() async {
    var store: TestStore<Feature.State, Feature.Action>? = await TestStore(
      initialState: Feature.State(), reducer: Feature())
    await store?.send(.increment) { $0.count = 1 }
    await store?.finish()
    // The last reference goes here, on the test's own (global executor) thread.
    store = nil
    #expect(store == nil)
  }

  @Test func aTestStoreReleasedOnAnotherTaskReportsWhatWasLeft() async {
    let log = IssueLog()
    await withKnownIssue {
      let holder = await Holder(store: TestStore(initialState: Feature.State(), reducer: Feature()))
      await holder.store?.send(.load)
      // Not asserted: the release must report the received action, and the effect still
      // running is none (it ended).
      // A task of its own, off the main actor (it inherits the test's context, so the issue
      // reaches this test).
      await Task { await holder.releaseElsewhere() }.value
    } matching: { issue in
      log.match(issue)
    }
    #expect(log.messages.count == 1)
    #expect(log.messages.first?.contains("released without finish() and 1 received action(s)") == true)
  }
}

/// Hands a test store to a detached task, where its last reference is dropped.
private final class Holder: Sendable {
  private let storage: Mutex<TestStore<Feature.State, Feature.Action>?>

  init(store: TestStore<Feature.State, Feature.Action>) {
    storage = Mutex(store)
  }

  var store: TestStore<Feature.State, Feature.Action>? { storage.withLock { $0 } }

  /// Drops the stored reference on the calling thread.
  func releaseElsewhere() async {
    let store = storage.withLock { storage in
      defer { storage = nil }
      return storage
    }
    _ = consume store
  }
}
