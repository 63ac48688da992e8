import Foundation
import Testing
import TideTestSupport

@testable import TideDemo

/// The todo file under a real terminal and real signals: every way of quitting right after a
/// change keeps the change, and `kill -9` at any moment leaves a whole file.
///
/// One tmux server per loop; each run restarts the app in the same pane (`respawn-pane`),
/// which keeps the loops fast. Every wait polls the pane or the file with a deadline.
@Suite(
  "End to end: the todo file", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct EndToEndDataTests {

  static let oneTodo = #"{"version": 1, "todos": [{"id": 1, "title": "t", "isDone": false}]}"#

  /// How a run ends the app right after the toggle.
  enum Quit: String, CaseIterable, CustomTestStringConvertible {
    case q, controlC = "ctrl-c", sigterm = "SIGTERM", sighup = "SIGHUP"
    var testDescription: String { rawValue }
  }

  func todos(at path: String) throws -> [Todo] {
    try TodoFile.decode(Data(contentsOf: URL(fileURLWithPath: path))).todos
  }

  @Test(arguments: Quit.allCases)
  func aToggleRightBeforeQuittingIsNeverLost(quit: Quit) async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("s.json")
    var lost: [Int] = []
    for run in 1...20 {
      try Data(Self.oneTodo.utf8).write(to: URL(fileURLWithPath: data))
      try await session.startDemo(run: run, binary, ["--data", data, "--screen", "todos"])
      try await session.waitForScreen(containing: "> [ ] t")
      switch quit {
      case .q: try await session.send("x", "q")  // in one burst: the app reads x, then q
      case .controlC:
        // The terminal turns ctrl-c into SIGINT at once and discards unread input, so the
        // toggle must have been read first (its save may still be running).
        try await session.send("x")
        try await session.waitForScreen(containing: "> [x] t")
        try await session.send("C-c")
      case .sigterm, .sighup:
        let pid = try await session.appPID()
        try await session.send("x")
        try await session.waitForScreen(containing: "> [x] t")
        #expect(kill(pid, quit == .sigterm ? SIGTERM : SIGHUP) == 0)
      }
      let status = try await session.waitForExit()
      // Issue 37: a quit signal ends the app with 128 + N, as shells expect (it was 0).
      let expected: Int32 = switch quit {
      case .q: 0
      case .controlC: 128 + SIGINT
      case .sigterm: 128 + SIGTERM
      case .sighup: 128 + SIGHUP
      }
      #expect(status == expected, "run \(run): exit \(status)")
      if try todos(at: data) != [Todo(id: 1, title: "t", isDone: true)] { lost.append(run) }
      #expect(!session.folder.contents().contains { $0.contains(".tmp-") }, "run \(run) left a temporary file")
    }
    #expect(lost.isEmpty, "\(quit): the toggle was lost in runs \(lost) of 20")
  }

  @Test func killNineDuringRapidChangesAlwaysLeavesTheOldOrTheNewList() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("s.json")
    // A list big enough that each save takes a while, so kills land in the middle of writes.
    let list = (1...3_000).map { Todo(id: $0, title: "todo number \($0) with a longer title") }
    try TodoStorage(path: data).saveNow(list)
    var toggled = list
    toggled[0].isDone = true
    for run in 1...30 {
      if run == 1 {
        try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
      } else {
        try await session.restartApp()
      }
      try await session.waitForScreen("the list") { $0.contains("] todo number 1 ") }
      let pid = try await session.appPID()
      // 1…30 toggles in one burst, then kill -9 straight away: a different moment every run.
      try await session.send(contentsOf: Array(repeating: "x", count: run))
      #expect(kill(pid, SIGKILL) == 0)
      _ = try await session.waitForExit()
      let saved = try #require(try? todos(at: data), "run \(run): the file does not parse")
      #expect(saved == list || saved == toggled, "run \(run): the file holds neither list")
    }
    // The next start removes the temporary files the killed runs left behind.
    try await session.restartApp()
    try await session.waitForScreen("the list") { $0.contains("] todo number 1 ") }
    #expect(!session.folder.contents().contains { $0.contains(".tmp-") }, "\(session.folder.contents())")

    // Meanwhile a second instance (here a replay) opens the file read-only and says who holds it.
    let pid = try await session.appPID()
    let script = session.folder.file("look.keys")
    try "keys x ?\n".write(toFile: script, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: data))
    let replay = try await runProcess(binary, ["replay", script, "--screen", "todos", "--data", data, "--size", "200x30"])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdout.contains("! s.json is in use by tide-demo pid \(pid): read-only, changes not saved"), "\(replay)")
    #expect(replay.stdout.contains("is in use by tide-demo pid \(pid)"), "\(replay)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: data)) == before)
    try await session.send("q")
    _ = try await session.waitForExit()
  }
}

extension EndToEndDataTests {
  /// 100,000 todos in a real terminal: a burst of toggles is drawn and saved promptly (it once
  /// froze the screen for seconds and kept saving for 16 s), and quitting keeps the last one.
  /// The deadlines are generous (a debug build on a loaded machine); they catch the freeze.
  @Test func aHundredThousandTodosStayResponsiveAndQuitSavesTheLastToggle() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("big.json")
    let list = (1...100_000).map { Todo(id: $0, title: "todo \($0)") }
    try TodoStorage(path: data).saveNow(list)
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "> [ ] todo 1")
    let start = ContinuousClock.now
    try await session.send(contentsOf: Array(repeating: "x", count: 21))
    try await session.waitForScreen(containing: "> [x] todo 1")
    let drawn = ContinuousClock.now - start
    try await session.send("q")
    _ = try await session.waitForExit()
    let quit = ContinuousClock.now - start
    let saved = try TodoFile.decode(Data(contentsOf: URL(fileURLWithPath: data))).todos
    #expect(saved.count == 100_000)
    #expect(saved.first == Todo(id: 1, title: "todo 1", isDone: true), "the last toggle was lost")
    print("EndToEndDataTests: 21 toggles of 100,000 todos drawn in \(drawn), saved and quit in \(quit)")
  }
}
