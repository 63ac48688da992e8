import Foundation
import Testing
import TideTestSupport

/// The examples' binaries as a user runs them: each is a `TerminalCommand`, so `--help`,
/// `--version`, `replay` with the app's own options and the exit statuses are the same as
/// tide-demo's.
@Suite("Example command lines")
struct ExampleCommandLineTests {
  let folder = TemporaryDirectory("tide-example-cli")

  func script(_ text: String, name: String = "s.keys") throws -> String {
    let path = folder.file(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: ["tide-hello", "tide-textinput", "tide-list", "tide-pager", "tide-progress", "tide-editor"])
  func helpNamesReplayAndVersionPrintsTheName(name: String) async throws {
    let binary = try requireBuiltExecutable(name)
    let help = try await runProcess(binary, ["--help"])
    #expect(help.status == 0, "\(help)")
    #expect(help.stdout.contains("\(name) replay "), "\(help)")
    #expect(!help.stdout.contains("<subcommand>"), "\(help)")
    let version = try await runProcess(binary, ["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("\(name) "), "\(version)")
  }

  @Test func listReplaysWithItsOwnOptionAndExitsByTheRules() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let ok = try await runProcess(binary, ["replay", "--items", "3", try script("keys down enter\nexpect \"Chose: Item 2\"\n")])
    #expect(ok.status == 0, "\(ok)")
    #expect(ok.stdout.contains("3 items"), "\(ok)")
    let failing = try await runProcess(binary, ["replay", try script("expect \"Item 99\"\n", name: "f.keys"), "--items", "3"])
    #expect(failing.status == 1, "\(failing)")
    #expect(failing.stderr.contains("f.keys:1: expectation failed"), "\(failing)")
    let badOption = try await runProcess(binary, ["replay", try script("keys q\n"), "--items", "-4"])
    #expect(badOption.status == 2, "\(badOption)")
    let badScript = try await runProcess(binary, ["replay", try script("keys nope\n", name: "b.keys")])
    #expect(badScript.status == 2 && badScript.stderr.contains("b.keys:1:6: error: unknown key 'nope'"), "\(badScript)")
    let refused = try await runProcess(binary, ["replay", try script("keys q\n"), "--svg", folder.path])
    #expect(refused.status == 2, "\(refused)")
    let interactive = try await runProcess(binary, ["--items", "5"])
    #expect(interactive.status == 2 && interactive.stderr == "tide-list: needs an interactive terminal (try tide-list replay)\n", "\(interactive)")
  }

  @Test func pagerTakesItsFileBeforeTheScripts() async throws {
    let binary = try requireBuiltExecutable("tide-pager")
    let text = folder.file("text.txt")
    try (1...100).map { "line \($0)" }.joined(separator: "\n").write(toFile: text, atomically: true, encoding: .utf8)
    let ok = try await runProcess(
      binary, ["replay", text, try script("keys end\nexpect \"100%\"\nexpect-title \"text.txt — tide-pager\"\n")])
    #expect(ok.status == 0, "\(ok)")
    #expect(ok.stdout.contains("line 100") && ok.stdout.contains("text.txt"), "\(ok)")
    let missing = try await runProcess(binary, ["replay", folder.file("missing.txt"), try script("keys q\n")])
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderr == "tide-pager: could not read \(folder.file("missing.txt")): No such file or directory\n", "\(missing)")
  }

  @Test func progressTakesSecondsInBothForms() async throws {
    let binary = try requireBuiltExecutable("tide-progress")
    let ok = try await runProcess(binary, ["replay", "--seconds", "2", try script("wait 2s\nexpect \"Done!\"\n")])
    #expect(ok.status == 0, "\(ok)")
    let tooLong = try await runProcess(binary, ["--seconds", "100000"])
    #expect(tooLong.status == 2 && tooLong.stderr.contains("--seconds"), "\(tooLong)")
  }
}
