import Foundation
import Testing
import TideTestSupport
import TideTerminal

/// tide-edit's `e` hands the real terminal to `$EDITOR` (``Effect/runInTerminal(_:then:)``):
/// the editor runs in the shell's modes on the normal screen, the app comes back with its
/// modes and the new text, and whatever the editor did — not start, fail, leave the terminal
/// raw, outlive a SIGTERM sent to the app — the app reports it and the shell gets its terminal
/// back as it was.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct HandOverTests {
  /// An editor as a shell script in the session's folder, and a file to edit. `EDITOR` runs it
  /// as `sh SCRIPT`: executed itself, a script this test process has just written may be "Text
  /// file busy" while a process another test forked meanwhile still holds it open.
  func session(_ label: String, editor script: String) throws -> (TmuxSession, notes: String, editor: String) {
    let session = TmuxSession(label: label, columns: 80, rows: 12)
    let notes = session.folder.file("notes.txt")
    try "line one\nline two\n".write(toFile: notes, atomically: true, encoding: .utf8)
    let editor = session.folder.file("editor.sh")
    try ("#!/bin/sh\n" + script).write(toFile: editor, atomically: true, encoding: .utf8)
    #expect(chmod(editor, 0o755) == 0)
    return (session, notes, editor)
  }

  @Test func theEditorGetsTheTerminalAndTheAppShowsWhatItWrote() async throws {
    let binary = try requireBuiltExecutable("tide-edit")
    let (session, notes, editor) = try session(
      "handover-edit",
      editor: """
        stty -a > "$(dirname "$1")/editor-tty"
        echo "added by the editor" >> "$1"
        """)
    try await session.startApp(binary, [notes], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color EDITOR='sh \(editor)'")
    try await session.waitForScreen(containing: "line two")
    try await session.send("e")
    try await session.waitForScreen(containing: "added by the editor")
    let tty = try session.file("editor-tty")
    #expect(tty.contains(" icanon") && tty.contains(" echo "), "the editor ran in the shell's modes: \(tty)")
    #expect(try await session.display("#{mouse_any_flag}#{alternate_on}") == "11", "the app's modes are back")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try session.file("stty-after") == session.file("stty-before"))
  }

  @Test func anEditorThatIsMissingOrFailsOrLeavesTheTerminalRawIsReported() async throws {
    let binary = try requireBuiltExecutable("tide-edit")
    let (session, notes, editor) = try session("handover-fail", editor: "stty raw -echo\nexit 3\n")
    try await session.startApp(
      binary, [notes], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color EDITOR='sh \(editor)'")
    try await session.waitForScreen(containing: "line two")
    try await session.send("e")
    try await session.waitForScreen(containing: "the editor exited with status 3")
    // Keys still reach the app: the terminal is the app's again, raw as the editor left it or not.
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try session.file("stty-after") == session.file("stty-before"), "the shell's modes, not the editor's")

    let missing = TmuxSession(label: "handover-missing", columns: 80, rows: 12)
    try await missing.startApp(
      binary, [notes], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color EDITOR=/nonexistent/editor")
    try await missing.waitForScreen(containing: "line two")
    try await missing.send("e")
    try await missing.waitForScreen(containing: "the editor could not start: /nonexistent/editor: not found")
    try await missing.send("q")
    #expect(try await missing.waitForExit() == 0)
  }

  /// An app that suspends itself (``Effect/suspend(then:)``, tide-edit's `z`) stops as ctrl-z
  /// stops it: the shell has the terminal in its modes, and `fg` brings the app back redrawn,
  /// reading the file the user changed at the shell meanwhile.
  @Test func theAppSuspendsItselfAndComesBackOnFg() async throws {
    let binary = try requireBuiltExecutable("tide-edit")
    let session = TmuxSession(label: "suspend-itself", columns: 80, rows: 12)
    let notes = session.folder.file("notes.txt")
    try "line one\nline two\n".write(toFile: notes, atomically: true, encoding: .utf8)
    // A shell with job control (`set -m`), so the stop goes to the shell; once told (the file
    // `resume`) it changes the file as a user would at the prompt, then continues the app.
    let script = """
      set -m
      cd '\(session.folder.path)' || exit 99
      LC_ALL=C.UTF-8 TERM=tmux-256color '\(binary)' notes.txt
      stty -a > stty-stopped.tmp
      mv stty-stopped.tmp stty-stopped
      while [ ! -e resume ]; do sleep 0.05; done
      echo "added at the shell" >> notes.txt
      fg
      echo $? > status.tmp
      mv status.tmp status
      exec sleep 600
      """
    try script.write(toFile: session.folder.file("job.sh"), atomically: true, encoding: .utf8)
    try await session.start("bash '\(session.folder.file("job.sh"))'")
    try await session.waitForScreen(containing: "line two")
    try await session.send("z")
    _ = try await session.waitForFile("stty-stopped")
    #expect(try session.file("stty-stopped").contains(" icanon"), "the shell's modes while stopped")
    try await session.waitForDisplay("#{alternate_on}", toBe: "0", what: "the normal screen while stopped")
    try "".write(toFile: session.folder.file("resume"), atomically: true, encoding: .utf8)
    try await session.waitForScreen(containing: "added at the shell")
    #expect(try await session.display("#{alternate_on}") == "1", "the app's screen back")
    try await session.send("q")
    #expect(try await session.waitForFile("status") == "0")
  }

  /// SIGTERM sent to the app while its editor runs: the editor gets it too, then the app
  /// restores the terminal and ends as a SIGTERM ends it (143).
  @Test func aQuitSignalWhileTheEditorRunsReachesTheEditorAndEndsTheApp() async throws {
    let binary = try requireBuiltExecutable("tide-edit")
    let (session, notes, editor) = try session(
      "handover-term",
      editor: """
        folder="$(dirname "$1")"
        trap 'echo got-term > "$folder/editor-signal"; exit 143' TERM
        touch "$folder/editor-running"
        sleep 60 &
        wait
        """)
    try await session.startApp(binary, [notes], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color EDITOR='sh \(editor)'")
    try await session.waitForScreen(containing: "line two")
    try await session.send("e")
    _ = try await session.waitForFile("editor-running")
    kill(try await session.appPID(named: "tide-edit"), SIGTERM)
    #expect(try await session.waitForExit() == 128 + SIGTERM)
    #expect(try session.file("editor-signal") == "got-term")
    #expect(try await session.display("#{mouse_any_flag}#{alternate_on}") == "00")
    #expect(try session.file("stty-after") == session.file("stty-before"))
  }
}

/// A replay of tide-edit's `e` starts no editor, whatever `EDITOR` says: the app is told so.
@Suite struct HandOverReplayTests {
  /// Replays `script` on tide-edit with `EDITOR` set to a script that leaves a marker file if it
  /// ever runs; returns the replay's standard output, having checked it passed and ran nothing.
  func replayWithoutEditor(_ script: String, label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    let binary = try requireBuiltExecutable("tide-edit")
    let folder = TemporaryDirectory(label)
    let notes = folder.file("notes.txt")
    try "line one\n".write(toFile: notes, atomically: true, encoding: .utf8)
    let keys = folder.file("edit.keys")
    try script.write(toFile: keys, atomically: true, encoding: .utf8)
    let marker = folder.file("editor-ran")
    let editor = folder.file("editor.sh")
    try "#!/bin/sh\ntouch '\(marker)'\n".write(toFile: editor, atomically: true, encoding: .utf8)
    #expect(chmod(editor, 0o755) == 0, sourceLocation: sourceLocation)
    let result = try await runProcess(
      binary, ["replay", notes, keys], environment: ["EDITOR": editor, "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: marker), "the editor ran", sourceLocation: sourceLocation)
    return result.stdout
  }

  @Test func aReplayRunsNoEditor() async throws {
    let shown = try await replayWithoutEditor("keys e\n", label: "handover-replay")
    #expect(shown.contains("the editor could not start: a replay runs no program"), "\(shown)")
  }

  /// A key script stands in for the program: `program exits N`, `program killed N` and
  /// `program fails "…"` say how the next hand-overs end, and the app hears just that; still no
  /// program starts.
  @Test(arguments: [
    ("program exits 3", "the editor exited with status 3"),
    ("program killed 9", "the editor was ended by signal 9"),
    ("program fails \"vim: not found\"", "the editor could not start: vim: not found"),
  ])
  func aKeyScriptStandsInForTheProgram(line: String, shown: String) async throws {
    _ = try await replayWithoutEditor("\(line)\nkeys e\nexpect \"\(shown)\"\n", label: "handover-stand-in")
  }

  /// A malformed `program` line names its line and column.
  @Test func aMalformedProgramLineIsNamed() throws {
    for (line, message) in [
      ("program", "'program' needs how the program ends"), ("program exits", "'program exits' needs a status"),
      ("program exits 256", "expected a status from 0 to 255"), ("program leaves 1", "found 'leaves'"),
      ("program fails reason", "'program fails' needs a quoted reason"), ("program exits 0 now", "unexpected extra argument"),
    ] {
      #expect(throws: KeyScriptError.self, "\(line)") { try KeyScript(utf8: Array("keys a\n\(line)\n".utf8), file: "s.keys") }
      do {
        _ = try KeyScript(utf8: Array("keys a\n\(line)\n".utf8), file: "s.keys")
      } catch {
        #expect(error.description.hasPrefix("s.keys:2:") && error.description.contains(message), "\(error)")
      }
    }
  }
}
