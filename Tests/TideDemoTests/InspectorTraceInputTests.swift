import Foundation
import Synchronization
import Testing
import TideTestSupport
import Tide
import TideTrace
import TideDemo
import TideTerminal
import TideTerminalCommand

/// The trace the inspector reads is an input: no output of `tide-demo inspect replay` may name
/// it, however spelled, and reading it is bounded (issue 37, findings 2 and 4).
@MainActor
@Suite("Inspector: the trace is an input")
struct InspectorTraceInputTests {
  /// A trace and a script for the inspector's replay, in `folder`.
  private func traceAndScript(in folder: URL) async throws -> (trace: String, script: String) {
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    let script = folder.appendingPathComponent("browse.keys").path
    try "keys up up\nexpect \"Step 2 of 4\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    return (trace, script)
  }

  /// `inspect replay t.T s.keys --trace t.T` emptied the trace; `--svg`/`--cast` replaced it
  /// (also as `./t.T` or through a link) and exited 0. Every output and every spelling is
  /// refused, before anything runs, and the trace is left as it was.
  @Test(arguments: ["--trace", "--svg", "--cast"], ["same", "dotted", "symlink", "hardlink"])
  func noOutputOfTheInspectorsReplayMayNameTheTrace(option: String, spelling: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, script) = try await traceAndScript(in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: trace))
    let output: String
    switch spelling {
    case "same": output = trace
    case "dotted": output = folder.path + "/./" + (trace as NSString).lastPathComponent
    case "symlink":
      output = folder.appendingPathComponent("link.trace").path
      try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: trace)
    default:
      output = folder.appendingPathComponent("hard.trace").path
      try FileManager.default.linkItem(atPath: trace, toPath: output)
    }
    // Through tide-demo's command line, as a user types it, and through the inspector's own.
    #expect(await demo(["inspect", "replay", trace, script, option, output]).status == 2)
    let result = await inspectReplay([trace, script, option, output])
    #expect(result.status == 2, "\(result)")
    #expect(result.errors.contains("\(option) names"), "\(result.errors)")
    #expect(result.errors.contains("which tide-demo inspect reads; give it a path of its own"), "\(result.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    #expect(result.output.isEmpty, "nothing ran")
  }

  /// An export the system could not write is status 1, as every lost output is; a path that
  /// names the trace is a usage error, 2, before anything is written (issue 37's hostile test,
  /// F12: a failed write was 2).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFailedExportWriteIsStatusOne() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceAndScript(in: folder)
    for option in ["--export-keys", "--export-test"] {
      let value = option == "--export-keys" ? "1" : "1..1"
      let lost = await demo(["inspect", trace, option, value, "/dev/full"])
      #expect(lost.status == 1, "\(option): \(lost)")
      let refused = await demo(["inspect", trace, option, value, trace])
      #expect(refused.status == 2, "\(option): \(refused)")
    }
  }

  /// An answer standard output could not take (a full disk) exited 0 with nothing said
  /// (issue 37's hostile test, F11): every query's answer goes through the command's one
  /// writer of standard output, so it is status 1, saying why.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func anAnswerStandardOutputCannotTakeIsStatusOne() async throws {
    let binary = try requireTideDemo()
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceAndScript(in: folder)
    for query in [["--at", "1"], ["--state-at", "1"], ["--who-changed", "counter.count"]] {
      let result = try await runProcess("/bin/sh", ["-c", "exec '\(binary)' inspect '\(trace)' \(query.joined(separator: " ")) > /dev/full"])
      #expect(result.status == 1, "\(query): \(result)")
      #expect(result.stderr.contains("standard output: error: cannot write"), "\(query): \(result)")
    }
  }

  /// `inspect replay --trace OUT` wrote 0 bytes and exited 0. The inspector's own state is not
  /// `Codable` (it holds the app's screen), so its replay refuses `--trace`, saying why, before
  /// anything runs.
  @Test func theInspectorsReplayRefusesATraceSayingWhy() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, script) = try await traceAndScript(in: folder)
    let out = folder.appendingPathComponent("inspector.trace").path
    let result = await inspectReplay([trace, script, "--trace", out])
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.errors.hasPrefix("tide-demo inspect: error: --trace needs the app's State and Action to be Codable"), "\(result.errors)")
    #expect(result.output.isEmpty, "nothing ran")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A trace that cannot be written is not a success: to /dev/full it exited 0.
  @Test func aTraceThatCannotBeWrittenFailsTheReplay() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("count.keys").path
    try "keys + +\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = await demo(["replay", script, "--trace", "/dev/full"])
    #expect(result.status == 1, "\(result)")
    #expect(result.errors.contains("/dev/full: error: lines of the trace were lost: No space left on device"), "\(result.errors)")
  }

  /// `inspect /dev/zero --at 1` grew by 15 MB/s and never answered; `inspect replay /dev/zero
  /// s.keys` aborted. A device (and a FIFO, see InspectorMessageTests) is refused at once.
  @Test func aDeviceGivenAsTheTraceIsRefusedAtOnce() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, script) = try await traceAndScript(in: folder)
    let message = "/dev/zero: error: is a character device, not a trace (a trace is a file tide-demo --trace wrote)"
    let question = await demo(["inspect", "/dev/zero", "--at", "1"])
    #expect(question.status == 2)
    #expect(question.errors == message)
    let replay = await inspectReplay(["/dev/zero", script])
    #expect(replay.status == 2)
    #expect(replay.errors == message)
  }

  /// A trace is read line by line, never whole (a million actions may be far longer than any
  /// limit on a whole file); one line longer than the limit is refused by its number, in the
  /// shared reader's words, instead of being gathered in memory.
  @Test func aLineLongerThanTheLimitIsRefusedByItsNumber() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    var lines = try traceLines(trace)
    let limit = 16 << 10
    #expect(lines[0].utf8.count < limit)
    // An action line that never ends: the rest of the file is one line of zeros.
    lines[3] = lines[3] + String(repeating: "0", count: 3 * limit)
    let long = folder.appendingPathComponent("long.trace")
    try lines.joined(separator: "\n").write(to: long, atomically: true, encoding: .utf8)
    let reader = try TraceReader(path: long.path, app: "tide-demo", appVersion: DemoApp.version, lineLimit: limit)
    reader.finishReading()
    #expect(reader.actionCount == 2)
    #expect(reader.problem?.description == "\(long.path):4: error: the line holds more than 16 KiB, the most read of one line of a trace")
    // The header itself, too long.
    let header = folder.appendingPathComponent("header.trace")
    try (lines[0] + String(repeating: " ", count: limit)).write(to: header, atomically: true, encoding: .utf8)
    #expect(throws: TraceProblem(
      path: header.path, line: 1, message: "the line holds more than 16 KiB, the most read of one line of a trace")
    ) {
      try TraceReader(path: header.path, app: "tide-demo", appVersion: DemoApp.version, lineLimit: limit)
    }
    // A followed trace whose last line keeps growing past the limit stops there too.
    let growing = folder.appendingPathComponent("growing.trace")
    try (lines.prefix(3).joined(separator: "\n") + "\n{\"n\":3,").write(to: growing, atomically: true, encoding: .utf8)
    let followed = try TraceReader(path: growing.path, app: "tide-demo", appVersion: DemoApp.version, lineLimit: limit)
    #expect(followed.problem == nil)
    let handle = try FileHandle(forWritingTo: growing)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: UInt8(ascii: "0"), count: 2 * limit))
    try handle.close()
    followed.update()
    #expect(followed.problem?.line == 4)
    #expect(followed.actionCount == 2)
  }

  /// A quit signal recorded while a large trace is read (`inspect replay` opening it) stops the
  /// reading at the next chunk, saying so, where the whole file used to be read first.
  @Test func aQuitSignalStopsReadingALargeTraceAtTheNextChunk() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    let lines = try traceLines(trace)
    let action = try #require(lines.last { $0.hasPrefix(#"{"n":3,"#) })
    let rest = action.dropFirst(#"{"n":3,"#.count)
    // Two chunks of the reader (4 MiB each) and more.
    let count = 100_000
    let body = (1...count).map { #"{"n":"# + String($0) + "," + rest }
    let large = folder.appendingPathComponent("large.trace")
    try ([lines[0]] + body).joined(separator: "\n").appending("\n").write(to: large, atomically: true, encoding: .utf8)
    let whole = try TraceReader(path: large.path, app: "tide-demo", appVersion: DemoApp.version, stopSignal: { nil })
    whole.finishReading()
    #expect(whole.problem == nil)
    #expect(whole.actionCount == count)
    let chunksRead = ChunkCount()
    let stopped = try TraceReader(path: large.path, app: "tide-demo", appVersion: DemoApp.version) {
      chunksRead.next() > 1 ? SIGTERM : nil
    }
    stopped.finishReading()
    #expect(stopped.actionCount > 0 && stopped.actionCount < count)
    #expect(stopped.problem?.message == "reading stopped by SIGTERM")
  }
}

/// How many times the reader asked whether to stop.
private final class ChunkCount: Sendable {
  private let count = Mutex(0)
  func next() -> Int { count.withLock { $0 += 1; return $0 } }
}
