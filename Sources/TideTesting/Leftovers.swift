import Synchronization

/// What a test store reports if it is released without `finish()`, kept where any thread can
/// read it: a test that is not isolated to the main actor may release its test store from any
/// thread or task, and the release must report, not crash.
///
/// The test store writes it on the main actor as the test goes; its `deinit` reads it once,
/// wherever the last reference goes.
final class Leftovers<Action: Sendable>: Sendable {
  struct Snapshot: Sendable {
    var isFinished = false
    var isExhaustive = true
    /// Actions effects sent that the test has not asserted yet, oldest first.
    var unasserted: [Action] = []
    /// Keys of the running effects the test chose not to assert.
    var skippedEffects: Set<UInt64> = []
  }

  private let storage = Mutex(Snapshot())

  var snapshot: Snapshot { storage.withLock { $0 } }

  func update(_ change: (inout Snapshot) -> Void) {
    storage.withLock { change(&$0) }
  }
}
