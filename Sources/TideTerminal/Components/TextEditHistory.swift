/// The undo and redo stacks of a ``TextArea``: each step is the lines an edit replaced, so
/// undoing one costs what the edit changed, never a copy of the text.
///
/// An edit replaces a range of whole lines with others (typing changes one line; a paste of
/// 10,000 lines replaces one line with 10,000). A step keeps the lines that were there before
/// and how many took their place; undoing puts them back and keeps the lines it took out as
/// the redo step. Edits of one run — characters typed one after another, or erased one after
/// another, with nothing else between — grow the step on top instead of pushing new ones, as
/// editors do: one undo takes back a typed word, not its last letter.
struct TextEditHistory: Equatable, Sendable, Codable {
  /// The kinds of edit that run together into one step.
  enum Run: Equatable, Sendable, Codable {
    /// Characters typed.
    case typing
    /// Characters erased with backspace or delete.
    case erasing
  }

  /// Lines to put back, where, and the cursor and version to go back to.
  struct Step: Equatable, Sendable, Codable {
    /// The first line the step replaces.
    var firstLine: Int
    /// The lines to put back.
    var lines: [String]
    /// How many lines, from `firstLine`, they replace.
    var count: Int
    /// The cursor to go back to.
    var cursor: TextArea.Position
    /// The text's version to go back to.
    var version: Int
  }

  /// The most steps kept: the oldest go first.
  static let limit = 1_000

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []
  /// The run the last edit belongs to, while nothing else happened since.
  private var run: Run?

  /// Records an edit that is about to replace `count` lines from `firstLine` (`replaced`) with
  /// `newCount` lines, made with the cursor at `cursor` on version `version`: a new step, or
  /// the step on top grown when the edit continues its run within the lines it covers.
  mutating func record(
    replacing replaced: ArraySlice<String>, at firstLine: Int, with newCount: Int, cursor: TextArea.Position,
    version: Int, run: Run?
  ) {
    redoSteps.removeAll()
    if let run, run == self.run, var top = undoSteps.last, firstLine >= top.firstLine,
      firstLine + replaced.count <= top.firstLine + top.count
    {
      top.count += newCount - replaced.count
      undoSteps[undoSteps.count - 1] = top
      return
    }
    self.run = run
    undoSteps.append(Step(firstLine: firstLine, lines: Array(replaced), count: newCount, cursor: cursor, version: version))
    if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
  }

  /// Whether every step starts at a line and replaces a number of lines, both from 0 and far
  /// from overflowing: what undo and redo need of a history decoded from outside.
  var isWellFormed: Bool {
    let bounds = 0...(Int.max / 2)
    return (undoSteps + redoSteps).allSatisfy { bounds.contains($0.firstLine) && bounds.contains($0.count) }
  }

  /// Ends the current run: the next edit is a step of its own (a move, a click, a save).
  mutating func endRun() { run = nil }

  /// Takes the step undo applies, or `nil` when there is none.
  mutating func popUndo() -> Step? {
    run = nil
    return undoSteps.popLast()
  }

  /// Takes the step redo applies, or `nil` when there is none.
  mutating func popRedo() -> Step? {
    run = nil
    return redoSteps.popLast()
  }

  /// Keeps `step` (what an undo took out) for redo.
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }

  /// Keeps `step` (what a redo took out) for undo, without clearing redo.
  mutating func pushUndo(_ step: Step) { undoSteps.append(step) }
}
