import Foundation

/// `trace-list-100k`: `tide-list replay --items 100000` of ``ListSessionScript`` (`keys` keys),
/// run as a child process (the `tide-list` built beside tide-bench), without and with `--trace`,
/// in turns; then `tide-list inspect` on the trace written: `--at` the first and the last action
/// and `--who-changed list.cursor`, each a process of its own (load included), with its peak
/// resident set. `nil` when there is no `tide-list` beside tide-bench.
func traceListScenario(keys: Int, items: Int, rounds: Int) throws -> Measurement? {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tide-list").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("trace-list-100k: skipped, no tide-list beside tide-bench (swift build -c release --product tide-list)")
    return nil
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-trace-list-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let script = folder.appendingPathComponent("list.keys").path
  try ListSessionScript.text(keys: keys).write(toFile: script, atomically: true, encoding: .utf8)
  let trace = folder.appendingPathComponent("list.trace").path
  var plain: [Double] = []
  var traced: [Double] = []
  for _ in 0..<rounds {
    for withTrace in [false, true] {
      try? FileManager.default.removeItem(atPath: trace)
      let run = try timedChild(
        [binary, "replay", "--items", "\(items)", script] + (withTrace ? ["--trace", trace] : []), doing: "tide-list replay")
      if withTrace { traced.append(run.seconds) } else { plain.append(run.seconds) }
    }
  }
  let size = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
  let actions = try actionLines(in: trace)
  var firsts: [Double] = []
  var lasts: [Double] = []
  var whos: [Double] = []
  var peak = 0
  for _ in 0..<rounds {
    let first = try timedChild([binary, "inspect", trace, "--at", "1"], doing: "tide-list inspect --at 1")
    let last = try timedChild([binary, "inspect", trace, "--at", "\(actions)"], doing: "tide-list inspect --at \(actions)")
    let who = try timedChild([binary, "inspect", trace, "--who-changed", "list.cursor"], doing: "tide-list inspect --who-changed")
    firsts.append(first.seconds)
    lasts.append(last.seconds)
    whos.append(who.seconds)
    peak = max(peak, first.peakBytes, last.peakBytes, who.peakBytes)
  }
  var measurement = Measurement(
    name: "trace-list-100k", tide: median(traced) * 1e9 / Double(keys), baseline: median(plain) * 1e9 / Double(keys))
  measurement.note = String(
    format: "%d keys, %d items: %.2f s with --trace, %.2f s without; trace %.1f MB, %d actions; inspect --at 1 %.3f s, --at %d %.3f s, --who-changed list.cursor %.3f s, peak resident %.1f MB",
    keys, items, median(traced), median(plain), Double(size) / 1e6, actions, median(firsts), actions, median(lasts), median(whos),
    Double(peak) / 1e6)
  return measurement
}

/// A session in `tide-list` for tide-bench: rounds of moves through the list and a filter typed
/// and cleared.
enum ListSessionScript {
  /// Keys in one round.
  static let keysPerRound = 34

  /// The script text, of about `keys` keys (whole rounds, at least one).
  static func text(keys: Int) -> String {
    var lines = ["# a tide-list session for tide-bench: \(keys) keys in rounds of \(keysPerRound)"]
    let round = [
      "keys j j j j j j j j k k k k pgdn pgdn pgup end home",
      "keys j j j j j j pgdn pgdn k k k end home",
      "keys / 7 esc",
      "keys j",
    ].joined(separator: "\n")
    let rounds = max(1, keys / keysPerRound)
    lines.reserveCapacity(lines.count + rounds)
    for _ in 0..<rounds { lines.append(round) }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The lines of a trace that are actions (`{"n":…`).
private func actionLines(in trace: String) throws -> Int {
  let prefix = Array(#"{"n":"#.utf8)
  let data = try Data(contentsOf: URL(fileURLWithPath: trace), options: .alwaysMapped)
  return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
    var count = 0
    var lineStart = 0
    for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
      if index - lineStart >= prefix.count, prefix.indices.allSatisfy({ bytes[lineStart + $0] == prefix[$0] }) { count += 1 }
      lineStart = index + 1
    }
    return count
  }
}

/// A child process's wall time and peak resident set.
struct TimedRun {
  var seconds: Double
  var peakBytes: Int
}

/// Runs `arguments` (the first an executable's path), its output discarded, and times it; its
/// peak resident set is read from `wait4`'s resource usage.
func timedChild(_ arguments: [String], doing what: String) throws -> TimedRun {
  var pid: pid_t = 0
  var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let path = arguments[0]
  let arguments = arguments.map { strdup($0) } + [nil]
  defer { for argument in arguments { free(argument) } }
  let start = ContinuousClock.now
  let spawned = posix_spawn(&pid, path, &actions, nil, arguments, environ)
  guard spawned == 0 else { throw ProcessFailure(message: "could not run \(what): error \(spawned)") }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 {
    guard errno == EINTR else { throw ProcessFailure(message: "\(what): wait4 failed (\(errno))") }
  }
  let seconds = TraceTiming.seconds(ContinuousClock.now - start)
  // Exited with 0: `status` holds the exit code in its second byte and no signal.
  guard status == 0 else { throw ProcessFailure(message: "\(what) ended with wait status \(status)") }
  return TimedRun(seconds: seconds, peakBytes: usage.ru_maxrss * 1024)
}
