import Foundation
import Testing
import Tide
import TideTerminal
import TideTestSupport

@testable import TideTerminalCommand

/// The command a recording's header gives replays it, for an app with a positional argument
/// too: tide-pager's header read `tide-pager replay r.keys f.txt` — the script where the app's
/// FILE goes — and running it exited 2 (issue 37's hostile test, F15).
@MainActor
@Suite struct RecordingHeaderTests {
  let folder = TemporaryDirectory("tide-recording-header")

  @Test func theHeadersCommandPutsTheAppsArgumentsBeforeTheScript() async throws {
    let notes = folder.file("notes.txt")
    try "the notes\n".write(toFile: notes, atomically: true, encoding: .utf8)
    let path = folder.file("session.keys")
    let recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    let recording = SessionRecording(script: try OutputFile(checking: path))
    try recording.write(recording.text(
      of: recorder, commandName: "show", replayArguments: [notes], start: Date(), duration: .seconds(1)))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("# replay it with: ") }, "\(text)")
    #expect(header.hasSuffix("show replay \(notes) \(path)"), "\(header)")
    // The header's command, run as it says, replays to the file's screen.
    let outcome = await run(Show.command(defaultFile: notes), ["replay", notes, path])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("the notes"), "\(outcome)")
  }
}
