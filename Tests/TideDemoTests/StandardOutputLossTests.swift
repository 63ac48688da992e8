import Testing
import TideTestSupport

/// A replay whose screen cannot be written to standard output (a full disk) reports it and
/// ends with status 1, on every app (the shared command's `main`). Failed before the fix: the
/// screen was printed with `print`, whose failure is ignored, and the replay exited 0.
/// A reader that stops reading (`| head`) is no failure: the command ends as SIGPIPE ends one,
/// silently with status 141.
@Suite struct StandardOutputLossTests {
  @Test(arguments: ["tide-list", "tide-demo"])
  func replayToAFullDiskExitsOne(app: String) async throws {
    let executable = try requireBuiltExecutable(app)
    let folder = TemporaryDirectory("tide-stdout-loss")
    let script = folder.file("s.keys")
    try "keys down\n".write(toFile: script, atomically: false, encoding: .utf8)
    let result = try await runProcess(
      "/bin/sh", ["-c", "exec \"$0\" replay \"$1\" > /dev/full", executable, script])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("standard output: error: cannot write: No space left on device"), "\(result)")
  }

  /// Failed before the fix: `… | head -n 1` printed "standard output: error: cannot write:
  /// Broken pipe" and the command exited 1.
  @Test(arguments: [("tide-list", "down", "up"), ("tide-demo", "+", "-")])
  func aReaderThatStopsReadingEndsItSilently(app: String, forth: String, back: String) async throws {
    let executable = try requireBuiltExecutable(app)
    let folder = TemporaryDirectory("tide-stdout-closed")
    let script = folder.file("s.keys")
    // Far more than a pipe holds (about 460 KB of tide-list's frames, 800 KB of tide-demo's), so
    // writes go on after `head` has gone, whenever it goes: a replay prints a frame only for a
    // screen that changed, and keys without a wait between them share a frame, so 400 `down`s
    // printed 6-15 KB, which a pipe holds whole, and the replay exited 0 before `head` was gone
    // when the machine was busy.
    try String(repeating: "keys \(forth)\nwait 20ms\nkeys \(back)\nwait 20ms\n", count: 800)
      .write(toFile: script, atomically: false, encoding: .utf8)
    let errors = folder.file("errors")
    let status = folder.file("status")
    let result = try await runProcess(
      "/bin/sh", ["-c", "(\"$0\" replay --frames \"$1\" 2>\"$2\"; echo $? >\"$3\") | head -n 1", executable, script, errors, status])
    #expect(result.stdout.hasPrefix("--- frame 1 "), "\(result)")
    #expect(try String(contentsOfFile: status, encoding: .utf8) == "141\n")
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
