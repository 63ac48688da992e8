#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import Tide

/// Saves an app's data file after its changes: one save at a time, on a thread of its own, the
/// newest data last — an older save never overwrites a newer one.
///
/// File I/O blocks; done inside an effect's task it would hold one of the few threads of Swift's
/// cooperative pool, which also runs the app's frames. A saver writes on its own thread instead,
/// while the effect waiting for it holds no thread. While one save is being written, newer values
/// replace each other and only the last is written next. Each value is written with
/// ``FileContents/write(_:atPath:)``: atomically, its mode kept, a symbolic link followed.
///
/// Save from a middleware (a reducer does no I/O), only when the data changed:
///
/// ```swift
/// let saver = DataSaver<[Habit]>(path: launch.dataFile ?? "habits.json") { habits in
///   try JSONEncoder().encode(habits)
/// }
/// let saving = Middleware<Habits.State, Habits.Action> { action, state in
///   guard action.changesHabits else { return .none }
///   return saver.save(state.habits, failed: { .saveFailed($0.description) })
/// }
/// ```
///
/// The effect takes its place in the order of saves when it is made, not when its task starts,
/// so effects made one after another save in that order whatever the scheduler does; it finishes
/// once its value, or a newer one, is on disk, and it is marked
/// ``Tide/Effect/finishesBeforeExit()``, so quitting waits for it. A failure — a full disk, a
/// folder the user may not write — comes back as the action `failed` makes of the
/// ``SystemError``, whose description says what failed, the path and the system's reason.
public final class DataSaver<Value: Sendable>: Sendable {
  private let core: Core

  /// A saver that writes the bytes `encode` makes of each value (`JSONEncoder().encode`) to
  /// `path` with ``FileContents/write(_:atPath:)``. An error `encode` throws is reported as a
  /// ``SystemError`` that says the data could not be encoded for `path`.
  public convenience init(path: String, encode: @escaping @Sendable (Value) throws -> Data) {
    self.init(path: path, write: { value throws(SystemError) in
      let bytes: Data
      do {
        bytes = try encode(value)
      } catch {
        throw SystemError("encode the data for", path, code: EINVAL)
      }
      try FileContents.write(bytes, atPath: path)
    })
  }

  /// A saver whose thread calls `write` for each value to save — for a file written its own way
  /// (tide-demo's, whose path is checked and locked), or a test that holds a save in flight.
  /// `path` names the file in messages.
  package init(path: String, write: @escaping @Sendable (Value) throws(SystemError) -> Void) {
    core = Core(path: path, write: write)
  }

  deinit { core.stop() }

  /// The file the saver writes, as given.
  public var path: String { core.path }

  /// An effect that saves `value`; see the type's discussion. `succeeded`, when given, is sent
  /// once the value (or a newer one) is on disk — to clear a warning a failed save showed.
  public func save<Action: Sendable>(
    _ value: Value, succeeded: Action? = nil, failed: @escaping @Sendable (SystemError) -> Action
  ) -> Effect<Action> {
    let ticket = core.reserve()
    let core = self.core
    return Effect<Action>.run { send in
      switch await core.save(value, ticket: ticket) {
      case .success:
        if let succeeded { await send(succeeded) }
      case .failure(let error):
        await send(failed(error))
      }
    }
    .finishesBeforeExit()
  }

  /// Saves `value` and returns once it, or a newer value, is on disk. Concurrent callers are
  /// ordered by when they call; from a reducer's effects use ``save(_:succeeded:failed:)``,
  /// which is ordered by when the effect is made.
  public func save(_ value: Value) async throws(SystemError) {
    try await core.save(value, ticket: core.reserve()).get()
  }

  /// What is not on disk yet: whether a value is being written, and how many newer ones wait
  /// behind it (at most one of them will be written).
  package var unfinished: (isWriting: Bool, waiting: Int) { core.unfinished }

  /// The saving thread's name, as debuggers and `top -H` show it.
  package static var threadName: String { "tide data saves" }

  private final class Core: Sendable {
    typealias Outcome = Result<Void, SystemError>

    private struct State {
      var lastTicket = 0
      /// The newest value handed in and not yet being written.
      var pending: (ticket: Int, value: Value)?
      /// The ticket being written.
      var writing: Int?
      /// The newest ticket written, and how that write ended.
      var written = 0
      var lastOutcome: Outcome = .success(())
      var waiters: [(ticket: Int, continuation: CheckedContinuation<Outcome, Never>)] = []
      var isThreadStarted = false
      var isStopped = false
    }

    let path: String
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let write: @Sendable (Value) throws(SystemError) -> Void

    init(path: String, write: @escaping @Sendable (Value) throws(SystemError) -> Void) {
      self.path = path
      self.write = write
    }

    /// The next place in the order of saves.
    func reserve() -> Int {
      state.withLock { state in
        state.lastTicket += 1
        return state.lastTicket
      }
    }

    /// Hands `value` in with its place in the order, and waits until it or a newer value is
    /// written. A value older than one already written or waiting is never written.
    func save(_ value: Value, ticket: Int) async -> Outcome {
      let mustStart = state.withLock { state in
        defer { state.isThreadStarted = true }
        return !state.isThreadStarted
      }
      if mustStart {
        do {
          // The thread holds the core, not the saver: the saver's deinit stops it.
          try DetachedThread.start(named: DataSaver.threadName) { [self] in run() }
        } catch {
          state.withLock { $0.isThreadStarted = false }
          let code = (error as? DetachedThread.StartError)?.code ?? EAGAIN
          return .failure(SystemError("start a thread to save", path, code: code))
        }
      }
      return await withCheckedContinuation { continuation in
        let immediate: Outcome? = state.withLock { state in
          if ticket <= state.written { return state.lastOutcome }
          if ticket > (state.pending?.ticket ?? 0), ticket > (state.writing ?? 0) {
            state.pending = (ticket, value)
          }
          state.waiters.append((ticket, continuation))
          return nil
        }
        if let immediate { continuation.resume(returning: immediate) } else { wake.signal() }
      }
    }

    var unfinished: (isWriting: Bool, waiting: Int) {
      state.withLock { state in
        let newer = state.waiters.filter { $0.ticket > (state.writing ?? state.written) }.count
        return (state.writing != nil, state.pending == nil ? 0 : newer)
      }
    }

    func stop() {
      state.withLock { $0.isStopped = true }
      wake.signal()
    }

    /// The thread's body: sleeps until a value arrives, writes the newest, resumes every caller
    /// whose value it covers.
    private func run() {
      while true {
        wake.wait()
        while let next = takeNext() {
          let outcome: Outcome
          do throws(SystemError) {
            try write(next.value)
            outcome = .success(())
          } catch {
            outcome = .failure(error)
          }
          let finished = state.withLock { state in
            state.writing = nil
            state.written = max(state.written, next.ticket)
            state.lastOutcome = outcome
            let done = state.waiters.filter { $0.ticket <= state.written }
            state.waiters.removeAll { $0.ticket <= state.written }
            return done
          }
          for waiter in finished { waiter.continuation.resume(returning: outcome) }
        }
        if state.withLock({ $0.isStopped && $0.pending == nil }) { return }
      }
    }

    private func takeNext() -> (ticket: Int, value: Value)? {
      state.withLock { state in
        guard let pending = state.pending else { return nil }
        state.pending = nil
        state.writing = pending.ticket
        return pending
      }
    }
  }
}
