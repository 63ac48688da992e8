import Foundation
import Testing
import TideTestSupport

/// `tide-demo --record`: a real session in tmux is recorded, and replaying the recording ends on
/// the screen the user saw. Uses the shared tmux driver, ``TmuxSession``.
@Suite(
  "Recording a live session",
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct RecordEndToEndTests {
  /// The pane's rows as `capture-pane -p` gives them and the replay prints them: trailing spaces
  /// and trailing blank rows removed.
  static func normalized(_ screen: String) -> String {
    var rows = screen.components(separatedBy: "\n").map { row in
      String(row.reversed().drop { $0 == " " }.reversed())
    }
    while rows.last?.isEmpty == true { rows.removeLast() }
    return rows.joined(separator: "\n")
  }

  /// Counter, typed todos with Unicode and quotes, a toggle, a resize and the help overlay: the
  /// screen captured just before quitting is the replay's final screen.
  @Test func aRecordedSessionReplaysToTheScreenTheUserSaw() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let recording = session.folder.file("session.keys")
    try await session.startDemo(binary, ["--record", recording, "--data", session.folder.file("todos.json")])
    try await session.waitForScreen(containing: "Count: 0")
    try await session.send("+", "+", "+", "-")
    try await session.waitForScreen(containing: "Count: 2")
    try await session.send("Tab", "Tab")
    try await session.waitForScreen(containing: "No todos yet")
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.type("milk \"fresh\" 日本")
    try await session.waitForScreen(containing: "New todo: milk \"fresh\" 日本")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "[ ] milk \"fresh\" 日本")
    try await session.send("a")
    try await session.type("bread #2")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "[ ] bread #2")
    try await session.send("x")
    try await session.waitForScreen(containing: "[x]")
    try await session.tmux(["resize-window", "-t", session.name, "-x", "100", "-y", "30"])
    try await session.waitForScreen("the app to redraw at 100x30") { screen in
      screen.components(separatedBy: "\n").contains { $0.count > 80 && $0.hasSuffix("Tide demo") }
    }
    try await session.send("?")
    try await session.waitForScreen(containing: "close help")
    let live = Self.normalized(try await session.capture())

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let script = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(script.hasPrefix("# key script recorded "), "\(script)")
    #expect(script.contains("resize 100x30"), "\(script)")

    let replay = try await runProcess(binary, ["replay", recording, "--screen", "counter"])
    #expect(replay.status == 0, "\(replay)\n--- script\n\(script)")
    let replayed = Self.normalized(replay.stdout)
    #expect(replayed == live, "\(lineDiff(expected: live, actual: replayed))\n--- script\n\(script)")
  }

  /// SIGTERM ends the app like `q` (status 143, as shells expect): the recording is written,
  /// and it replays to the screen shown when the signal came.
  @Test func sigtermStillWritesTheRecording() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let recording = session.folder.file("session.keys")
    try await session.startDemo(binary, ["--record", recording, "--data", session.folder.file("todos.json"), "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")
    try await session.send("a")
    try await session.type("signal")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "[ ] signal")
    let live = Self.normalized(try await session.capture())

    kill(try await session.appPID(), SIGTERM)
    #expect(try await session.waitForExit() == 128 + SIGTERM, "after the recording is written")
    let script = try String(contentsOfFile: recording, encoding: .utf8)
    let replay = try await runProcess(binary, ["replay", recording, "--screen", "todos"])
    #expect(replay.status == 0, "\(replay)\n--- script\n\(script)")
    #expect(Self.normalized(replay.stdout) == live, "\(lineDiff(expected: live, actual: Self.normalized(replay.stdout)))\n--- script\n\(script)")
  }

  /// Issue 20: a recording of a session that started from a non-empty list replayed from an
  /// empty one, so to another screen. The header's command, run as written, starts from the
  /// data the session started from and ends on the screen the user saw; the data file and the
  /// kept copy are left as they were.
  ///
  /// The paths are typed relative to the folder the app runs in, and the header's command is
  /// run by a shell from another folder (the test's): it named the relative paths as typed, so
  /// it failed anywhere else; it now changes to the session's folder first.
  @Test func aRecordingOfANonEmptyListReplaysToTheScreenTheUserSaw() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try #"{"version":1,"todos":[{"id":1,"title":"eggs","isDone":false},{"id":2,"title":"flour","isDone":true},{"id":3,"title":"jam","isDone":false}]}"#
      .write(toFile: data, atomically: true, encoding: .utf8)
    let recording = session.folder.file("session.keys")
    try await session.startDemo(binary, ["--record", "session.keys", "--data", "todos.json", "--screen", "todos"])
    try await session.waitForScreen(containing: "[ ] jam")
    try await session.send("x", "j", "j", "d")
    try await session.waitForScreen("eggs done and jam deleted") { screen in
      screen.contains("[x] eggs") && !screen.contains("jam")
    }
    try await session.send("a")
    try await session.type("milk")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "[ ] milk")
    let live = Self.normalized(try await session.capture())
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let afterSession = try String(contentsOfFile: data, encoding: .utf8)

    let script = try String(contentsOfFile: recording, encoding: .utf8)
    let header = try #require(script.split(separator: "\n").first { $0.hasPrefix("# replay it with: ") }, "\(script)")
    let command = header.dropFirst("# replay it with: ".count)
    let folder = URL(fileURLWithPath: session.folder.path).resolvingSymlinksInPath().path
    #expect(
      command == "cd \(folder) && tide-demo replay --screen todos session.keys --initial-data session.keys.todos.json",
      "\(script)")
    #expect(FileManager.default.currentDirectoryPath != folder, "the replay runs from another folder")
    let binaries = URL(fileURLWithPath: binary).deletingLastPathComponent().path
    let replay = try await runProcess("/bin/sh", ["-c", String(command)], environment: ["PATH": "\(binaries):/usr/bin:/bin"])
    #expect(replay.status == 0, "\(replay)\n--- script\n\(script)")
    let replayed = Self.normalized(replay.stdout)
    #expect(replayed == live, "\(lineDiff(expected: live, actual: replayed))\n--- script\n\(script)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == afterSession, "the replay never touched the data file")
    #expect(try String(contentsOfFile: recording + ".todos.json", encoding: .utf8).contains("flour"), "the kept copy is the start")
  }

  /// The script holds what the user did, never what the app read: todos loaded from the data
  /// file appear on the screen but not in the script (the data is kept beside it, as a copy).
  @Test func theRecordingNeverHoldsTheDataFilesContents() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    let seed = session.folder.file("seed.keys")
    try "keys a\ntype \"private-title-4711\"\nkeys enter\n".write(toFile: seed, atomically: true, encoding: .utf8)
    let seeded = try await runProcess(binary, ["replay", seed, "--screen", "todos", "--data", data])
    #expect(seeded.status == 0, "\(seeded)")
    #expect(try String(contentsOfFile: data, encoding: .utf8).contains("private-title-4711"))

    let recording = session.folder.file("session.keys")
    try await session.startDemo(binary, ["--record", recording, "--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "[ ] private-title-4711")
    try await session.send("x")
    try await session.waitForScreen(containing: "[x] private-title-4711")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let script = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(script.contains("keys x") || script.contains("type \"xq\""), "\(script)")
    #expect(!script.contains("private-title"), "\(script)")
  }
}

/// `--record`'s checks, made before anything runs.
@Suite("--record refusals")
struct RecordOptionTests {
  /// A `--record` path whose folder is missing is refused before the terminal is touched.
  @Test func aRecordPathInAMissingFolderIsRefusedFirst() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let result = try await runProcess(binary, ["--record", folder.file("missing/session.keys")])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("the folder \(folder.file("missing")) does not exist"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
  }

  /// A replay is already a script: `--record` with `replay` is a usage error, not ignored.
  @Test func recordWithReplayIsAUsageError() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("s.keys")
    try "keys +\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await runProcess(binary, ["--record", folder.file("out.keys"), "replay", script])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("--record"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("out.keys")))
  }
}
