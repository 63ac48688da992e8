import Dispatch
import TideJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON check a trace's index holds every line to (``JSONParser/check(_:)``), done for the
/// lines a chunk of the file completes on two threads before the index reads them one by one,
/// with what else of a line needs nothing from the lines before it: where it ends, and the
/// number of an action line (``TraceReader/plainActionNumber(_:)``). That is most of the index's
/// work, shared; what is left to read in order is whether the numbers follow on.
///
/// The answer is only which lines pass. The index checks a line that does not again, alone,
/// at its turn: the problem it reports, and which line it reports first, are those of a check
/// made line by line.
package enum ParallelLineCheck {
  /// Lines shorter in all than this are checked on one thread, where handing half of them to
  /// another would cost more than it saves (a followed trace's few new lines).
  package static let smallestShared = 1 << 18

  /// A line that passes: the index of its line break in the lines checked, and its action
  /// number as ``TraceReader/plainActionNumber(_:)`` reads it (0: read it the long way).
  package struct CheckedLine: Equatable {
    package var end: Int
    package var actionNumber: Int

    package init(end: Int, actionNumber: Int) {
      self.end = end
      self.actionNumber = actionNumber
    }
  }

  /// What passes among a chunk's lines.
  package struct Passing {
    /// Whether the line begun in the chunks before passes (`true` when there is none).
    package var line: Bool
    /// How many bytes at the start of the chunk's whole lines are lines that pass: all of them
    /// when every one does, else up to where the first that does not starts.
    package var prefix: Int
    /// The lines of ``prefix``, in order.
    package var lines: [CheckedLine]
  }

  /// Checks `line`, one line that a chunk completes (`nil`: none, or one the index does not
  /// check), and `lines`, the lines that start and end in it, each ended by its line break. A
  /// line's carriage return is not part of it, as for the index.
  package static func check(line: UnsafeRawBufferPointer?, lines: UnsafeRawBufferPointer) -> Passing {
    let lineCount = line?.count ?? 0
    guard lineCount + lines.count >= smallestShared else {
      let (prefix, checked) = passingPrefix(of: lines)
      return Passing(line: line.map(passes) ?? true, prefix: prefix, lines: checked)
    }
    // About as many bytes for each thread: the completed line (a snapshot of a large state may
    // span chunks) and the lines up to the middle, then the rest.
    let wanted = min(lines.count, max(0, (lineCount + lines.count) / 2 - lineCount))
    var split = wanted
    if let base = lines.baseAddress, wanted > 0,
      let found = memchr(base + wanted - 1, Int32(UInt8(ascii: "\n")), lines.count - wanted + 1)
    {
      split = base.distance(to: UnsafeRawPointer(found)) + 1
    }
    let work = Halves(line: line, first: UnsafeRawBufferPointer(rebasing: lines[..<split]), second: UnsafeRawBufferPointer(rebasing: lines[split...]))
    DispatchQueue.concurrentPerform(iterations: 2) { half in work.check(half) }
    let (first, second) = (work.halves[0], work.halves[1])
    guard first.prefix == split else { return Passing(line: work.linePasses, prefix: first.prefix, lines: first.lines) }
    return Passing(
      line: work.linePasses, prefix: split + second.prefix,
      lines: first.lines + second.lines.map { CheckedLine(end: split + $0.end, actionNumber: $0.actionNumber) })
  }

  /// Two shares of the lines, for the two threads: the completed line and the first part of
  /// the whole lines, then their second part.
  private final class Halves: @unchecked Sendable {
    // Sendable by hand: each thread reads only its own share of the lines, which nobody writes
    // during `concurrentPerform`, and writes only its own element of `halves` (the first
    // thread `linePasses` too), allocated before; `concurrentPerform` returns only after both
    // are done, so the reads that follow come after every write.
    let line: UnsafeRawBufferPointer?
    let first: UnsafeRawBufferPointer
    let second: UnsafeRawBufferPointer
    var linePasses = true
    /// Each share's passing prefix and its lines.
    let halves = UnsafeMutableBufferPointer<(prefix: Int, lines: [CheckedLine])>.allocate(capacity: 2)

    init(line: UnsafeRawBufferPointer?, first: UnsafeRawBufferPointer, second: UnsafeRawBufferPointer) {
      self.line = line
      self.first = first
      self.second = second
      halves.initialize(repeating: (0, []))
    }

    deinit {
      halves.deinitialize()
      halves.deallocate()
    }

    func check(_ half: Int) {
      if half == 0 {
        linePasses = line.map(ParallelLineCheck.passes) ?? true
        halves[0] = ParallelLineCheck.passingPrefix(of: first)
      } else {
        halves[1] = ParallelLineCheck.passingPrefix(of: second)
      }
    }
  }

  fileprivate static func passes(_ line: UnsafeRawBufferPointer) -> Bool {
    (try? JSONParser.check(TraceReader.withoutCarriageReturn(line))) != nil
  }

  fileprivate static func passingPrefix(of lines: UnsafeRawBufferPointer) -> (prefix: Int, lines: [CheckedLine]) {
    guard let base = lines.baseAddress else { return (0, []) }
    var checked: [CheckedLine] = []
    var start = 0
    while start < lines.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), lines.count - start) {
      let end = base.distance(to: UnsafeRawPointer(found))
      let line = UnsafeRawBufferPointer(rebasing: lines[start..<end])
      guard passes(line) else { return (start, checked) }
      checked.append(CheckedLine(end: end, actionNumber: TraceReader.plainActionNumber(line)))
      start = end + 1
    }
    return (start, checked)
  }
}
