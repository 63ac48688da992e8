import Dispatch
import Foundation
import Synchronization
import Testing
import Tide
import TideTerminal
import TideTestSupport

/// An app's data is saved as tide-demo saves its todos: one save at a time on a thread of its
/// own, the newest last, an older save never over a newer one, a failure as an action.
@MainActor
@Suite struct DataSaverTests {
  enum Action: Sendable, Equatable {
    case run(Int)
    case saved
    case failed(String)
  }

  struct State: Equatable {
    var reports: [String] = []
  }

  /// A store whose action `.run(n)` runs the n-th of `effects`, so a test decides the order in
  /// which effects made earlier start.
  func store(running effects: [Effect<Action>]) -> Store<State, Action> {
    Store(initialState: State(), reducer: Reduce<State, Action> { state, action in
      switch action {
      case .run(let index): return effects[index]
      case .saved: state.reports.append("saved")
      case .failed(let message): state.reports.append(message)
      }
      return .none
    })
  }

  @Test func writesTheEncodedValueToItsFile() async throws {
    let folder = TemporaryDirectory()
    let path = folder.file("habits.json")
    let saver = DataSaver<[String]>(path: path) { try JSONEncoder().encode($0) }
    try await saver.save(["read", "run"])
    #expect(try FileContents.read(atPath: path) == Array(#"["read","run"]"#.utf8))
  }

  @Test func anOlderSaveNeverOverwritesANewerOneWhateverOrderItsEffectStarts() async {
    let written = Mutex<[Int]>([])
    let saver = DataSaver<Int>(path: "n.json", write: { value throws(SystemError) in written.withLock { $0.append(value) } })
    // Made in the order of the changes, started the other way round.
    let older = saver.save(1, failed: { Action.failed($0.description) })
    let newer = saver.save(2, failed: { Action.failed($0.description) })
    let store = store(running: [older, newer])
    await store.send(.run(1)).finish()
    await store.send(.run(0)).finish()
    #expect(written.withLock { $0 } == [2])
    #expect(store.state.reports == [])
  }

  @Test func savesAreCoalescedOnTheirOwnThreadNewestLast() async throws {
    let gate = DispatchSemaphore(value: 0)
    let log = Mutex<[(value: Int, thread: pthread_t)]>([])
    let saver = DataSaver<Int>(path: "n.json", write: { value throws(SystemError) in
      log.withLock { $0.append((value, pthread_self())) }
      if value == 1 { gate.wait() }  // the first save takes long
    })
    let first = Task { try await saver.save(1) }
    // Wait until the first write is running, then queue three more behind it, in order.
    while log.withLock({ $0.isEmpty }) { await Task.yield() }
    var later: [Task<Void, any Error>] = []
    for value in 2...4 {
      later.append(Task { try await saver.save(value) })
      while saver.unfinished.waiting < value - 1 { await Task.yield() }
    }
    gate.signal()
    try await first.value
    for task in later { try await task.value }
    // 2 and 3 were overtaken by 4 and never written.
    #expect(log.withLock { $0.map(\.value) } == [1, 4])
    // Both on the saver's own thread, which never runs a task: it blocks in `write`.
    let threads = log.withLock { $0.map(\.thread) }
    #expect(pthread_equal(threads[0], threads[1]) != 0)
    #expect(pthread_equal(threads[0], pthread_self()) == 0)
  }

  @Test func aFailedSaveComesBackAsAnActionAndTheNextSuccessToo() async throws {
    let folder = TemporaryDirectory()
    let path = folder.file("missing-folder-is-a-file/habits.json")
    let saver = DataSaver<String>(path: path) { Data($0.utf8) }
    // A file where the folder should be: the save fails with the system's reason.
    #expect(FileManager.default.createFile(atPath: folder.file("missing-folder-is-a-file"), contents: nil))
    let failing = saver.save("a", succeeded: Action.saved, failed: { Action.failed($0.description) })
    let store = store(running: [failing])
    await store.send(.run(0)).finish()
    #expect(store.state.reports == ["could not use the folder \(folder.file("missing-folder-is-a-file")): Not a directory"])
    unlink(folder.file("missing-folder-is-a-file"))
    let succeeding = saver.save("b", succeeded: Action.saved, failed: { Action.failed($0.description) })
    let next = self.store(running: [succeeding])
    await next.send(.run(0)).finish()
    #expect(next.state.reports == ["saved"])
    #expect(try FileContents.read(atPath: path) == Array("b".utf8))
  }
}
