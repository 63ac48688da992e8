import TideJSON

/// How a walk over thousands of action lines reads each line's changes and action: from the
/// line's parts where it is plain (``ActionLineParts/changesAsStepReadsThem(in:paths:inputs:)``), else by
/// the full parse (``TraceStep``), which throws for a line it refuses and says why. A state far
/// from a snapshot is those lines' changes applied in turn, and parsing each line whole was most
/// of that. It keeps what one line tells the next: the last action's bytes, which a line that
/// repeats them is scanned past, the paths read (``ChangePaths``) and the inputs checked
/// (``SpellingsSeen``).
struct LineChangesReader {
  private var paths = ChangePaths()
  private var inputs = SpellingsSeen()
  private var lastAction = LastAction()

  /// A line's action as it was read: the bytes of its JSON, where the line was read from its
  /// parts (valid only as long as the line's bytes are), and whether they are the last such
  /// line's; or its tree, where it was parsed whole.
  enum Action {
    case bytes(UnsafeRawBufferPointer, repeatsLast: Bool)
    case parsed(JSONValue)
  }

  /// The action and the changes of `line`, the action line at `lineNumber` of the trace at `path`.
  mutating func read(_ line: UnsafeRawBufferPointer, path: String, lineNumber: Int) throws(TraceProblem) -> (action: Action, changes: [StateChange]) {
    if let parts = lastAction.parts(of: line), let changes = parts.changesAsStepReadsThem(in: line, paths: &paths, inputs: &inputs) {
      let action = UnsafeRawBufferPointer(rebasing: line[parts.action])
      return (.bytes(action, repeatsLast: lastAction.note(action)), changes)
    }
    let step = try TraceStep(parsing: Array(line), path: path, line: lineNumber)
    return (.parsed(step.action), step.changes)
  }
}
