import Testing
import TideTestSupport

/// A replay whose screen cannot be written to standard output (a full disk) reports it and
/// ends with status 1, on every app (the shared command's `main`). Failed before the fix: the
/// screen was printed with `print`, whose failure is ignored, and the replay exited 0.
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
}
