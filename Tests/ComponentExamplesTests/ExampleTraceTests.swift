import Foundation
import Testing
import TideTestSupport

/// An example's traces, as its user gets them: `--trace` writes trace format v1 and
/// `tide-textinput inspect` answers every question about it, as tide-demo's does (its State and
/// Action are `Codable`; the app adds nothing for it).
@Suite("Example traces")
struct ExampleTraceTests {
  let folder = TemporaryDirectory("tide-example-trace")

  /// `tide-textinput replay` of typing a name and greeting, traced.
  func trace() async throws -> (binary: String, trace: String) {
    let binary = try requireBuiltExecutable("tide-textinput")
    let script = folder.file("greet.keys")
    try "type \"Ada\"\nkeys enter\nexpect \"Hello, Ada!\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("greet.trace")
    let replay = try await runProcess(binary, ["replay", script, "--trace", trace])
    #expect(replay.status == 0, "\(replay)")
    return (binary, trace)
  }

  @Test func aTraceOfAnExampleIsVersionOneWithItsNameAndReducer() async throws {
    let (_, trace) = try await trace()
    let header = try #require(try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").first)
    #expect(header.hasPrefix(#"{"format":"tide-trace","version":1,"app":"tide-textinput","appVersion":"0.1.0","arguments":[],"reducer":"tide_textinput.Greeting","size":[80,24]"#), "\(header)")
  }

