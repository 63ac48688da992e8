import Dispatch
import Synchronization
import Testing
import TideTerminal
import TideTrace

/// The recorder holds a key until the action it sends is reduced, and a reducer may run on
/// another thread than the one that records input (a store off the main actor): the inputs must
/// still reach the trace in the order they were recorded.
@Suite("TideTrace: inputs keep their order")
struct TraceInputOrderTests {
  struct State: Codable, Sendable {
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case tick
  }

  final class Clock: Sendable {
    let milliseconds = Atomic<Int>(0)
  }

  final class Lines: Sendable {
    private let stored = Mutex<[UInt8]>([])
    func append(_ bytes: [UInt8]) { stored.withLock { $0 += bytes } }
    var text: String { String(decoding: stored.withLock { $0 }, as: UTF8.self) }
  }

  /// One thread records keys that send no action, each a millisecond after the one before,
  /// while another reduces an effect's action after each: every held key is queued when the
  /// next key comes or when the effect's action does, from either thread.
  @Test func keysRecordedOnOneThreadStayInOrderWhileAnotherReduces() throws {
    let lines = Lines()
    let clock = Clock()
    let recorder = TraceRecorder<State, Action>(
      app: "order", appVersion: "1", elapsed: { .milliseconds(clock.milliseconds.load(ordering: .relaxed)) },
      write: { lines.append($0) })
    recorder.start(from: State())
    let keys = 20_000
    // Two threads where the machine has them; one after the other is a pass too.
    DispatchQueue.concurrentPerform(iterations: 2) { side in
      if side == 0 {
        for number in 1...keys {
          clock.milliseconds.store(number, ordering: .relaxed)
          recorder.record(.key(.character("a")))
        }
      } else {
        for count in 1...keys { recorder.reduced(.tick, state: State(count: count)) }
      }
    }
    recorder.finishWriting()
    var last = -1.0
    var inputs = 0
    for line in lines.text.split(separator: "\n") where line.hasPrefix(#"{"t":"#) {
      let time = Double(line.dropFirst(5).prefix { $0 != "," }) ?? -2
      #expect(time >= last, "an input at \(time) s after one at \(last) s")
      if time < last { return }
      last = time
      inputs += 1
    }
    #expect(inputs == keys, "every key written on a line of its own")
  }
}
