/// The difference of two values' dumps (``ValueDump``), as swift-custom-dump's `diff` writes it:
/// `-` before a line only the old value has, `+` before one only the new value has, two spaces
/// before a line both share; runs of shared lines away from any change are folded into
/// `… (N unchanged)`, except the lines that open and close the parts holding a change, so each
/// change is shown in its place.
enum DumpDiff {
  /// How many unchanged lines are kept on each side of a change.
  static let context = 1

  /// `nil` when the dumps are equal.
  static func text(from old: Any, to new: Any) -> String? {
    let before = ValueDump.lines(of: old)
    let after = ValueDump.lines(of: new)
    guard before != after else { return nil }
    let edits = lineEdits(before, after)
    let kept = keptLines(edits)
    var output: [String] = []
    var folded: [String] = []
    // A run of one line is shown; a longer one becomes `… (N unchanged)` at the run's outermost
    // indentation, N counting the parts that start there, as swift-custom-dump counts children.
    func flushFolded() {
      if folded.count == 1 {
        output.append("  \(folded[0])")
      } else if let outermost = folded.map({ $0.prefix { $0 == " " }.count }).min() {
        let parts = folded.filter { line in
          let text = line.dropFirst(outermost)
          return text.first != " " && !text.hasPrefix(")") && !text.hasPrefix("]")
        }
        output.append("  \(String(repeating: " ", count: outermost))… (\(parts.count) unchanged)")
      }
      folded = []
    }
    for (offset, edit) in edits.enumerated() {
      guard kept[offset] else {
        folded.append(edit.line)
        continue
      }
      flushFolded()
      output.append("\(edit.mark) \(edit.line)")
    }
    flushFolded()
    return output.joined(separator: "\n")
  }

  struct Edit {
    var mark: Character
    var line: String
  }

  /// The lines of `before` and `after` in order, each marked `-`, `+` or ` ` (both), through a
  /// longest common subsequence of the lines between their shared first and last lines.
  static func lineEdits(_ before: [String], _ after: [String]) -> [Edit] {
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    let old = before[prefix..<(before.count - suffix)]
    let new = after[prefix..<(after.count - suffix)]
    var edits = before[..<prefix].map { Edit(mark: " ", line: $0) }
    // The table is old × new; past a million cells (a state rewritten wholesale) every old
    // line is shown removed and every new one added, which is still a correct difference.
    if old.count * new.count <= 1_000_000 {
      edits += commonSubsequenceEdits(Array(old), Array(new))
    } else {
      edits += old.map { Edit(mark: "-", line: $0) } + new.map { Edit(mark: "+", line: $0) }
    }
    edits += before[(before.count - suffix)...].map { Edit(mark: " ", line: $0) }
    return edits
  }

  private static func commonSubsequenceEdits(_ old: [String], _ new: [String]) -> [Edit] {
    let columns = new.count + 1
    // lengths[i * columns + j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = [Int](repeating: 0, count: (old.count + 1) * columns)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * columns + j] =
          old[i] == new[j]
          ? lengths[(i + 1) * columns + j + 1] + 1
          : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(Edit(mark: " ", line: old[i]))
        i += 1
        j += 1
      } else if j == new.count || (i < old.count && lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1]) {
        edits.append(Edit(mark: "-", line: old[i]))
        i += 1
      } else {
        edits.append(Edit(mark: "+", line: new[j]))
        j += 1
      }
    }
    return edits
  }

  /// Which edits are shown: every change, `context` shared lines around each, and the lines
  /// that open or close a part holding a change.
  private static func keptLines(_ edits: [Edit]) -> [Bool] {
    var kept = [Bool](repeating: false, count: edits.count)
    // Opening lines of the new dump not closed yet, innermost last, each with whether it holds
    // a change. Only the new dump's lines (shared or `+`) nest: a part only the old one had is
    // removed whole.
    var open: [(offset: Int, holdsChange: Bool)] = []
    for (offset, edit) in edits.enumerated() {
      let trimmed = edit.line.drop { $0 == " " }
      if edit.mark != "-", trimmed.hasPrefix(")") || trimmed.hasPrefix("]"), let opening = open.popLast(), opening.holdsChange {
        kept[opening.offset] = true
        kept[offset] = true
      }
      if edit.mark != " " {
        for index in max(0, offset - context)...min(edits.count - 1, offset + context) { kept[index] = true }
        for index in open.indices { open[index].holdsChange = true }
      }
      if edit.mark != "-", edit.line.hasSuffix("(") || edit.line.hasSuffix("[") {
        open.append((offset, edit.mark != " "))
      }
    }
    return kept
  }
}
