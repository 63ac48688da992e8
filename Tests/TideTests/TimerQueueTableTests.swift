import Testing
import Tide

/// An actor standing for one server session: each has a timer queue of its own.
private actor Session {}

@Suite("The table of timer queues")
struct TimerQueueTableTests {
  /// 4,096 sessions, all alive: a scan of the table at every new queue would look at about
  /// 8 million entries; pruning when the table has doubled looks at fewer than 2 a queue.
  @Test func creatingAQueueForEachOfManyLiveActorsStaysLinear() {
    let table = TimerQueueTable()
    let sessions = (0..<4_096).map { _ in Session() }
    let queues = sessions.map { table.queue(for: ContinuousClock(), home: $0) }
    #expect(table.count == sessions.count)
    #expect(table.pruneVisits <= 2 * sessions.count, "pruning looked at \(table.pruneVisits) entries for \(sessions.count) queues")
    withExtendedLifetime(queues) {}
  }

  /// Sessions that come and go leave no trace: released queues are dropped, and dropping
  /// them stays linear too.
  @Test func queuesOfReleasedActorsAreDroppedInLinearTime() {
    let table = TimerQueueTable()
    let count = 4_096
    for _ in 0..<count {
      _ = table.queue(for: ContinuousClock(), home: Session())
    }
    #expect(table.count <= 16)
    #expect(table.pruneVisits <= 2 * count, "pruning looked at \(table.pruneVisits) entries for \(count) queues")
  }

  @Test func storesOnOneActorAndClockShareOneQueue() {
    let table = TimerQueueTable()
    let session = Session()
    let first = table.queue(for: ContinuousClock(), home: session)
    let second = table.queue(for: ContinuousClock(), home: session)
    #expect(first === second)
    #expect(table.queue(for: ContinuousClock(), home: Session()) !== first)
  }
}
