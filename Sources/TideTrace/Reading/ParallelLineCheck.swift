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
/// lines a chunk of the file completes on two threads before the index reads them one by one.
/// The check is two thirds of the index's work and the one part that needs nothing from the
/// lines before, so it is the part shared.
///
/// The answer is only which lines pass. The index checks a line that does not again, alone,
/// at its turn: the problem it reports, and which line it reports first, are those of a check
/// made line by line.
package enum ParallelLineCheck {
  /// Lines shorter in all than this are checked on one thread, where handing half of them to
  /// another would cost more than it saves (a followed trace's few new lines).
  package static let smallestShared = 1 << 18

  /// What passes among a chunk's lines.
  package struct Passing {
    /// Whether the line begun in the chunks before passes (`true` when there is none).
    package var line: Bool
    /// How many bytes at the start of the chunk's whole lines are lines that pass: all of them
    /// when every one does, else up to where the first that does not starts.
    package var prefix: Int
  }

  /// Checks `line`, one line that a chunk completes (`nil`: none, or one the index does not
  /// check), and `lines`, the lines that start and end in it, each ended by its line break. A
  /// line's carriage return is not part of it, as for the index.
  package static func check(line: UnsafeRawBufferPointer?, lines: UnsafeRawBufferPointer) -> Passing {
    let lineCount = line?.count ?? 0
    guard lineCount + lines.count >= smallestShared else {
      return Passing(line: line.map(passes) ?? true, prefix: passingPrefix(of: lines))
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
    let first = work.results[1]
    return Passing(line: work.results[0] == 1, prefix: first < split ? first : split + work.results[2])
  }

  /// Two shares of the lines, for the two threads: the completed line and the first part of
  /// the whole lines, then their second part.
  private final class Halves: @unchecked Sendable {
    // Sendable by hand: each thread reads only its own share of the lines, which nobody writes
    // during `concurrentPerform`, and writes only its own elements of `results`, allocated
    // before; `concurrentPerform` returns only after both are done, so the reads of `results`
    // that follow come after every write.
    let line: UnsafeRawBufferPointer?
    let first: UnsafeRawBufferPointer
    let second: UnsafeRawBufferPointer
    /// Whether the line passes (1 or 0), the passing prefix of the first part, of the second.
    let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: 3)

    init(line: UnsafeRawBufferPointer?, first: UnsafeRawBufferPointer, second: UnsafeRawBufferPointer) {
      self.line = line
      self.first = first
      self.second = second
    }

    deinit { results.deallocate() }

    func check(_ half: Int) {
      if half == 0 {
        results[0] = (line.map(ParallelLineCheck.passes) ?? true) ? 1 : 0
        results[1] = ParallelLineCheck.passingPrefix(of: first)
      } else {
        results[2] = ParallelLineCheck.passingPrefix(of: second)
      }
    }
  }

  fileprivate static func passes(_ line: UnsafeRawBufferPointer) -> Bool {
    (try? JSONParser.check(TraceReader.withoutCarriageReturn(line))) != nil
  }

  fileprivate static func passingPrefix(of lines: UnsafeRawBufferPointer) -> Int {
    guard let base = lines.baseAddress else { return 0 }
    var start = 0
    while start < lines.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), lines.count - start) {
      let end = base.distance(to: UnsafeRawPointer(found))
      guard passes(UnsafeRawBufferPointer(rebasing: lines[start..<end])) else { return start }
      start = end + 1
    }
    return start
  }
}
