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
/// near the middle on one, those after it on the other, which first checks the state at the end
/// and then starts from the snapshot's state. Each thread writes the lines of its part and checks their actions; the states that
/// need checking (where the value changed kind) are left to the calling thread, which keeps the
/// reader's states. When the snapshot's value at the path is not spelled as the first part left
/// it (a member a snapshot leaves out, keys in another order), the second part is read again
/// from where the first ended: the answer is always that of one thread reading every line.
package enum WhoChanged {
  /// Traces of fewer actions are read on one thread.
  package static let smallestSplit = 1 << 16

  /// The lines of a part, the states left to check, and the failure that ended it, if any.
  package struct Part {
    package var text: [UInt8] = []
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

  /// The parts of the answer for `path`, in order: one, or two when the trace has at least
  /// `splittingFrom` actions and a snapshot past its first quarter where the split aims. The
  /// split aims past the middle by about what `checkEnd` costs, which runs first: with two
  /// parts on the second part's thread, on a reader of its own, while the first part is read (a
  /// state of 100,000 items at the end is parsed, its last lines applied and the whole decoded:
  /// a sixth of `--who-changed list.cursor`, which waited for it). Its failure is the answer,
  /// ahead of any other.
  package static func parts(
    of path: JSONPath, in reader: TraceReader, app: InspectedApp, splittingFrom: Int, checkingEnd checkEnd: @escaping EndCheck = { _, _ in }
  ) throws(InspectFailure) -> [Part] {
    let count = max(1, reader.actionCount)
    // The end's check and the second part's start, in lines: parsing and decoding a state cost
    // about as much as a line a 68 bytes of it (tide-list, 2026-11-30).
    let last = reader.snapshotNumber(atOrBefore: count)
    let aim = count / 2 + ((count - last) / 2 + reader.snapshotBytes(after: last) / 68) / 2
    let below = reader.snapshotNumber(atOrBefore: aim)
    let above = reader.snapshotNumber(atOrBefore: min(count, aim + count / 4))
    let middle = above > aim && (below <= count / 4 || above - aim < aim - below) ? above : below
    let check = app.actionCheck
    let split = count >= splittingFrom && middle > count / 4 && middle < count
    guard split, let copy = reader.copyForAnotherThread() else {
      try checkEnd(reader, app)
      let start = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.state(after: 0) }
      return [part(of: path, in: 1...count, from: start, reader: reader, app: app.name, check: check)]
    }
    let ranges = [1...middle, (middle + 1)...count]
    let work = Work(
      path: path, ranges: ranges, reader: reader, copy: copy, app: app.name, checks: app.checks, check: check, checkEnd: checkEnd)
    DispatchQueue.concurrentPerform(iterations: 2) { index in work.read(index) }
    // In the order one thread meets them: the end's check, then the state the first part
    // starts from (a snapshot of action 0 may stand for the header's).
    if let failure = work.endFailure ?? work.startFailure { throw failure }
    var parts = Array(work.parts)
    // The second part started from the snapshot; one thread would have gone on from the first.
    if parts[0].failure == nil, let secondStart = work.secondStart, parts[0].end != TraceQueries.carried(of: path, in: secondStart) {
      parts[1] = part(of: path, in: ranges[1], from: parts[0].end, reader: reader, app: app.name, check: check)
    }
    return parts
  }

  /// The two parts, for the two threads.
  private final class Work: @unchecked Sendable {
    // Sendable by hand: during `concurrentPerform` the first thread alone uses the calling
    // reader (the state its part starts from, then the index: `forEachChange` from a start
    // never asks it for a state). The second thread reads and keeps states on a reader of its
    // own, made from `copy` there. `check`, `checks` and `checkEnd` hold nothing but the app's
    // decoding and the path asked. Each thread writes only its own element of `parts`,
    // allocated before, the first alone `startFailure`, the second alone `endFailure` and
    // `secondStart`; `concurrentPerform` returns only after both are done, so the reads that
    // follow come after every write.
    let path: JSONPath
    let ranges: [ClosedRange<Int>]
    let reader: TraceReader
    let copy: TraceReader.Copy
    let app: String
    let checks: InspectedApp.Checks
    let check: @Sendable (JSONValue) throws -> Void
    let checkEnd: EndCheck
    let parts: UnsafeMutableBufferPointer<Part>
    var endFailure: InspectFailure?
    var startFailure: InspectFailure?
    /// The state the second part started from: the snapshot's.
    var secondStart: JSONValue?

    init(
      path: JSONPath, ranges: [ClosedRange<Int>], reader: TraceReader, copy: TraceReader.Copy, app: String,
      checks: InspectedApp.Checks, check: @escaping @Sendable (JSONValue) throws -> Void, checkEnd: @escaping EndCheck
    ) {
      self.path = path
      self.ranges = ranges
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
      guard index == 1 else {
        do throws(InspectFailure) {
          let start = try TraceQueries.checked(reader) { () throws(TraceProblem) in try reader.state(after: 0) }
          parts[0] = WhoChanged.part(of: path, in: ranges[0], from: start, reader: reader, app: app, check: check)
        } catch {
          startFailure = error
        }
        return
      }
      let own = TraceReader(copy: copy, keepingDecodedLists: false)
      do throws(InspectFailure) {
        try checkEnd(own, InspectedApp(checks: checks))
        let start = try TraceQueries.checked(own) { () throws(TraceProblem) in try own.state(after: ranges[1].lowerBound - 1) }
        secondStart = start
        parts[1] = WhoChanged.part(of: path, in: ranges[1], from: start, reader: own, app: app, check: check)
      } catch {
        endFailure = error
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
    var part = Part()
    // A field is changed by the same few actions over and over: each is described once, known
    // again by its bytes, so that most lines' actions are never parsed.
    var described: [(action: [UInt8], text: [UInt8])] = []
    // Each line's old value is the line before's new one: its text is written once. Empty
    // on the first line, and when the line before reported the changes inside a long value.
    var previousValue: [UInt8] = []
    // The text of the paths inside a long value written lately: the same few, a million times.
    var pathTexts: [(path: JSONPath, text: [UInt8])] = []
    func writePath(_ path: JSONPath, to text: inout [UInt8]) {
      if let known = pathTexts.first(where: { $0.path == path }) {
        text.append(contentsOf: known.text)
        return
      }
      let written = Array(path.description.utf8)
      if pathTexts.count == 16 { pathTexts.removeFirst() }
      pathTexts.append((path, written))
      text.append(contentsOf: written)
    }
    do throws(TraceProblem) {
      part.end = try TraceQueries.forEachChange(of: path, in: numbers, reader: reader, from: start) {
        number, action, change throws(TraceProblem) in
        let actionText: [UInt8]
        if let bytes = action.bytes,
          let known = described.first(where: { $0.action.count == bytes.count && memcmp($0.action, bytes.baseAddress!, bytes.count) == 0 })
        {
          actionText = known.text
        } else {
          let value = try action.value()
          do {
            try check(value)
          } catch {
            part.failure = TraceQueries.notAnAction(number, of: app, in: reader, error)
            // Ends the reading; the failure is the part's answer.
            throw TraceProblem(path: reader.path, line: nil, message: "")
          }
          actionText = Array(ActionText.describe(value).utf8)
          if described.count < 16, let bytes = action.bytes { described.append((Array(bytes), actionText)) }
        }
        // A value of another kind than the one before (`1 → "one"`), or one coming from or
        // going to nothing: the state after it is checked, as `--at` would (a few states, not
        // one a line).
        if change.oldKind != change.newKind || change.oldKind == nil {
          part.stateChecks.append(number)
        }
        JSONValue.integer(Int64(number)).write(to: &part.text)
        part.text.append(UInt8(ascii: " "))
        part.text.append(contentsOf: actionText)
        part.text.append(UInt8(ascii: " "))
        if let inside = change.inside {
          for index in inside.indices {
            let inner = inside[index]
            if index > 0 { part.text.append(contentsOf: separator) }
            writePath(inner.path, to: &part.text)
            if let removed = inner.removed { part.text.append(contentsOf: "[\(removed.lowerBound)..<\(removed.upperBound)]".utf8) }
            part.text.append(contentsOf: colon)
            writeShortened(inner.old, to: &part.text)
            part.text.append(contentsOf: arrow)
            writeShortened(inner.new, to: &part.text)
          }
          previousValue = []
        } else {
          if previousValue.isEmpty {
            TraceQueries.writeValue(change.old, to: &part.text)
          } else {
            part.text.append(contentsOf: previousValue)
          }
          part.text.append(contentsOf: arrow)
          let newStart = part.text.count
          TraceQueries.writeValue(change.new, to: &part.text)
          previousValue.removeAll(keepingCapacity: true)
          previousValue.append(contentsOf: part.text[newStart...])
        }
        part.text.append(UInt8(ascii: "\n"))
      }
    } catch {
      if part.failure == nil { part.failure = InspectFailure(status: 2, message: error.description) }
    }
    return part
  }

  /// A value inside a long one, or the long one itself: its JSON text when it is short, else
  /// what it is and its size (`(a list of 100000 elements)`), as `(none)` is written for none.
  private static func writeShortened(_ value: JSONValue?, to text: inout [UInt8]) {
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

  /// Between a line's old value and its new one.
  private static let arrow = Array(" → ".utf8)
  /// Between a path inside a long value and its values; between two such paths.
  private static let colon = Array(": ".utf8)
  private static let separator = Array("; ".utf8)
}
