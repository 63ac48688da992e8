import Dispatch
import Synchronization
import TideJSON

/// The later lines of a long walk, read on another thread while the calling thread reads and
/// applies the earlier ones (``ActionLineReading``). Taking a line apart, checking its time and
/// input and reading its values need nothing from the lines before it, and are about two
/// thirds of checking it; applying its changes is the rest. A first visit 82,121 lines past a
/// snapshot (tide-list's 100,000 items) read them one after another on one core.
package final class LinesReadAhead: @unchecked Sendable {
  // Sendable by hand: the work is claimed once (`claim`), and only the thread that claims it
  // touches `reader`. When the other thread claims it, `read()` alone uses `reader`, writes
  // `lines` and lets `reader` go, before it leaves `done`; the caller reads `lines` after
  // `done.wait()` (``take()``), which orders those reads after every write. When the caller
  // claims it first, it lets `reader` go, nothing else is read or written here, and it reads
  // the lines itself. Either way `reader`, and with it the descriptor it shares with no one
  // once the caller's copy of the index is gone, is let go before the caller's walk returns,
  // not when the thread's queue lets its block go.

  /// Fewer lines than this are read on one thread: handing them over costs more than it saves.
  package static let fewestLines = 8192

  let numbers: ClosedRange<Int>
  private var reader: TraceReader?
  private var lines = Lines()
  /// Who reads the lines: no one yet, the other thread, or the caller.
  private let claim = Atomic<Int>(Claim.none)
  private enum Claim {
    static let none = 0
    static let reading = 1
    static let caller = 2
  }
  private let stopped = Atomic<Bool>(false)
  private let done = DispatchGroup()

  /// The lines read: their actions (each `nil` where its spelling was seen before), their
  /// changes one after another, where each line's end, and the problem of the line after the
  /// last, if one stopped the reading. One list of changes, not one a line: each list made on
  /// one thread and freed on another cost more than applying its line.
  struct Lines {
    var actions: [JSONValue?] = []
    var changes: [StateChange] = []
    var ends: [Int] = []
    var failure: TraceProblem?
  }

  private init(copy: TraceReader.Copy, numbers: ClosedRange<Int>) {
    reader = TraceReader(copy: copy, keepingDecodedLists: false)
    self.numbers = numbers
  }

  /// Starts reading the lines of the actions in `numbers` on another thread.
  static func start(_ copy: TraceReader.Copy, numbers: ClosedRange<Int>) -> LinesReadAhead {
    let ahead = LinesReadAhead(copy: copy, numbers: numbers)
    DispatchQueue.global(qos: .userInitiated).async(group: ahead.done) { ahead.read() }
    return ahead
  }

  private func read() {
    guard claim.compareExchange(expected: Claim.none, desired: Claim.reading, ordering: .acquiringAndReleasing).exchanged,
      let reader
    else { return }
    defer { self.reader = nil }
    var reading = ActionLineReading()
    lines.actions.reserveCapacity(numbers.count)
    lines.changes.reserveCapacity(numbers.count)
    lines.ends.reserveCapacity(numbers.count)
    do throws(TraceProblem) {
      try reader.forEachActionLineInPlace(in: numbers) { number, line throws(TraceProblem) in
        if number % 1024 == 0, stopped.load(ordering: .relaxed) { throw TraceProblem(path: reader.path, line: nil, message: "stopped") }
        let read = try reading.read(line, ofAction: number, in: reader)
        lines.actions.append(read.action)
        lines.changes.append(contentsOf: read.changes)
        lines.ends.append(lines.changes.count)
      }
    } catch {
      lines.failure = error
    }
  }

  /// The lines read, from the first of ``numbers`` on; `nil` when the other thread had not
  /// begun: the caller reads them itself.
  func take() -> Lines? {
    if claim.compareExchange(expected: Claim.none, desired: Claim.caller, ordering: .acquiringAndReleasing).exchanged {
      reader = nil
      return nil
    }
    done.wait()
    defer { lines = Lines() }
    return lines
  }

  /// Stops the reading, if it goes on, and waits until it has: a walk that failed before these
  /// lines leaves no thread reading for it. A reading never begun never will.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    let (exchanged, claimed) = claim.compareExchange(expected: Claim.none, desired: Claim.caller, ordering: .acquiringAndReleasing)
    if exchanged { reader = nil }
    guard !exchanged, claimed == Claim.reading else { return }
    done.wait()
  }
}
