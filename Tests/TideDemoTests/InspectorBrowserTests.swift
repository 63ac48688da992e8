import Foundation
import Testing
import Tide
import TideDemo
import TideTerminal
import TideTrace
import TideTerminalCommand
import TideTestSupport

/// The interactive inspector, replayed like every screen: each `InspectorFixtures/browser/NAME.keys`
/// drives `tide-demo inspect` on the trace of `session.keys` and must end on `NAME.screen`
/// (`TIDE_RECORD_GOLDENS=all` rewrites them; look at them before committing).
@MainActor
@Suite("Inspector: the browser")
struct InspectorBrowserTests {
  nonisolated static let folder = inspectorFixtures.appendingPathComponent("browser")
  static let size = "120x40"

  nonisolated static let scripts = ["open", "steps", "field", "filter", "help", "detail", "step"]

  /// The trace of `session.keys`, written into `folder`.
  static func sessionTrace(in folder: URL) async throws -> String {
    let script = try String(contentsOf: Self.folder.appendingPathComponent("session.keys"), encoding: .utf8)
    return try await traceOfReplay(script, in: folder, name: "session").trace
  }

  /// What `tide-demo inspect replay TRACE SCRIPT --size 120x40` prints, and its status.
  static func replayInspector(_ trace: String, script: String, extra: [String] = []) async -> (status: Int32, output: String, errors: String) {
    var output: [String] = []
    var errors: [String] = []
    let status = await InspectorCommand.command(for: demoInspected).run(
      ["replay", trace, script, "--size", size] + extra, output: { output.append($0) }, errors: { errors.append($0) })
    return (status, output.map { $0 + "\n" }.joined(), errors.joined(separator: "\n"))
  }

  @Test(arguments: scripts)
  func theReplayEndsOnItsGolden(name: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await Self.sessionTrace(in: folder)
    let result = await Self.replayInspector(trace, script: Self.folder.appendingPathComponent(name + ".keys").path)
    #expect(result.status == 0, "\(result.errors)")
    try checkGolden(result.output, at: Self.folder.appendingPathComponent(name + ".screen").path)
  }

