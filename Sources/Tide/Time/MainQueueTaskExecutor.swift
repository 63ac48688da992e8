import Dispatch

/// A task executor that runs every job on the main thread, through the main dispatch queue —
/// the thread the main actor runs on.
///
/// TideTerminal's `KeyScriptPlayer` runs all the replayed store's effects here: a replay
/// drives its virtual clock from the main actor, and each timer tick passes from the player to
/// the effect's task, to the store on the main actor and back. Kept on one thread, each of those
/// hand-overs is a queued call instead of waking another thread, which makes long waits about
/// ten times cheaper.
/// Jobs still run one at a time in the order queued, so nothing about the replay's order
/// changes.
package final class MainQueueTaskExecutor: TaskExecutor {
  package static let shared = MainQueueTaskExecutor()

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async { job.runSynchronously(on: executor) }
  }
}
