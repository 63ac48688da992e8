import Dispatch
import Synchronization
import TideTerminal

/// Runs saves one at a time on a thread of its own, writing only the newest list.
///
/// File I/O blocks: done inside an async task it would hold one of the few threads of Swift's
/// cooperative pool, which also schedules the frames. So saves are handed to a dedicated thread
/// and the caller suspends (holding no thread) until its list — or a newer one, which makes it
/// obsolete — is on disk. At most one save is in flight; while it runs, newer lists replace
/// each other and only the last is written next.
final class SaveQueue: Sendable {
  typealias Outcome = Result<Void, TodoStorage.SaveError>

  private let core: Core

  /// A queue whose thread calls `write` for each list to save.
  init(write: @escaping @Sendable ([Todo]) -> Outcome) {
    core = Core(write: write)
    let core = self.core
    do {
      try DetachedThread.start(named: SaveQueue.threadName) { core.run() }
    } catch {
      // Only when the system is out of threads, before the terminal is taken over; without the
      // thread no save would ever finish, so the app must not start.
      fatalError("tide-demo: \(error)")
    }
  }

  deinit { core.stop() }

  /// The saving thread's name (seen in debuggers and `top -H`).
  static let threadName = "tide-demo saves"

  /// Saves `todos` and returns once they, or a newer list, have been written.
  func save(_ todos: [Todo]) async -> Outcome {
    await withCheckedContinuation { continuation in
      core.submit(todos, continuation)
    }
  }

  /// What is not on disk yet: the generation being written (if any) and how many newer lists
  /// wait behind it.
  var unfinished: (isWriting: Bool, waiting: Int) { core.unfinished }

  private final class Core: Sendable {
    private struct Pending {
      var generation: Int
      var todos: [Todo]
    }

    private struct State {
      var lastGeneration = 0
      var pending: Pending?
      var writing: Int?
      var waiters: [(generation: Int, continuation: CheckedContinuation<Outcome, Never>)] = []
      var isStopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let write: @Sendable ([Todo]) -> Outcome

    init(write: @escaping @Sendable ([Todo]) -> Outcome) {
      self.write = write
    }

    func submit(_ todos: [Todo], _ continuation: CheckedContinuation<Outcome, Never>) {
      state.withLock { state in
        state.lastGeneration += 1
        state.pending = Pending(generation: state.lastGeneration, todos: todos)
        state.waiters.append((state.lastGeneration, continuation))
      }
      wake.signal()
    }

    var unfinished: (isWriting: Bool, waiting: Int) {
      state.withLock { state in
        (state.writing != nil, state.pending == nil ? 0 : state.waiters.filter { $0.generation > (state.writing ?? 0) }.count)
      }
    }

    func stop() {
      state.withLock { $0.isStopped = true }
      wake.signal()
    }

    /// The thread's body: sleeps until a list arrives, writes the newest, resumes every caller
    /// whose list it covers.
    func run() {
      while true {
        wake.wait()
        while let next = takeNext() {
          let outcome = write(next.todos)
          let finished = state.withLock { state in
            state.writing = nil
            let done = state.waiters.filter { $0.generation <= next.generation }
            state.waiters.removeAll { $0.generation <= next.generation }
            return done
          }
          for waiter in finished { waiter.continuation.resume(returning: outcome) }
        }
        if state.withLock({ $0.isStopped && $0.pending == nil }) { return }
      }
    }

    private func takeNext() -> Pending? {
      state.withLock { state in
        guard let pending = state.pending else { return nil }
        state.pending = nil
        state.writing = pending.generation
        return pending
      }
    }
  }
}
