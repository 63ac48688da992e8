import Dispatch
import TideJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--who-changed`'s lines, read on two threads for a long trace: the actions before a snapshot
/// near the middle on one, those after it on the other, which starts from the snapshot's value.
/// Each thread writes the lines of its part and leaves the checks that need the app or the
/// reader's kept states (an action's case, a state whose value changed kind) to the calling
/// thread, which makes them in the order of the lines: the answer, and the first failure, are
/// those of one thread reading every line.
package enum WhoChanged {
  /// Traces of fewer actions are read on one thread.
  package static let smallestSplit = 1 << 16

  /// A check the calling thread makes, for the line of its number.
  enum Check {
    /// That the action, new to its part, is the app's.
    case action(JSONValue)
    /// That the state after it, whose value at the path changed kind, is the app's.
    case state
  }

  /// The lines of a part, what is left to check, and the problem that ended it, if any.
  package struct Part {
    package var text: [UInt8] = []
    var checks: [(number: Int, check: Check)] = []
    var problem: TraceProblem?
  }

  /// The parts of the answer for `path`, in order: one, or two when the trace has at least
  /// `splittingFrom` actions and a snapshot between its first and last quarter.
  package static func parts(of path: JSONPath, in reader: TraceReader, splittingFrom: Int) throws(InspectFailure) -> [Part] {
    let count = max(1, reader.actionCount)
    let middle = reader.snapshotNumber(atOrBefore: count / 2 + count / 4)
    let ranges = count >= splittingFrom && middle > count / 4 ? [1...middle, (middle + 1)...count] : [1...count]
    // Made here, where the reader may keep them: the threads only read its index.
    let starts = try TraceQueries.checked(reader) { () throws(TraceProblem) in
      var starts: [JSONValue] = []
      for range in ranges { starts.append(try reader.state(after: range.lowerBound - 1)) }
      return starts
    }
    guard ranges.count == 2 else { return [part(of: path, in: ranges[0], from: starts[0], reader: reader)] }
    let work = Work(path: path, ranges: ranges, starts: starts, reader: reader)
    DispatchQueue.concurrentPerform(iterations: 2) { index in work.read(index) }
    return Array(work.parts)
  }

  /// The two parts, for the two threads.
  private final class Work: @unchecked Sendable {
    // Sendable by hand: during `concurrentPerform` both threads only read the reader's index
    // (`forEachActionLineInPlace`, `line(ofAction:)`, `path`), which nothing writes meanwhile:
    // the states it keeps are made before (`starts`) and after, on the calling thread. Each
    // thread writes only its own element of `parts`, allocated before; `concurrentPerform`
    // returns only after both are done, so the reads that follow come after every write.
    let path: JSONPath
    let ranges: [ClosedRange<Int>]
    let starts: [JSONValue]
    let reader: TraceReader
    let parts: UnsafeMutableBufferPointer<Part>

    init(path: JSONPath, ranges: [ClosedRange<Int>], starts: [JSONValue], reader: TraceReader) {
      self.path = path
      self.ranges = ranges
      self.starts = starts
      self.reader = reader
      parts = .allocate(capacity: ranges.count)
      parts.initialize(repeating: Part())
    }

    deinit {
      parts.deinitialize()
      parts.deallocate()
    }

    func read(_ index: Int) {
      parts[index] = WhoChanged.part(of: path, in: ranges[index], from: starts[index], reader: reader)
    }
  }

  /// The lines of the actions in `numbers` that changed the value at `path`, from `start`, the
  /// state before the first of them.
  private static func part(of path: JSONPath, in numbers: ClosedRange<Int>, from start: JSONValue, reader: TraceReader) -> Part {
    var part = Part()
    // A field is changed by the same few actions over and over: each is described once, known
    // again by its bytes, so that most lines' actions are never parsed.
    var described: [(action: [UInt8], text: [UInt8])] = []
    // Each line's old value is the line before's new one: its text is written once.
    var previousValue: [UInt8] = []
    var isFirstLine = true
    do throws(TraceProblem) {
      try TraceQueries.forEachChange(of: path, in: numbers, reader: reader, from: start) { number, action, old, new throws(TraceProblem) in
        let actionText: [UInt8]
        if let bytes = action.bytes,
          let known = described.first(where: { $0.action.count == bytes.count && memcmp($0.action, bytes.baseAddress!, bytes.count) == 0 })
        {
          actionText = known.text
        } else {
          let value = try action.value()
          part.checks.append((number, .action(value)))
          actionText = Array(ActionText.describe(value).utf8)
          if described.count < 16, let bytes = action.bytes { described.append((Array(bytes), actionText)) }
        }
        // A value of another kind than the one before (`1 → "one"`), or one coming from or
        // going to nothing: the state after it is checked, as `--at` would (a few states, not
        // one a line).
        if TraceQueries.kind(of: old) != TraceQueries.kind(of: new) || TraceQueries.kind(of: old) == nil {
          part.checks.append((number, .state))
        }
        JSONValue.integer(Int64(number)).write(to: &part.text)
        part.text.append(UInt8(ascii: " "))
        part.text.append(contentsOf: actionText)
        part.text.append(UInt8(ascii: " "))
        if isFirstLine {
          TraceQueries.writeValue(old, to: &part.text)
          isFirstLine = false
        } else {
          part.text.append(contentsOf: previousValue)
        }
        part.text.append(contentsOf: arrow)
        let newStart = part.text.count
        TraceQueries.writeValue(new, to: &part.text)
        previousValue.removeAll(keepingCapacity: true)
        previousValue.append(contentsOf: part.text[newStart...])
        part.text.append(UInt8(ascii: "\n"))
      }
    } catch {
      part.problem = error
    }
    return part
  }

  /// Between a line's old value and its new one.
  private static let arrow = Array(" → ".utf8)
}
