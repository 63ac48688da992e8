import Dispatch
import TideJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--who-changed`'s lines, read on two threads for a long trace: the actions up to a snapshot
/// near the middle on one, those after it on the other, which starts from the snapshot's state.
/// The state at the end is checked first, on the thread it evens out the work of. Each thread
/// writes the lines of its part and checks their actions; the states that need checking (where
/// the value changed kind) are left to the calling thread, which keeps the reader's states. When
/// the snapshot's value at the path is not spelled as the first part left it (a member a
/// snapshot leaves out, keys in another order), the second part is read again from where the
/// first ended: the answer is always that of one thread reading every line.
package enum WhoChanged {
  /// Traces of fewer actions are read on one thread.
  package static let smallestSplit = 1 << 16

  /// The lines of a part, the states left to check, and the failure that ended it, if any.
  package struct Part {
    /// The lines, in blocks of about 64 KiB of whole lines, each block without its last line
    /// break: made into text on the part's thread, and written a block at a time (a field that
    /// every action of a million changes is a million lines).
    package var blocks: [String] = []
    /// The actions after which the state is checked, in order: all before the failure's.
    var stateChecks: [Int] = []
    var failure: InspectFailure?
    /// What ``TraceQueries/carried(of:in:)`` keeps of the state after the part's last action.
    var end = JSONValue.null
  }

  /// What is asked of the state at the trace's end before an answer is given (that it is a
  /// state of the app, that it has the path): run on the reader it is handed, with the app it
  /// is handed, which for the second part's thread are its own.
  package typealias EndCheck = @Sendable (_ reader: TraceReader, _ app: InspectedApp) throws(InspectFailure) -> Void

  /// Where two threads split a trace of `count` actions: the snapshot the second part starts
  /// from, and which thread checks the state at the end first.
  package struct Split: Equatable {
    package var middle: Int
    package var endCheckedFirst: Bool

    package init(middle: Int, endCheckedFirst: Bool) {
      self.middle = middle
      self.endCheckedFirst = endCheckedFirst
    }

    /// The split that evens out the two threads' work best, counted in lines read: the
    /// second part's start costs a parse of its snapshot, the end's check a parse of the last
    /// snapshot, its lines after it and a decoding of the whole state (tide-list's 100,000
    /// items, 5.3 MB: 0.04 s to parse, 0.145 s in all, as 29,000 and 107,000 lines of
    /// `--who-changed`, 2026-11-30). `nil` when no snapshot in the middle half can start the
    /// second part.
    package static func evening(count: Int, snapshots: [(number: Int, bytes: Int)]) -> Split? {
      let last = snapshots.last(where: { $0.number <= count })
      let endCost = (count - (last?.number ?? 0)) + (last?.bytes ?? 0) / 57
      var best: (split: Split, longest: Int)?
      for snapshot in snapshots where snapshot.number > count / 4 && snapshot.number <= count - count / 4 {
        let first = snapshot.number
        let second = count - snapshot.number + snapshot.bytes / 183
        for endCheckedFirst in [false, true] {
          let longest = endCheckedFirst ? max(first + endCost, second) : max(first, second + endCost)
          if longest < best?.longest ?? .max { best = (Split(middle: snapshot.number, endCheckedFirst: endCheckedFirst), longest) }
        }
      }
      return best?.split
    }
  }

  /// The parts of the answer for `path`, in order: one, or two when the trace has at least
  /// `splittingFrom` actions and a snapshot in its middle half to split at (``Split``).
  /// `checkEnd` runs first, on the thread ``Split`` says, or as `endCheckedFirst` says when
  /// it is not `nil`; its failure is the answer, ahead of any other.
  package static func parts(
    of path: JSONPath, in reader: TraceReader, app: InspectedApp, splittingFrom: Int, endCheckedFirst: Bool? = nil,
    checkingEnd checkEnd: @escaping EndCheck = { _, _ in }
  ) throws(InspectFailure) -> [Part] {
    let count = max(1, reader.actionCount)
    let check = app.actionCheck
    guard count >= splittingFrom, var split = Split.evening(count: count, snapshots: reader.snapshotSizes),
      let copy = reader.copyForAnotherThread()
    else {
      try checkEnd(reader, app)
      let start = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.state(after: 0) }
      return [part(of: path, in: 1...count, from: start, reader: reader, app: app.name, check: check)]
    }
    if let endCheckedFirst { split.endCheckedFirst = endCheckedFirst }
    let ranges = [1...split.middle, (split.middle + 1)...count]
    let work = Work(
      path: path, ranges: ranges, endThread: split.endCheckedFirst ? 0 : 1, reader: reader, copy: copy, app: app.name,
      checks: app.checks, check: check, checkEnd: checkEnd)
    DispatchQueue.concurrentPerform(iterations: 2) { index in work.read(index) }
    // In the order one thread meets them: the end's check, then the state the first part
    // starts from (a snapshot of action 0 may stand for the header's).
    if let failure = work.endFailure ?? work.startFailure { throw failure }
    var parts = Array(work.parts)
    // The second part started from the snapshot, which one thread never reads: it goes on from
    // where the first part ended. So where the snapshot cannot be read, or spells the value
    // otherwise than the first part left it, the second part is read again from there.
    if parts[0].failure == nil,
      work.secondStart.map({ parts[0].end != TraceQueries.carried(of: path, in: $0) }) ?? true
    {
      parts[1] = part(of: path, in: ranges[1], from: parts[0].end, reader: reader, app: app.name, check: check)
    }
    return parts
  }

  /// The two parts, for the two threads.
  private final class Work: @unchecked Sendable {
    // Sendable by hand: during `concurrentPerform` the first thread alone uses the calling
    // reader. The second thread reads and keeps states on a reader of its own, made from `copy`
    // there. `check`, `checks` and `checkEnd` hold nothing but the app's decoding and the path
    // asked. Each thread writes only its own element of `parts`, allocated before, the first
    // alone `startFailure`, the second alone `secondStart`, the one `endThread` names alone
    // `endFailure`; `concurrentPerform` returns only after both are done, so the reads that
    // follow come after every write.
    let path: JSONPath
    let ranges: [ClosedRange<Int>]
    let endThread: Int
    let reader: TraceReader
    let copy: TraceReader.Copy
    let app: String
    let checks: InspectedApp.Checks
    let check: @Sendable (JSONValue) throws -> Void
    let checkEnd: EndCheck
    let parts: UnsafeMutableBufferPointer<Part>
    var endFailure: InspectFailure?
    var startFailure: InspectFailure?
    /// The state the second part started from, the snapshot's; `nil` when it could not be read.
    var secondStart: JSONValue?

    init(
      path: JSONPath, ranges: [ClosedRange<Int>], endThread: Int, reader: TraceReader, copy: TraceReader.Copy, app: String,
      checks: InspectedApp.Checks, check: @escaping @Sendable (JSONValue) throws -> Void, checkEnd: @escaping EndCheck
    ) {
      self.path = path
      self.ranges = ranges
      self.endThread = endThread
      self.reader = reader
      self.copy = copy
      self.app = app
      self.checks = checks
      self.check = check
      self.checkEnd = checkEnd
      parts = .allocate(capacity: ranges.count)
      parts.initialize(repeating: Part())
    }

    deinit {
      parts.deinitialize()
      parts.deallocate()
    }

    func read(_ index: Int) {
      let own = index == 0 ? reader : TraceReader(copy: copy, keepingDecodedLists: false)
      if index == endThread {
        do throws(InspectFailure) {
          try checkEnd(own, InspectedApp(checks: checks))
        } catch {
          endFailure = error
          return
        }
      }
      // The second thread's path of its own: every line compares paths with it, and a count of
      // references changed by both threads at once is a cache line handed to and fro. The
      // first thread keeps the caller's, which no other thread then touches.
      let path = index == 0 ? path : JSONPath(path.components.map { $0 })
      do throws(InspectFailure) {
        let start = try TraceQueries.checked(own) { () throws(TraceProblem) in try own.state(after: ranges[index].lowerBound - 1) }
        if index == 1 { secondStart = start }
        parts[index] = WhoChanged.part(of: path, in: ranges[index], from: start, reader: own, app: app, check: check)
      } catch {
        // The second part's start, a snapshot one thread never reads, is not the answer's:
        // without it the second part is read again from where the first ended.
        if index == 0 { startFailure = error }
      }
    }
  }

  /// The lines of the actions in `numbers` that changed the value at `path`, from `start`, the
  /// state before the first of them; a part ends at the first action that is not the app's, or
  /// at a line that cannot be read.
  private static func part(
    of path: JSONPath, in numbers: ClosedRange<Int>, from start: JSONValue, reader: TraceReader, app: String,
    check: @Sendable (JSONValue) throws -> Void
  ) -> Part {
    var lines = Lines()
    do throws(TraceProblem) {
      let end = try TraceQueries.forEachChange(of: path, in: numbers, reader: reader, from: start) {
        number, action, change throws(TraceProblem) in
        try lines.write(number, action, change, app: app, reader: reader, check: check)
      }
      lines.endBlock()
      lines.part.end = end
    } catch {
      if lines.part.failure == nil { lines.part.failure = InspectFailure(status: 2, message: error.description) }
    }
    return lines.part
  }

  /// A part's lines as they are written: one value that the walk's closure changes, rather
  /// than the several it captured, each of which cost a check of exclusive access a line.
  private struct Lines {
    var part = Part()
    /// The block being written.
    var text: [UInt8] = []
    /// A field is changed by the same few actions over and over: each is described once, known
    /// again by its bytes, so that most lines' actions are never parsed.
    var described: [(action: [UInt8], text: [UInt8])] = []
    /// Each line's old value is the line before's new one: its text is written once. Empty on
    /// the first line, and when the line before reported the changes inside a long value.
    var previousValue: [UInt8] = []
    /// The text of the paths inside a long value written lately: the same few, a million times.
    var pathTexts: [(path: JSONPath, text: [UInt8])] = []

    init() {
      text.reserveCapacity(WhoChanged.blockSize + 4_096)
    }

    /// The line of action `number`, which made `change`; a failure, which ends the reading,
    /// when the action is not one of the app's.
    mutating func write(
      _ number: Int, _ action: TraceQueries.LineAction, _ change: ValueChange, app: String, reader: TraceReader,
      check: @Sendable (JSONValue) throws -> Void
    ) throws(TraceProblem) {
      let actionText = try describe(action, number: number, app: app, reader: reader, check: check)
      // A value of another kind than the one before (`1 → "one"`), or one coming from or
      // going to nothing: the state after it is checked, as `--at` would (a few states, not
      // one a line).
      if change.oldKind != change.newKind || change.oldKind == nil {
        part.stateChecks.append(number)
      }
      JSONValue.integer(Int64(number)).write(to: &text)
      text.append(UInt8(ascii: " "))
      text.append(contentsOf: actionText)
      text.append(UInt8(ascii: " "))
      if let inside = change.inside {
        for index in inside.indices {
          let inner = inside[index]
          if index > 0 { append("; ") }
          writePath(inner.path)
          if let removed = inner.removed { text.append(contentsOf: "[\(removed.lowerBound)..<\(removed.upperBound)]".utf8) }
          append(": ")
          WhoChanged.writeShortened(inner.old, to: &text)
          append(" → ")
          WhoChanged.writeShortened(inner.new, to: &text)
        }
        previousValue.removeAll(keepingCapacity: true)
      } else {
        if previousValue.isEmpty {
          TraceQueries.writeValue(change.old, to: &text)
        } else {
          text.append(contentsOf: previousValue)
        }
        append(" → ")
        let newStart = text.count
        TraceQueries.writeValue(change.new, to: &text)
        previousValue.removeAll(keepingCapacity: true)
        previousValue.append(contentsOf: text[newStart...])
      }
      text.append(UInt8(ascii: "\n"))
      if text.count >= WhoChanged.blockSize { endBlock() }
    }

    private mutating func describe(
      _ action: TraceQueries.LineAction, number: Int, app: String, reader: TraceReader, check: @Sendable (JSONValue) throws -> Void
    ) throws(TraceProblem) -> [UInt8] {
      if let bytes = action.bytes,
        let known = described.first(where: { $0.action.count == bytes.count && memcmp($0.action, bytes.baseAddress!, bytes.count) == 0 })
      {
        return known.text
      }
      let value = try action.value()
      do {
        try check(value)
      } catch {
        part.failure = TraceQueries.notAnAction(number, of: app, in: reader, error)
        // Ends the reading; the failure is the part's answer.
        throw TraceProblem(path: reader.path, line: nil, message: "")
      }
      let actionText = Array(ActionText.describe(value).utf8)
      if described.count < 16, let bytes = action.bytes { described.append((Array(bytes), actionText)) }
      return actionText
    }

    /// Text that no count of references guards: a `[UInt8]` made for each part was retained
    /// and released each time a line took it, a million times.
    private mutating func append(_ constant: StaticString) {
      text.append(contentsOf: UnsafeRawBufferPointer(start: constant.utf8Start, count: constant.utf8CodeUnitCount))
    }

    private mutating func writePath(_ path: JSONPath) {
      if let known = pathTexts.first(where: { $0.path == path }) {
        text.append(contentsOf: known.text)
        return
      }
      let written = Array(path.description.utf8)
      if pathTexts.count == 16 { pathTexts.removeFirst() }
      pathTexts.append((path, written))
      text.append(contentsOf: written)
    }

    /// Makes the lines written since the last block a block, without their last line break.
    mutating func endBlock() {
      guard !text.isEmpty else { return }
      part.blocks.append(String(decoding: text.dropLast(), as: UTF8.self))
      text.removeAll(keepingCapacity: true)
    }
  }

  /// A value inside a long one, or the long one itself: its JSON text when it is short, else
  /// what it is and its size (`(a list of 100000 elements)`), as `(none)` is written for none.
  fileprivate static func writeShortened(_ value: JSONValue?, to text: inout [UInt8]) {
    guard let value, value.isTextLonger(than: ValueChange.longest) else {
      TraceQueries.writeValue(value, to: &text)
      return
    }
    switch value {
    case .array(let elements): text.append(contentsOf: "(a list of \(elements.count) elements)".utf8)
    case .object(let members): text.append(contentsOf: "(an object of \(members.count) members)".utf8)
    case .string(let string): text.append(contentsOf: "(a string of \(string.utf8.count) bytes)".utf8)
    default: value.write(to: &text)
    }
  }

  /// About how many bytes of lines a block holds.
  fileprivate static var blockSize: Int { 1 << 16 }
}
