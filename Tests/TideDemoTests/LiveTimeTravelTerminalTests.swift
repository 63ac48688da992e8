import Foundation
import Testing
import TideTestSupport

/// Live time travel in real terminals (tmux): tide-demo serving its trace with
/// `--inspect-socket`, `tide-demo inspect --attach` in another terminal putting it back into an
/// earlier step's state with its keys held, resuming from there, and each side ending while the
/// other goes on with its terminal restored.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct LiveTimeTravelTerminalTests {
  let environment = "env LC_ALL=C.UTF-8 TERM=tmux-256color"

  /// The app on the counter screen with five increments, and the inspector attached to it.
  func start(_ label: String) async throws -> (app: TmuxSession, inspector: TmuxSession, socket: String) {
    let binary = try requireBuiltExecutable("tide-demo")
    let app = TmuxSession(label: "live-\(label)-app", columns: 80, rows: 24)
    let socket = app.folder.file("app.sock")
    try await app.startApp(
      binary, [
        "--screen", "counter", "--data", app.folder.file("c.json"), "--inspect-socket", socket,
        "--record", app.folder.file("session.keys"),
      ],
      environment: environment, recordingStandardError: true)
    try await app.waitForScreen(containing: "Count: 0")
    for count in 1...5 {
      try await app.send("+")
      try await app.waitForScreen(containing: "Count: \(count)")
    }
    let inspector = TmuxSession(label: "live-\(label)-inspector", columns: 120, rows: 30)
    // Its copy of the trace in the session's folder: an inspector killed by a test (kill -9)
    // cannot remove it, and the folder goes with the session.
    try await inspector.startApp(
      binary, ["inspect", "--attach", socket], environment: environment + " TMPDIR=\(inspector.folder.path)",
      recordingStandardError: true)
    // The resize the app starts with is step 1, the five increments 2 to 6.
    try await inspector.waitForScreen(containing: "step 6 of 6 — live")
    return (app, inspector, socket)
  }

  /// Selects step `step` of 6 in the inspector (from the last) and puts the app there.
  func travel(_ inspector: TmuxSession, toStep step: Int, of count: Int) async throws {
    for _ in step..<count { try await inspector.send("Up") }
    try await inspector.waitForScreen(containing: "step \(step) of \(count)")
    try await inspector.send("t")
    try await inspector.waitForScreen(containing: "app held at step \(step)")
  }

  func expectRestored(_ session: TmuxSession) async throws {
    #expect(try session.file("stty-after") == session.file("stty-before"), "the shell's tty modes")
    #expect(try await session.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
  }

  @Test func theInspectorPutsTheAppBackHoldsItsKeysAndResumesFromThere() async throws {
    let (app, inspector, socket) = try await start("travel")
    try await travel(inspector, toStep: 3, of: 6)
    try await app.waitForScreen("the app at step 3, its keys held") {
      $0.contains("Count: 2") && $0.contains("keys held until it resumes")
    }
    // Held: this + does nothing (the count after the resume shows it).
    try await app.send("+")
    try await inspector.send("r")
    try await app.waitForScreen("the app going on") { !$0.contains("keys held") && $0.contains("Count: 2") }
    try await app.send("+")
    try await app.waitForScreen(containing: "Count: 3")
    // Steps 4 to 6 of the old line are left behind: step 4 is the resize the app was sent at
    // the resume (the terminal it has now), the new + is step 5 of 5.
    try await inspector.waitForScreen(containing: " of 5 — live")
    try await inspector.send("G")
    try await inspector.waitForScreen("the branch's steps in the inspector") {
      $0.contains("step 5 of 5 — live") && $0.contains("Step 5 of 5, at") && $0.contains(" 4 .todos(.resized")
        && $0.contains(" 5 .counter(") && !$0.contains(" 6 .counter(")
    }

    // The inspector quits: the app goes on.
    try await inspector.send("q")
    #expect(try await inspector.waitForExit() == 0)
    try await app.send("+")
    try await app.waitForScreen(containing: "Count: 4")
    try await app.send("q")
    #expect(try await app.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket goes with the app")
    try await expectRestored(app)
    try await expectRestored(inspector)
    // The recorded script has the keys the app got — five, then two after the resume — not the
    // one it held, and says where it was put.
    let script = try String(contentsOfFile: app.folder.file("session.keys"), encoding: .utf8)
    let lines = script.split(separator: "\n")
    #expect(lines.filter { !$0.hasPrefix("#") }.map { $0.filter { $0 == "+" }.count }.reduce(0, +) == 7, "\(script)")
    #expect(
      lines.contains {
        $0.hasPrefix("# here live time travel had put the app into the state of step 3 of its trace, and it went on from there")
      }, "\(script)")
  }

  /// An inspector killed while it holds the app (kill -9: no goodbye) lets the app go on from
  /// the step it was put in; an app that ends leaves its inspector browsing.
  @Test func eitherSideEndingLeavesTheOtherRunning() async throws {
    let (app, inspector, _) = try await start("ends")
    try await travel(inspector, toStep: 4, of: 6)
    try await app.waitForScreen(containing: "Count: 3")
    let pid = try await inspector.appPID(named: "tide-demo")
    #expect(kill(pid, SIGKILL) == 0)
    try await app.waitForScreen("the app going on after its inspector died") { !$0.contains("keys held") }
    try await app.send("+")
    try await app.waitForScreen(containing: "Count: 4")

    let second = TmuxSession(label: "live-ends-second", columns: 120, rows: 30)
    let binary = try requireBuiltExecutable("tide-demo")
    try await second.startApp(
      binary, ["inspect", "--attach", app.folder.file("app.sock")], environment: environment + " TMPDIR=\(second.folder.path)")
    // The trace went on from step 4: the resize at the resume is step 5, the new + step 6.
    try await second.waitForScreen(containing: "step 6 of 6 — live")
    try await app.send("q")
    #expect(try await app.waitForExit() == 0)
    try await second.waitForScreen(containing: "the app has ended")
    try await second.send("q")
    #expect(try await second.waitForExit() == 0)
    try await expectRestored(second)
  }

  @Test func attachingWhereNoAppServesFailsClearly() async throws {
    let binary = try requireBuiltExecutable("tide-demo")
    let folder = TemporaryDirectory("live-nothing")
    let result = try await runProcess(binary, ["inspect", "--attach", folder.file("none.sock")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no app serves its inspector at") && result.stderr.contains("--inspect-socket"), "\(result.stderr)")
    let shared = TemporaryDirectory("live-shared-folder")
    #expect(chmod(shared.path, 0o777) == 0)
    let refused = try await runProcess(
      binary, ["--screen", "counter", "--data", shared.file("c.json"), "--inspect-socket", shared.file("s.sock")])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("is writable by others"), "\(refused.stderr)")
    // The trace is read back for the inspector: a device or a FIFO cannot be.
    let stream = try await runProcess(
      binary, ["--screen", "counter", "--data", folder.file("c.json"), "--trace", "/dev/null", "--inspect-socket", folder.file("s.sock")])
    #expect(stream.status == 2)
    #expect(stream.stderr.contains("serves the trace from a regular file"), "\(stream.stderr)")
  }
}
