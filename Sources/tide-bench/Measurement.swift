import Tide

/// A timing of one scenario: nanoseconds per operation for Tide and, where there is one, for
/// the hand-written baseline, each the median of several interleaved rounds.
struct Measurement {
  let name: String
  let tide: Double
  let baseline: Double?
  var note: String?

  var line: String {
    var text = "\(name): tide \(Self.format(tide)) ns/op"
    if let baseline {
      text += ", baseline \(Self.format(baseline)) ns/op, ratio \(String(format: "%.2f", tide / baseline))"
    }
    if let note { text += " (\(note))" }
    return text
  }

  static func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }
}

/// Runs `body` for `iterations` and returns nanoseconds per iteration. Always inlined, so the
/// measured loop holds the scenario's code itself rather than a closure call.
@inline(__always)
func nanosecondsPerOperation(iterations: Int, _ body: (Int) -> Void) -> Double {
  let start = ContinuousClock.now
  for index in 0..<iterations { body(index) }
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.attoseconds) / 1e9 / Double(iterations)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// Alternates Tide and baseline rounds so that machine noise hits both alike, and returns the
/// median of each.
@MainActor
func compare(rounds: Int, tide: () -> Double, baseline: () -> Double) -> (tide: Double, baseline: Double) {
  var tideTimes: [Double] = []
  var baselineTimes: [Double] = []
  for _ in 0..<rounds {
    tideTimes.append(tide())
    baselineTimes.append(baseline())
  }
  return (median(tideTimes), median(baselineTimes))
}

/// Somewhere for observers to put what they read, so the optimizer cannot drop the work.
@MainActor
final class Sink {
  var value = 0
}

/// Sends through a Tide store from a call that is not inlined into the loop, as the baseline's
/// `send` is not: both sides pay one call per operation.
@inline(never)
@MainActor
func sendThroughTide<State, Action>(_ store: Store<State, Action>, _ action: Action) {
  store.send(action)
}
