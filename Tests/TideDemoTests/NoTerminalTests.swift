import Foundation
import Testing
import TideTestSupport

/// The interactive app without a terminal (stdin from /dev/null, stdout to a file): it exits 2
/// at once with a message, writes no escape codes and touches no file — where it used to spin a
/// CPU forever or write the screen into the file.
@Suite("tide-demo without a terminal")
struct NoTerminalTests {
  @Test(arguments: [[], ["--screen", "todos"], ["--data", "DATA"]])
  func exitsTwoAtOnceTouchingNothing(arguments: [String]) async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let home = folder.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["XDG_DATA_HOME"] = home + "/xdg"
    environment["TERM"] = "xterm-256color"
    let data = folder.file("home/data/todos.json")
    let result = try await runProcess(
      binary, arguments.map { $0 == "DATA" ? data : $0 }, environment: environment)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "", "no terminal set-up sequences in the output file")
    #expect(result.stderr == "tide-demo: needs an interactive terminal (try tide-demo replay)\n")
    #expect(folder.contents("home").isEmpty, "no data folder or file created")
  }
}
