import Foundation
import Testing
import TideTestSupport

/// The `tide-demo` binary as a user runs it: exit statuses, messages on stderr, replay output.
@Suite("tide-demo command line")
struct CLITests {
  func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func helpAndVersionExitZero() async throws {
    let binary = try requireTideDemo()
    let help = try await runProcess(binary, ["--help"])
    #expect(help.status == 0, "\(help)")
    #expect(help.stdout.contains("USAGE"), "\(help)")
    #expect(help.stdout.contains("replay"), "\(help)")
    #expect(help.stdout.contains("--version"), "\(help)")

    for option in ["--screen", "--data", "--trace"] {
      #expect(help.stdout.contains(option), "the top-level help lists \(option): \(help)")
    }

    let replayHelp = try await runProcess(binary, ["replay", "--help"])
    #expect(replayHelp.status == 0, "\(replayHelp)")
    #expect(replayHelp.stdout.contains("--size"), "\(replayHelp)")
    #expect(replayHelp.stdout.contains("--frames"), "\(replayHelp)")

    let version = try await runProcess(binary, ["--version"])
    #expect(version.status == 0, "\(version)")
    #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("tide-demo "), "\(version)")
    #expect(version.stderr.isEmpty, "\(version)")
  }

  @Test func replayPrintsTheFinalScreen() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("ok.keys")
    try write("keys + +   # two up\nexpect \"Count: 2\"\n", to: script)
    let result = try await runProcess(binary, ["replay", script])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 25, "24 rows and the final newline: \(result)")
    #expect(lines.contains { $0.hasSuffix("Count: 2") })
    #expect(!lines.contains { $0.hasSuffix(" ") }, "trailing spaces are removed")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  @Test func replayHonoursSizeScreenAndFrames() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("frames.keys")
    try write("keys space\nwait 100ms\n", to: script)
    let result = try await runProcess(binary, ["replay", script, "--size", "50x15", "--screen", "stopwatch", "--frames"])
    #expect(result.status == 0, "\(result)")
    let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("--- frame ") }
    #expect(headers.first == "--- frame 1 (after 0: start)", "\(result)")
    #expect(headers.contains("--- frame 2 (after 1: keys space)"), "\(result)")
    // A frame at each of the six ticks inside the wait, the last at 100 ms exactly.
    #expect(headers.last == "--- frame 8 (after 2: wait 100ms)", "\(result)")
    #expect(result.stdout.contains("00:00.10"))
    let rows = result.stdout.components(separatedBy: "--- frame 8 (after 2: wait 100ms)\n")[1]
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 16, "15 rows and the final newline")
  }

  @Test func aMalformedScriptExitsTwoWithItsPosition() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let cases: [(script: String, line: Int, column: Int, message: String)] = [
      ("keys + +\nkeys tab nope\n", 2, 10, "unknown key 'nope'"),
      ("# fine\n\n  jump 3\n", 3, 3, "unknown command 'jump'"),
      ("type \"unterminated\n", 1, 6, "unterminated string"),
      ("wait 0s\n", 1, 6, "duration must be greater than zero"),
      ("resize 80by24\n", 1, 8, "invalid size '80by24'"),
    ]
    for (index, testCase) in cases.enumerated() {
      let script = folder.file("bad\(index).keys")
      try write(testCase.script, to: script)
      let result = try await runProcess(binary, ["replay", script])
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderr.hasPrefix("\(script):\(testCase.line):\(testCase.column): error: \(testCase.message)"),
        "\(result)")
      #expect(result.stdout.isEmpty, "nothing is replayed from a script with an error: \(result)")
    }
  }

  @Test func aFailingExpectExitsOneWithTheExpectationAndTheScreen() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("fails.keys")
    try write("keys + + +\nexpect \"Count: 3\"\nexpect-not \"Count: 3\"\nkeys +\n", to: script)
    let result = try await runProcess(binary, ["replay", script])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("\(script):3: expectation failed: expect-not \"Count: 3\""), "\(result)")
    #expect(result.stderr.contains("--- screen"), "\(result)")
    #expect(result.stderr.contains("Count: 3"), "the screen at the failure: \(result)")
    #expect(!result.stderr.contains("Count: 4"), "nothing after the failure runs: \(result)")
  }

  @Test(arguments: ["80by24", "0x24", "80x0", "x", "80x", "-5x10", "80x24x2"])
  func aBadSizeExitsTwo(size: String) async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("ok.keys")
    try write("keys +\n", to: script)
    let result = try await runProcess(binary, ["replay", script, "--size=\(size)"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("--size"), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  @Test func otherUsageErrorsExitTwo() async throws {
    let binary = try requireTideDemo()
    let missing = try await runProcess(binary, ["replay", "/nonexistent/script.keys"])
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderr.hasPrefix("/nonexistent/script.keys: error: "), "\(missing)")
    let noScript = try await runProcess(binary, ["replay"])
    #expect(noScript.status == 2, "\(noScript)")
    let badScreen = try await runProcess(binary, ["replay", "x.keys", "--screen", "clock"])
    #expect(badScreen.status == 2, "\(badScreen)")
    let unknownOption = try await runProcess(binary, ["--colour"])
    #expect(unknownOption.status == 2, "\(unknownOption)")
  }

  @Test func replayTouchesNoFileWithoutData() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let home = folder.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let script = folder.file("add.keys")
    try write("keys a\ntype \"not saved\"\nkeys enter\nexpect \"[ ] not saved\"\n", to: script)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["XDG_DATA_HOME"] = home + "/xdg"
    let result = try await runProcess(binary, ["replay", script, "--screen", "todos"], environment: environment)
    #expect(result.status == 0, "\(result)")
    #expect(folder.contents("home").isEmpty)

    // With --data the same script saves there.
    let data = folder.file("data/todos.json")
    let saved = try await runProcess(
      binary, ["replay", script, "--screen", "todos", "--data", data], environment: environment)
    #expect(saved.status == 0, "\(saved)")
    #expect(try String(contentsOfFile: data, encoding: .utf8).contains("\"not saved\""))
    #expect(folder.contents("home").isEmpty)
  }

  @Test func severalScriptsEachGetAFreshApp() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let first = folder.file("one.keys")
    let second = folder.file("two.keys")
    try write("keys + +\n", to: first)
    try write("keys +\nexpect \"Count: 1\"\n", to: second)
    let result = try await runProcess(binary, ["replay", first, second])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("==> \(first) <==\n"), "\(result)")
    #expect(result.stdout.contains("==> \(second) <==\n"), "\(result)")
  }
}