  @Test func inspectAnswersEveryQuestion() async throws {
    let (binary, trace) = try await trace()
    let at = try await runProcess(binary, ["inspect", trace, "--at", "4"])
    #expect(at.status == 0, "\(at)")
    #expect(at.stdout.contains("Hello, Ada!"), "\(at)")
    let before = try await runProcess(binary, ["inspect", trace, "--at", "3"])
    #expect(before.status == 0 && before.stdout.contains("Name: Ada") && !before.stdout.contains("Hello"), "\(before)")
    let state = try await runProcess(binary, ["inspect", trace, "--state-at", "4"])
    #expect(state.status == 0 && state.stdout.contains(#""greeting": "Hello, Ada!""#), "\(state)")
    let who = try await runProcess(binary, ["inspect", trace, "--who-changed", "name.text"])
    #expect(who.status == 0, "\(who)")
    #expect(who.stdout == """
      1 .name(.insert("A")) "" → "A"
      2 .name(.insert("d")) "A" → "Ad"
      3 .name(.insert("a")) "Ad" → "Ada"

      """, "\(who)")
    let keys = folder.file("upto.keys")
    let exported = try await runProcess(binary, ["inspect", trace, "--export-keys", "3", keys])
    #expect(exported.status == 0, "\(exported)")
    let replayed = try await runProcess(binary, ["replay", keys])
    #expect(replayed.status == 0 && replayed.stdout == before.stdout, "\(replayed)\n\(before)")
    let test = folder.file("Greeting.swift")
    let exportedTest = try await runProcess(binary, ["inspect", trace, "--export-test", "1..4", test])
    #expect(exportedTest.status == 0, "\(exportedTest)")
    let source = try String(contentsOfFile: test, encoding: .utf8)
    #expect(source.contains("@testable import tide_textinput") && source.contains("reducer: Greeting(), clock: clock)"), "\(source)")
  }

  @Test func aTraceOfAnotherAppIsRefusedNamingBoth() async throws {
    let (_, trace) = try await trace()
    let demo = try requireBuiltExecutable("tide-demo")
    let refused = try await runProcess(demo, ["inspect", trace, "--at", "1"])
    #expect(refused.status == 2, "\(refused)")
    #expect(refused.stderr == "\(trace):1: error: this is a trace of tide-textinput, not of tide-demo\n", "\(refused)")
  }

  @Test func anAppWhoseStateIsNotCodableSaysSo() async throws {
    let binary = try requireBuiltExecutable("tide-progress")
    let script = folder.file("q.keys")
    try "keys q\n".write(toFile: script, atomically: true, encoding: .utf8)
    let traced = try await runProcess(binary, ["replay", script, "--trace", folder.file("progress.trace")])
    #expect(traced.status == 2, "\(traced)")
    #expect(traced.stderr.hasPrefix("tide-progress: error: --trace needs the app's State and Action to be Codable"), "\(traced)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("progress.trace")))
    let inspect = try await runProcess(binary, ["inspect", folder.file("progress.trace")])
    #expect(inspect.status == 2 && inspect.stderr.hasPrefix("tide-progress: error: inspect needs the app's State and Action to be Codable"), "\(inspect)")
  }

  /// tide-list, whose state is a `SelectionList`: a filtered list comes back from the trace as
  /// it was on the screen, the filter's matches rebuilt.
  /// Second hostile pass: tide-list's own trace was refused once its dialog's focus moved
  /// (`the state after action 3 is not a state of tide-list: at dialog.focused: not one case of
  /// an enum`): the trace writes `null` for the case an enum left, and the strict reading took
  /// it for a second case. Every step of a genuine trace answers.
  @Test func everyStepOfAListsTraceWithItsDialogAnswers() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let script = folder.file("dialog.keys")
    try "keys down d tab tab left right esc d tab enter down\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("dialog.trace")
    let replay = try await runProcess(binary, ["replay", "--items", "8", script, "--trace", trace])
    #expect(replay.status == 0, "\(replay)")
    let actions = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("{\"n\":") }.count
    #expect(actions >= 10)
    for number in 0...actions {
      let state = try await runProcess(binary, ["inspect", trace, "--state-at", "\(number)"])
      #expect(state.status == 0, "--state-at \(number): \(state)")
    }
    let test = try await runProcess(binary, ["inspect", trace, "--export-test", "1..\(actions)", folder.file("t.swift")])
    #expect(test.status == 0, "\(test)")
  }

  /// tide-form, whose state is a `Form` (inputs, a select, the focus): an app with a form gets
  /// `--trace`, and every step of its trace answers.
  @Test func everyStepOfAFormsTraceAnswers() async throws {
    let binary = try requireBuiltExecutable("tide-form")
    let script = folder.file("form.keys")
    try "type \"Ada\"\nkeys tab\ntype \"ada@example.com\"\nkeys tab down tab enter\nexpect \"Signed up Ada\"\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("form.trace")
    let replay = try await runProcess(binary, ["replay", script, "--trace", trace])
    #expect(replay.status == 0, "\(replay)")
    let actions = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("{\"n\":") }.count
    #expect(actions >= 5)
    for number in 0...actions {
      let state = try await runProcess(binary, ["inspect", trace, "--state-at", "\(number)"])
      #expect(state.status == 0, "--state-at \(number): \(state)")
    }
    let last = try await runProcess(binary, ["inspect", trace, "--at", "\(actions)"])
    #expect(last.status == 0 && last.stdout.contains("Signed up Ada <ada@example.com> on Pro"), "\(last)")
  }

  @Test func aListsTraceGivesBackTheFilteredScreen() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let script = folder.file("filter.keys")
    try "keys down down /\ntype \"1\"\nexpect \"11 of 20\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("list.trace")
    let replay = try await runProcess(binary, ["replay", "--items", "20", script, "--trace", trace])
    #expect(replay.status == 0, "\(replay)")
    let at = try await runProcess(binary, ["inspect", trace, "--at", "5"])
    #expect(at.status == 0 && at.stdout == replay.stdout, "\(at)\n\(replay)")
    let who = try await runProcess(binary, ["inspect", trace, "--who-changed", "list.cursor"])
    #expect(who.stdout == """
      2 .list(.move(.down)) 0 → 1
      3 .list(.move(.down)) 1 → 2
      5 .list(.query(.insert("1"))) 2 → 0

      """, "\(who)")
  }

  /// `--export-test` for an example: the test it writes from `Scripts/exported-greeting.keys` is
  /// committed as `ExportedGreetingTest.swift`, compiled against the app's own module
  /// (`@testable import tide_textinput`) and run with the suite; this checks that exporting
  /// again writes the same file.
  @Test func exportingTheGreetingWritesTheCommittedTest() async throws {
    let binary = try requireBuiltExecutable("tide-textinput")
    let tests = packageRoot.appendingPathComponent("Tests/ComponentExamplesTests")
    let trace = folder.file("greet.trace")
    let replay = try await runProcess(binary, ["replay", tests.appendingPathComponent("Scripts/exported-greeting.keys").path, "--trace", trace])
    #expect(replay.status == 0, "\(replay)")
    let file = folder.file("ExportedGreetingTest.swift")
    let export = try await runProcess(binary, ["inspect", trace, "--export-test", "1..4", file])
    #expect(export.status == 0, "\(export)")
    let committedPath = tests.appendingPathComponent("ExportedGreetingTest.swift").path
    let committed = try String(contentsOfFile: committedPath, encoding: .utf8)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    #expect(exported == committed, "re-export it: tide-textinput replay Scripts/exported-greeting.keys --trace greet.trace && tide-textinput inspect greet.trace --export-test 1..4 \(committedPath)\n\(exported)")
  }
}
