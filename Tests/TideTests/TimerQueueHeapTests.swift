import Testing
import TideTestSupport

@testable import Tide

/// The heap of a timer queue's deadlines: what is due comes out in deadline order, equal
/// deadlines in the order they were armed, without the entries cancelled meanwhile.
@Suite("The heap of a timer queue")
struct TimerQueueHeapTests {
  /// 2,000 items over 20 deadlines, every third one cancelled (its entry's sequence moved on):
  /// taking what is due at the middle deadline, then the rest, gives the live items sorted by
  /// (deadline, sequence) and counts every dead one once.
  @Test func dueItemsComeOutInDeadlineThenArmOrderWithoutTheCancelledOnes() {
    let engine = EffectEngine(clock: StoreClock(ContinuousClock()))
    var heap = TimerQueueHeap()
    var generator = SeededGenerator(seed: 27)
    var expected: [(deadline: Duration, sequence: UInt64)] = []
    var dead = 0
    for sequence in UInt64(1)...2_000 {
      let entry = TimerEntry(engine: engine, key: sequence)
      let deadline = Duration.milliseconds(Int(generator.next() % 20))
      if sequence % 3 == 0 {
        dead += 1
      } else {
        entry.queueSequence.store(sequence, ordering: .relaxed)
        expected.append((deadline, sequence))
      }
      heap.push(.init(deadline: deadline, sequence: sequence, entry: entry))
    }
    expected.sort { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }

    var deadSkipped = 0
    let first = heap.takeDue(atOrBefore: .milliseconds(9), deadSkipped: &deadSkipped)
    #expect(first.allSatisfy { $0.deadline <= .milliseconds(9) })
    #expect(heap.first.map { $0.deadline > .milliseconds(9) } ?? true)
    let rest = heap.takeDue(atOrBefore: .milliseconds(19), deadSkipped: &deadSkipped)
    #expect(heap.isEmpty)
    let taken = (first + rest).map { ($0.deadline, $0.sequence) }
    #expect(taken.count == expected.count)
    #expect(zip(taken, expected).allSatisfy { $0.0.0 == $0.1.deadline && $0.0.1 == $0.1.sequence })
    #expect(deadSkipped == dead)
  }

  /// Dropping the dead items keeps the live ones and their order.
  @Test func removingTheDeadKeepsTheLiveInOrder() {
    let engine = EffectEngine(clock: StoreClock(ContinuousClock()))
    var heap = TimerQueueHeap()
    for sequence in UInt64(1)...100 {
      let entry = TimerEntry(engine: engine, key: sequence)
      if sequence.isMultiple(of: 2) { entry.queueSequence.store(sequence, ordering: .relaxed) }
      heap.push(.init(deadline: .seconds(Int(100 - sequence) / 10), sequence: sequence, entry: entry))
    }
    heap.removeDead()
    #expect(heap.count == 50)
    var deadSkipped = 0
    let taken = heap.takeDue(atOrBefore: .seconds(100), deadSkipped: &deadSkipped).map { ($0.deadline, $0.sequence) }
    #expect(deadSkipped == 0)
    #expect(taken.count == 50)
    #expect(zip(taken, taken.dropFirst()).allSatisfy { $0 < $1 })
  }
}
