/// A key script of a long session across the three screens — counting, timing with laps, and
/// editing, toggling, deleting and restoring todos — for measuring traces and the inspector at
/// scale (`tide-bench trace-1m`, `tide-bench --write-long-script`).
///
/// Each round is 34 keys and a 120 ms wait (two stopwatch ticks), and leaves the app as it
/// found it: the list keeps its five todos and the undo stack stays empty, so a million keys
/// measure the trace, not a list that grows without end.
package enum LongSessionScript {
  /// Keys in one round.
  package static let keysPerRound = 34

  /// The script text, of about `keys` keys (whole rounds, at least one).
  package static func text(keys: Int) -> String {
    var lines = ["# a long session for tide-bench: \(keys) keys in rounds of \(keysPerRound)", "keys tab tab"]
    for number in 1...5 {
      lines.append("keys a")
      lines.append("type \"todo \(number)\"")
      lines.append("keys enter")
    }
    lines.append("keys btab btab")
    let rounds = max(1, keys / keysPerRound)
    let round = [
      "keys + + + - k j = r",
      "keys tab space",
      "wait 120ms",
      "keys l space r btab",
      "keys tab tab j k x x j e",
      "type \"ab\"",
      "keys backspace backspace enter d u f f f btab btab",
    ].joined(separator: "\n")
    lines.reserveCapacity(lines.count + rounds)
    for _ in 0..<rounds { lines.append(round) }
    lines.append("expect \"Count: 0\"")
    return lines.joined(separator: "\n") + "\n"
  }
}
