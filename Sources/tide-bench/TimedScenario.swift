import Tide

/// Times a store scenario: the `tide` side and the side it is compared with of the same ``InstructionWorkload``
/// that `--instructions` counts, alternated round by round, each round `iterations` operations.
/// Stops the benchmark if the two sides did not end in agreement.
@MainActor
func timedScenario(_ name: String, iterations: Int, rounds: Int) -> Measurement {
  guard let workload = InstructionWorkload.make(name),
    let tide = workload.sides.first(where: { $0.name == "tide" })?.run,
    let baseline = workload.sides.first(where: { $0.name == workload.baselineSide })?.run
  else { preconditionFailure("\(name): no workload") }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: 1) { _ in tide(iterations) } / Double(iterations)
  } baseline: {
    nanosecondsPerOperation(iterations: 1) { _ in baseline(iterations) } / Double(iterations)
  }
  if let disagreement = workload.disagreement(workload.baselineSide) { preconditionFailure("\(name): \(disagreement)") }
  var measurement = Measurement(name: name, tide: result.tide, baseline: result.baseline)
  measurement.note = workload.note
  return measurement
}