  /// The README's image of the inspector, `assets/inspector.svg`, is what replaying
  /// `field.keys` draws now (`TIDE_RECORD_GOLDENS=all` rewrites it).
  @Test func theReadmeImageIsUpToDate() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await Self.sessionTrace(in: folder)
    let svg = folder.appendingPathComponent("inspector.svg").path
    let result = await Self.replayInspector(trace, script: Self.folder.appendingPathComponent("field.keys").path, extra: ["--svg", svg])
    #expect(result.status == 0, "\(result.errors)")
    try checkGolden(try String(contentsOfFile: svg, encoding: .utf8), at: packageRoot.appendingPathComponent("assets/inspector.svg").path)
  }

  /// The form the docs name, `tide-demo inspect replay TRACE SCRIPT...`, through tide-demo's own
  /// command line: it draws what the inspector's replay draws (the CLI refused it with "2
  /// unexpected arguments" before).
  @Test func tideDemoInspectReplayIsTheInspectorsReplay() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await Self.sessionTrace(in: folder)
    let script = Self.folder.appendingPathComponent("steps.keys").path
    let viaDemo = folder.appendingPathComponent("demo.svg").path
    var errors: [String] = []
    let status = await DemoCommand.command.run(
      ["inspect", "replay", trace, script, "--size", Self.size, "--svg", viaDemo], output: { _ in }, errors: { errors.append($0) })
    #expect(status == 0, "\(errors)")
    let direct = folder.appendingPathComponent("direct.svg").path
    let result = await Self.replayInspector(trace, script: script, extra: ["--svg", direct])
    #expect(result.status == 0, "\(result.errors)")
    #expect(try String(contentsOfFile: viaDemo, encoding: .utf8) == String(contentsOfFile: direct, encoding: .utf8))
    // Anything else after the trace is still refused.
    let extra = await DemoCommand.command.run(["inspect", trace, script], output: { _ in }, errors: { _ in })
    #expect(extra == 2)
  }

  @Test func theScreenShownIsTheOneTheAppShowedAfterThatStep() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await Self.sessionTrace(in: folder)
    let reader = try TraceQueries.open(trace, app: demoInspected)
    let browser = InspectorBrowser(reader: reader, app: demoInspected)
    var state = InspectorBrowser.initialState(
      reader: reader, app: demoInspected, name: "session.trace", size: TerminalSize(columns: 120, rows: 40), follow: false)
    for number in [0, 2, 7, reader.actionCount] {
      _ = browser.reduce(into: &state, action: .jump(to: number))
      #expect(state.selectedStep == number)
      let expected = try await traceOfReplay(
        try String(contentsOfFile: exportedKeys(trace, through: number, in: folder), encoding: .utf8), in: folder,
        name: "upto\(number)").screen
      #expect(state.appScreen.text() == expected, "step \(number)")
    }
  }

  /// A jump the attached app refuses (its State does not decode the step's state: another
  /// build of the app) is shown in the inspector, which no longer says the app is held there;
  /// before, only the app's last row said so.
  @Test func aJumpTheAppRefusesIsShownInTheInspector() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await Self.sessionTrace(in: folder)
    let socketFolder = folder.appendingPathComponent("socket").path
    #expect(mkdir(socketFolder, 0o700) == 0)
    let server = try LiveTraceServer(
      path: socketFolder + "/app.sock", tracePath: trace,
      onCommand: { command, refuse in
        if case .jump(let step, _) = command { refuse("step \(step) could not be put back: not this build's state") }
      }, onDetach: {})
    defer { server.stop() }
    let live = try LiveTraceClient(path: socketFolder + "/app.sock")
    defer { live.close() }
    let whole = try String(contentsOfFile: trace, encoding: .utf8)
    guard try await poll(every: .milliseconds(5), until: { (try? String(contentsOfFile: live.tracePath, encoding: .utf8)) == whole })
    else { throw TimedOut(waitingFor: "the whole trace in the inspector's copy") }
    let reader = try TraceQueries.open(live.tracePath, app: demoInspected, follow: true)
    let browser = InspectorBrowser(reader: reader, app: demoInspected, live: live)
    var state = InspectorBrowser.initialState(
      reader: reader, app: demoInspected, name: "live", size: TerminalSize(columns: 120, rows: 40), follow: true,
      isLive: true)
    _ = browser.reduce(into: &state, action: .jump(to: 2))
    _ = browser.reduce(into: &state, action: .travel)
    #expect(state.heldStep == 2)
    let refused = try await poll(every: .milliseconds(5)) {
      _ = browser.reduce(into: &state, action: .poll)
      return state.message?.contains("refused") == true
    }
    guard refused else { throw TimedOut(waitingFor: "the app's refusal in the inspector") }
    #expect(state.message == "the app refused: step 2 could not be put back: not this build's state")
    #expect(state.heldStep == nil)
  }

  struct TimedOut: Error {
    var waitingFor: String
  }

  @Test func aFollowedTraceShowsTheStepsWrittenSince() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let full = try traceLines(try await Self.sessionTrace(in: folder))
    // The first half of the trace, then the rest as if the app went on writing it.
    let growing = folder.appendingPathComponent("growing.trace").path
    let half = full.count / 2
    try (full[..<half].joined(separator: "\n") + "\n").write(toFile: growing, atomically: false, encoding: .utf8)
    let reader = try TraceQueries.open(growing, app: demoInspected, follow: true)
    let browser = InspectorBrowser(reader: reader, app: demoInspected)
    var state = InspectorBrowser.initialState(
      reader: reader, app: demoInspected, name: "growing.trace", size: TerminalSize(columns: 120, rows: 40), follow: true)
    let before = state.actionCount
    #expect(state.selectedStep == before)
    let handle = try #require(FileHandle(forWritingAtPath: growing))
    handle.seekToEndOfFile()
    handle.write(Data((full[half...].joined(separator: "\n") + "\n").utf8))
    try handle.close()
    _ = browser.reduce(into: &state, action: .poll)
    #expect(state.actionCount > before)
    // The selection was on the last step: it stays on the last one.
    #expect(state.selectedStep == state.actionCount)
  }

  /// A bad line written after the browser opened is said at once, even with no step after
  /// it, and the browser stops following (hostile finding: `--follow` said nothing).
  @Test func aBadLineArrivingInAFollowedTraceIsShownAndFollowingStops() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let full = try traceLines(try await Self.sessionTrace(in: folder))
    let growing = folder.appendingPathComponent("growing.trace").path
    try (full[..<3].joined(separator: "\n") + "\n").write(toFile: growing, atomically: false, encoding: .utf8)
    let reader = try TraceQueries.open(growing, app: demoInspected, follow: true)
    let browser = InspectorBrowser(reader: reader, app: demoInspected)
    var state = InspectorBrowser.initialState(
      reader: reader, app: demoInspected, name: "growing.trace", size: TerminalSize(columns: 120, rows: 40), follow: true)
    _ = browser.reduce(into: &state, action: .startFollowing)
    let before = state.actionCount
    let handle = try #require(FileHandle(forWritingAtPath: growing))
    handle.seekToEndOfFile()
    handle.write(Data("{\"n\":\(before + 1),\"t\":1,\"action\":nope}\n".utf8))
    try handle.close()
    _ = browser.reduce(into: &state, action: .poll)
    #expect(state.actionCount == before)
    #expect(state.message?.hasPrefix("\(growing):4: error: malformed JSON") == true, "\(String(describing: state.message))")
    #expect(!state.isFollowing)
  }

  @Test func aTraceThatCannotBeOpenedEndsWithItsProblem() async {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).trace").path
    let result = await Self.replayInspector(missing, script: Self.folder.appendingPathComponent("open.keys").path)
    #expect(result.status == 2)
    #expect(result.errors.contains("\(missing): error: cannot read the trace: No such file or directory"))
  }

  /// Writes the key script `--export-keys` makes up to `number`, returning its path.
  private func exportedKeys(_ trace: String, through number: Int, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent("upto\(number).keys").path
    let answer = inspect(trace, .exportKeys(through: number, file: file))
    #expect(answer.failure == nil)
    return file
  }
}

/// Compares `actual` with the golden at `path`; `TIDE_RECORD_GOLDENS=all` (or `missing`, for a
/// golden not there yet) writes it instead and records that it did.
func checkGolden(_ actual: String, at path: String) throws {
  let committed = try? String(contentsOfFile: path, encoding: .utf8)
  guard actual != committed else { return }
  let mode = ProcessInfo.processInfo.environment["TIDE_RECORD_GOLDENS"]
  if mode == "all" || (committed == nil && mode == "missing") {
    try actual.write(toFile: path, atomically: true, encoding: .utf8)
    Issue.record("\(path) recorded (TIDE_RECORD_GOLDENS is set): look at it and commit it")
  } else {
    Issue.record("\(path) is out of date (TIDE_RECORD_GOLDENS=all rewrites it):\n\(lineDiff(expected: committed ?? "", actual: actual))")
  }
}
