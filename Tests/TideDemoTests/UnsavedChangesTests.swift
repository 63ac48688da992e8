import Foundation
import Testing
import TideDemo
import TideTestSupport

/// Issue 20: changes whose saves failed are never lost silently. Saves fail here beyond
/// `ulimit -f` (``FileSizeLimit``, which stops root too): the todo file is seeded larger than
/// the limit, so every save of it fails with "File too large" while everything else the app
/// writes fits.
@Suite("Unsaved changes at the end")
struct UnsavedChangesTests {
  let folder = TemporaryDirectory("tide-unsaved")

  /// Todos with long titles, more bytes than ``FileSizeLimit`` lets a file have.
  func seed() throws -> (path: String, original: String) {
    let path = folder.file("todos.json")
    let title = " " + String(repeating: "long title ", count: 40)
    var todos: [String] = []
    var size = 0
    while size <= FileSizeLimit.bytesBeyond {
      let todo = #"{"id":\#(todos.count + 1),"title":"todo \#(todos.count + 1)\#(title)","isDone":false}"#
      size += todo.utf8.count + 1
      todos.append(todo)
    }
    let original = #"{"version":1,"todos":["# + todos.joined(separator: ",") + "]}"
    try original.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, original)
  }

  /// A replay whose saves failed ended with status 0 and said nothing on stderr.
  @Test func aReplayWhoseSavesFailedExitsOneNamingTheFile() async throws {
    let binary = try requireTideDemo()
    let (data, original) = try seed()
    let script = folder.file("toggle.keys")
    try "keys x j x\nexpect \"Could not save todos\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await runProcess(
      "/bin/sh", ["-c", FileSizeLimit.command + #"; exec "$0" "$@""#, binary, "replay", script, "--screen", "todos", "--data", data])
    #expect(!result.wasSignalled && result.status == 1, "\(result)")
    #expect(result.stderr.contains("your latest todo changes were not saved"), "\(result)")
    #expect(result.stderr.contains(data), "the message names the file: \(result)")
    #expect(result.stderr.contains("File too large"), "the system's reason: \(result)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == original, "the file is whole")
  }

  /// Quitting after failed saves exited 0 with nothing on stderr: the changes were lost unseen.
  @Test(.enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
  func quittingAfterFailedSavesSaysWhatWasLostAndExitsOne() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let (data, original) = try seed()
    try await session.startApp(
      binary, ["--data", data, "--screen", "todos"],
      environment: FileSizeLimit.command + "; env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color", recordingStandardError: true)
    try await session.waitForScreen(containing: "> [ ] todo 1")
    try await session.send("x")
    try await session.waitForScreen(containing: "Could not save todos")
    try await session.send("q")
    #expect(try await session.waitForExit() == 1)
    let stderr = try session.file("stderr")
    #expect(stderr.contains("your latest todo changes were not saved"), "\(stderr)")
    #expect(stderr.contains(data) && stderr.contains("File too large"), "\(stderr)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == original, "the file is whole")
  }
}
