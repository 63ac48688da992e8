import TideJSON

/// How a walk that checks lines reads each one: its changes, and its action only where its
/// spelling is new to the walk (``SpellingsSeen``), the line read from its parts where it is
/// plain (``LineChangesReader``).
struct ActionLineReading {
  private var spellings = SpellingsSeen()
  private var lines = LineChangesReader()

  /// The action, where it is spelled as none before it, and the changes of `line`, the line of
  /// action `number` in `reader`'s trace.
  mutating func read(_ line: UnsafeRawBufferPointer, ofAction number: Int, in reader: TraceReader) throws(TraceProblem) -> ReadLine {
    let lineNumber = reader.line(ofAction: number)
    let (read, changes) = try lines.read(line, path: reader.path, lineNumber: lineNumber)
    switch read {
    case .bytes(let bytes, let repeatsLast):
      // The last line's action was noted when it was read.
      let isNew = !repeatsLast && spellings.insert(bytes)
      return ReadLine(action: isNew ? try JSONValue.parseLine(Array(bytes), path: reader.path, line: lineNumber) : nil, changes: changes)
    case .parsed(let parsed):
      return ReadLine(action: parsed, changes: changes)
    }
  }
}

/// An action line as a walk applies it: its action, where the walk has not seen it spelled so
/// before, and its changes.
struct ReadLine {
  var action: JSONValue?
  var changes: [StateChange]
}
