import Foundation
import Synchronization
import Testing
import TideTestSupport

/// `tide-demo replay` ended by a signal while it runs (SPEC, "Output files": a file is never left
/// half-written). The decision: a quit signal stops the replay between two script lines, as a
/// failed `expect` does; what the replay was asked to write is written whole for what ran —
/// the SVG of the screen it got to, a cast that plays to it, the trace's whole lines, the
/// frames and the screen on standard output; standard error says which signal stopped it at
/// which line; the status is 128 + the signal. Before, the signal killed the process: no SVG,
/// no cast, nothing on standard error.
// Serialized: ten replays of 1.6 million keys at once, beside the rest of `make test`, took
// more than a minute to reach their first trace line.
@Suite("tide-demo replay stopped by a signal", .serialized)
struct ReplayInterruptTests {
  let folder = TemporaryDirectory("tide-replay-stop")

  /// A replay that runs for seconds: 40,000 lines of keys on the counter.
  func longScript() throws -> String {
    let path = folder.file("long.keys")
    let line = "keys " + Array(repeating: "+ -", count: 20).joined(separator: " ") + "\n"
    try String(repeating: line, count: 40_000).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let quitSignals = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU]

  @Test(arguments: quitSignals)
  func aQuitSignalStopsTheReplayAndWritesWhatRanWhole(signal: Int32) async throws {
    let binary = try requireTideDemo()
    let script = try longScript()
    let svg = folder.file("out.svg")
    let cast = folder.file("out.cast")
    let trace = folder.file("t.jsonl")
    let found = Flag()
    let result = try await runProcess(
      binary, ["replay", script, "--svg", svg, "--cast", cast, "--trace", trace],
      whileRunning: { pid in
        // The replay is running once its trace has a line (a deadline of 180 s, polled every 10 ms).
        found.set(pollBlocking { fileSize(trace) > 0 })
        kill(pid, signal)
      })
    try #require(found.value, "the replay never wrote a trace line: \(result)")
    #expect(!result.wasSignalled && result.status == 128 + signal, "\(result)")
    let stop = try #require(result.stderr.split(separator: "\n").first.map(String.init), "\(result)")
    #expect(
      stop.range(of: #"^\S+long\.keys:\d+: stopped by SIG[A-Z0-9]+ (before this line ran|while this line ran, part of it run); the exports show the screen up to here$"#,
                 options: .regularExpression) != nil, "\(result)")
    #expect(result.stdout.contains("Count: "), "the screen it got to: \(result)")
    let svgText = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(svgText.hasPrefix("<svg") && svgText.hasSuffix("</svg>\n"), "a whole SVG")
    let castLines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
    #expect(castLines.first?.contains("\"version\": 2") == true, "a cast with its header")
    for line in castLines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole cast line: \(line)")
    }
    let traceText = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(traceText.hasSuffix("\n"), "the trace ends with a whole line")
    #expect(folder.contents().allSatisfy { !$0.contains(".tmp-") }, "no temporary file left: \(folder.contents())")
  }

  /// Hostile pass: a signal inside a long `wait` said the replay stopped "before this line ran"
  /// while the screen showed most of the wait run. The message says the line ran in part.
  @Test func aSignalInsideALongWaitSaysTheLineRanInPart() async throws {
    let binary = try requireTideDemo()
    let script = folder.file("wait.keys")
    try "keys tab space\nwait 24h\nkeys q\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("wait.jsonl")
    let ticking = Flag()
    let result = try await runProcess(
      binary, ["replay", script, "--trace", trace],
      whileRunning: { pid in
        // The stopwatch's ticks inside the wait are on the trace (a deadline of 180 s).
        ticking.set(pollBlocking { fileSize(trace) > 200_000 })
        kill(pid, SIGTERM)
      })
    try #require(ticking.value, "the wait never ticked: \(result)")
    #expect(!result.wasSignalled && result.status == 128 + SIGTERM, "\(result)")
    #expect(result.stderr == "\(script):2: stopped by SIGTERM while this line ran, part of it run\n", "\(result)")
  }

  /// A second signal ends the replay at once, as the signal's default does: a user who asks
  /// twice does not wait for the next line. Nothing half-written: the exports are not there.
  @Test func aSecondSignalEndsTheReplayAtOnce() async throws {
    let binary = try requireTideDemo()
    let script = try longScript()
    let svg = folder.file("out.svg")
    let trace = folder.file("t.jsonl")
    let result = try await runProcess(
      binary, ["replay", script, "--svg", svg, "--trace", trace],
      whileRunning: { pid in
        _ = pollBlocking { fileSize(trace) > 0 }
        kill(pid, SIGTERM)
        kill(pid, SIGTERM)
      })
    // Either the first signal was seen between two lines and the replay ended whole, or the
    // second ended it: never anything in between.
    if result.wasSignalled {
      #expect(result.status == SIGTERM, "\(result)")
      #expect(!FileManager.default.fileExists(atPath: svg), "no export when killed")
    } else {
      #expect(result.status == 128 + SIGTERM, "\(result)")
      #expect(try String(contentsOfFile: svg, encoding: .utf8).hasSuffix("</svg>\n"))
    }
  }
}

/// What the waiting thread found, read after the process ended.
private final class Flag: Sendable {
  private let state = Mutex(false)
  var value: Bool { state.withLock { $0 } }
  func set(_ value: Bool) { state.withLock { $0 = value } }
}

private func fileSize(_ path: String) -> Int {
  var info = stat()
  return stat(path, &info) == 0 ? Int(info.st_size) : 0
}
