import Tide

/// `observers-100`: 100 observers, each selecting one field of a 100-field state, told after
/// every action; timed against the baseline calling 100 such observers itself.
@MainActor
func observersScenario(iterations: Int, rounds: Int) -> Measurement {
  guard let workload = InstructionWorkload.make("observers-100"),
    let tide = workload.sides.first(where: { $0.name == "tide" })?.run,
    let baseline = workload.sides.first(where: { $0.name == "baseline" })?.run
  else { preconditionFailure("observers-100: no workload") }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: 1) { _ in tide(iterations) } / Double(iterations)
  } baseline: {
    nanosecondsPerOperation(iterations: 1) { _ in baseline(iterations) } / Double(iterations)
  }
  return Measurement(name: "observers-100", tide: result.tide, baseline: result.baseline)
}
