import ArgumentParser
import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTestSupport

/// What a command run in this process did.
struct Outcome: CustomStringConvertible {
  var status: Int32
  var output: [String] = []
  var errors: [String] = []

  var stdout: String { output.joined(separator: "\n") }
  var stderr: String { errors.joined(separator: "\n") }
  var description: String { "status \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

@MainActor
func run<Options, State, Action>(
  _ command: TerminalCommand<Options, State, Action>, _ arguments: [String]
) async -> Outcome {
  var outcome = Outcome(status: 0)
  outcome.status = await command.run(arguments, output: { outcome.output.append($0) }, errors: { outcome.errors.append($0) })
  return outcome
}

/// `TerminalCommand` in-process, with an app an outside developer could write: the forms, the
/// exit statuses, the output-file policy and the app's unsaved changes.
@MainActor
@Suite("TerminalCommand")
struct TerminalCommandTests {
  let folder = TemporaryDirectory("tide-command")

  func script(_ text: String, name: String = "s.keys") throws -> String {
    let path = folder.file(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func helpNamesTheFormsAndVersionPrintsIt() async throws {
    let help = await run(Tally.command, ["--help"])
    #expect(help.status == 0, "\(help)")
    #expect(
      help.stdout.contains(
        "tally [--step <step>] [--color <colors>] [--theme <name>] [--background <mode>] [--record <path>] [--trace <path>]"),
      "\(help)")
    #expect(help.stdout.contains("tally replay [--step <step>] <script> ..."), "\(help)")
    #expect(help.stdout.contains("--version"), "\(help)")
    #expect(!help.stdout.contains("<subcommand>"), "the subcommands are named: \(help)")
    let replayHelp = await run(Tally.command, ["replay", "--help"])
    #expect(replayHelp.status == 0)
    for option in ["--size", "--frames", "--cast", "--svg", "--trace", "--step", "--color", "--theme", "--background"] {
      #expect(replayHelp.stdout.contains(option), "replay --help lists \(option): \(replayHelp)")
    }
    let version = await run(Tally.command, ["--version"])
    #expect(version.status == 0 && version.stdout == "tally 1.2.3", "\(version)")
  }

  /// The usage text is written only for messages (ArgumentParser's help generator is not run at
  /// every start): a usage error of the interactive form still shows every form with the app's
  /// options.
  @Test func aUsageErrorShowsTheFormsWithTheAppsOptions() async throws {
    let wrong = await run(Tally.command, ["--bogus"])
    #expect(wrong.status == 2, "\(wrong)")
    #expect(wrong.stderr.contains("Unknown option '--bogus'"), "\(wrong)")
    #expect(wrong.stderr.contains("tally [--step <step>] [--color <colors>]"), "\(wrong)")
    #expect(wrong.stderr.contains("tally replay [--step <step>] <script> ..."), "\(wrong)")
  }

  @Test func replayTakesTheAppsOptionsAndExitsZero() async throws {
    let path = try script("keys + +\nexpect \"tally: 6\"\n")
    let outcome = await run(Tally.command, ["replay", path, "--step", "3", "--size", "40x12"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.output == ["tally: 6" + String(repeating: "\n", count: 11)], "the final screen, 12 rows: \(outcome)")
  }

  @Test func aFailedExpectIsOneAndAScriptErrorIsTwo() async throws {
    let failing = await run(Tally.command, ["replay", try script("keys +\nexpect \"tally: 2\"\n")])
    #expect(failing.status == 1, "\(failing)")
    #expect(failing.stderr.hasPrefix("\(folder.file("s.keys")):2: expectation failed"), "\(failing)")
    let bad = await run(Tally.command, ["replay", try script("keys nope\n", name: "bad.keys")])
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr == "\(folder.file("bad.keys")):1:6: error: unknown key 'nope'", "\(bad)")
    let usage = await run(Tally.command, ["replay", try script("keys +\n"), "--step", "x"])
    #expect(usage.status == 2, "\(usage)")
    let none = await run(Tally.command, ["replay"])
    #expect(none.status == 2, "\(none)")
  }

  @Test func aRefusedOutputIsTwoBeforeAnythingRuns() async throws {
    let path = try script("keys +\n")
    try FileManager.default.createDirectory(atPath: folder.file("dir"), withIntermediateDirectories: false)
    let outcome = await run(Tally.command, ["replay", path, "--svg", folder.file("dir"), "--cast", folder.file("c.cast")])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.output.isEmpty, "nothing ran: \(outcome)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("c.cast")))
    let same = await run(Tally.command, ["replay", path, "--svg", folder.file("x"), "--trace", folder.file("x")])
    #expect(same.status == 2 && same.stderr.contains("--trace names the file of --svg"), "\(same)")
  }

  /// An output that could not be written (a device that is full) is not a success.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aLostOutputIsStatusOne() async throws {
    let outcome = await run(Tally.command, ["replay", try script("keys +\n"), "--svg", "/dev/full"])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stderr.contains("/dev/full"), "\(outcome)")
  }

  /// Issue 20: a replay whose app could not save its changes ends with status 1 and says what
  /// was not saved (it exited 0).
  @Test func unsavedChangesAreStatusOneWithTheAppsMessage() async throws {
    let outcome = await run(Tally.command, ["replay", try script("keys + !\n")])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stderr == "tally: the count 1 was not saved to -", "\(outcome)")
  }

  /// A replay starts from a private copy of `--initial-data`: the app sees the data, and the
  /// file is never written; every script starts from the same data.
  @Test func initialDataIsAPrivateCopy() async throws {
    let data = folder.file("a.keys.count")
    try "41".write(toFile: data, atomically: true, encoding: .utf8)
    let first = try script("keys +\nexpect \"tally: 42\"\n", name: "a.keys")
    let second = try script("expect \"tally: 41\"\n", name: "b.keys")
    let command = TerminalCommand(
      "tally", version: "1", options: Tally.Options.self,
      dataFile: { _, _ in nil },
      app: { options, launch in
        // The copy is named as the recorded data file was, without the script's name.
        #expect(launch.dataFile.map(fileName(of:)) == "count")
        return try Tally.app(options: options, launch: launch)
      })
    let outcome = await run(command, ["replay", first, second, "--initial-data", data])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == "41")
  }

  @Test func initialDataNeedsAnAppWithADataFile() async throws {
    let data = folder.file("d")
    try "1".write(toFile: data, atomically: true, encoding: .utf8)
    let outcome = await run(
      TerminalCommand("plain", version: "1") { launch in try Tally.app(options: Tally.Options(), launch: launch) },
      ["replay", try script("keys +\n"), "--initial-data", data])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.contains("keeps no data file"), "\(outcome)")
  }

  @Test func noOutputMayBeTheDataFile() async throws {
    let data = folder.file("count")
    try "5".write(toFile: data, atomically: true, encoding: .utf8)
    let outcome = await run(Tally.command(data: data), ["replay", try script("keys +\n"), "--cast", data])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.contains("--cast names the data file"), "\(outcome)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == "5")
  }

  /// Nor a file kept beside it: `replay --data d.json s.keys --svg .d.json.lock` replaced the
  /// lock of a running instance, and a second instance then wrote the same file (issue 37's
  /// hostile test, F1). The lock, temporary copies and moved-aside copies are refused, existing
  /// or not, however spelled; the same names in another folder are free.
  @Test func noOutputMayBeAFileKeptBesideTheDataFile() async throws {
    let data = folder.file("count")
    try "5".write(toFile: data, atomically: true, encoding: .utf8)
    try "held".write(toFile: folder.file(".count.lock"), atomically: true, encoding: .utf8)
    let names = [".count.lock", ".count.tmp-12345", "count.corrupt-20261128T050000.000Z", "./.count.lock"]
    for (option, name) in zip(["--svg", "--cast", "--trace", "--svg"], names) {
      let outcome = await run(Tally.command(data: data), ["replay", try script("keys +\n"), option, folder.file(name)])
      #expect(outcome.status == 2, "\(name): \(outcome)")
      #expect(outcome.stderr.contains("names a file kept beside the data file"), "\(name): \(outcome)")
    }
    #expect(try String(contentsOfFile: folder.file(".count.lock"), encoding: .utf8) == "held")
    try FileManager.default.createDirectory(atPath: folder.file("other"), withIntermediateDirectories: false)
    let elsewhere = await run(Tally.command(data: data), ["replay", try script("keys +\n"), "--svg", folder.file("other/.count.lock")])
    #expect(elsewhere.status == 0, "\(elsewhere)")
  }

  /// Status 2 before anything is touched, with the replay suggested (the test runner's
  /// standard input or output is not a terminal, as under `make test`).
  @Test(.enabled(if: isatty(0) == 0 || isatty(1) == 0, "run outside a terminal"))
  func theInteractiveFormNeedsATerminal() async throws {
    let outcome = await run(Tally.command, ["--record", folder.file("r.keys")])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr == "tally: needs an interactive terminal (try tally replay)", "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("r.keys")))
  }
}

private func fileName(of path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}

extension TerminalCommandTests {
  /// The app's options and `--trace` may come before `replay`, as tide-demo's always allowed.
  @Test func optionsMayComeBeforeReplay() async throws {
    let path = try script("keys + +\nexpect \"tally: 4\"\n")
    let trace = folder.file("t.trace")
    let outcome = await run(Tally.command, ["--step", "2", "--trace", trace, "replay", path])
    #expect(outcome.status == 0, "\(outcome)")
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"format":"tide-trace","version":1,"app":"tally""#) == true, "\(lines)")
    #expect(lines.filter { $0.hasPrefix(#"{"n":"#) }.count == 2, "one line per action: \(lines)")
    let record = await run(Tally.command, ["--record", folder.file("r.keys"), "replay", path])
    #expect(record.status == 2 && record.stderr.contains("--record records the interactive app"), "\(record)")
  }
}

/// A replay has a date to show: the date its script was recorded on (the header `--record`
/// writes), or a fixed one for a script written by hand, so every run shows the same day.
@MainActor
@Suite("TerminalLaunch.startDate")
struct LaunchDateTests {
  let folder = TemporaryDirectory("tide-launch-date")

  /// An app that shows the day it started on, as a habit tracker shows "today".
  var dated: TerminalCommand<Tally.Options, Tally.State, Tally.Action> {
    TerminalCommand("dated", version: "1", options: Tally.Options.self) { _, launch in
      let day = launch.startDate.formatted(.iso8601.year().month().day())
      return TerminalApp(
        store: launch.store(initialState: Tally.State(count: 0, step: 1), reducer: Tally()),
        view: { _, canvas in canvas.draw("today: \(day)", atColumn: 0, row: 0) },
        keyAction: { _, _ in nil }, quitAction: .quit, isFinished: \.isQuitting)
    }
  }

  @Test func aRecordedScriptReplaysOnItsRecordingsDay() async throws {
    let path = folder.file("recorded.keys")
    try "# key script recorded 2026-03-04T05:06:07Z, terminal 40x12\nexpect \"today: 2026-03-04\"\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let outcome = await run(dated, ["replay", path, "--size", "40x12"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try KeyScript(parsing: String(contentsOfFile: path, encoding: .utf8)).recordedDate
      == Date(timeIntervalSince1970: 1_772_600_767))
  }

  /// Live, the app shows today: the launch starts at the real date, to the second.
  @Test func anInteractiveLaunchStartsNow() {
    let before = Date().timeIntervalSince1970.rounded(.down)
    let start = TerminalLaunch(mode: .interactive, clock: ContinuousClock()).startDate.timeIntervalSince1970
    let after = Date().timeIntervalSince1970
    #expect(start >= before && start <= after, "started at \(start), between \(before) and \(after)")
    #expect(start == start.rounded(.down), "whole seconds, as the recording header writes them")
  }

  @Test func aHandWrittenScriptReplaysOnTheFixedDay() async throws {
    let path = folder.file("hand.keys")
    try "expect \"today: 2000-01-01\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let outcome = await run(dated, ["replay", path, "--size", "40x12"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(TerminalLaunch(clock: VirtualClock()).startDate == TerminalLaunch.replayStartDate)
  }
}

extension TerminalCommandTests {
  /// `help` as a bare word was rejected as an unexpected argument; ArgumentParser's users type
  /// it as they type `git help` or `swift package help`. It is `--help`, and `help replay` is
  /// `replay --help`.
  @Test func helpAsAWordIsTheHelp() async throws {
    let plain = TerminalCommand("plain", version: "1") { launch in try Tally.app(options: Tally.Options(), launch: launch) }
    for command in [Tally.command, plain] as [any HelpRunnable] {
      let help = await command.outcome(["help"])
      let dashed = await command.outcome(["--help"])
      #expect(help.status == 0, "\(help)")
      #expect(help.stdout == dashed.stdout && !help.stdout.isEmpty, "\(help)")
      let replayHelp = await command.outcome(["help", "replay"])
      #expect(replayHelp.status == 0, "\(replayHelp)")
      #expect(replayHelp.stdout == (await command.outcome(["replay", "--help"])).stdout, "\(replayHelp)")
    }
    let unknown = await run(Tally.command, ["help", "frobnicate"])
    #expect(unknown.status == 2, "\(unknown)")
    #expect(unknown.stderr == "error: tally has no subcommand 'frobnicate' (it has: replay, inspect)", "\(unknown)")
  }

  /// `--record` to a FIFO kept no starting data: a stream has no folder beside it for the copy,
  /// so the replay started empty and showed another screen. Refused while there is data to
  /// keep, before anything runs; without data the script streams.
  @Test func recordingToAFIFOIsRefusedWhileTheAppHasDataToKeep() async throws {
    let data = folder.file("count")
    try "5".write(toFile: data, atomically: true, encoding: .utf8)
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let outcome = await run(Tally.command(data: data), ["--record", fifo])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr == "\(fifo): error: --record to a FIFO or device cannot keep the data the app starts from "
        + "(\(data)) beside the script, so its replay would not show what you saw; record to a file", "\(outcome)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == "5")
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left as it was")
    #expect(!FileManager.default.fileExists(atPath: fifo + ".count"))
  }

  /// With no data to keep, a FIFO a process reads takes the script as a stream: the command
  /// goes on (here to the terminal check, as the tests' standard input is not a terminal). One
  /// that no process reads is refused before anything runs, as every output's is.
  @Test(.enabled(if: isatty(0) == 0 || isatty(1) == 0, "run outside a terminal"))
  func recordingToAFIFOWithoutDataGoesOn() async throws {
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let unread = await run(Tally.command(data: folder.file("none-yet")), ["--record", fifo])
    #expect(unread.status == 2, "\(unread)")
    #expect(unread.stderr == "\(fifo): error: --record: cannot write the file: no process is reading it (a FIFO needs a reader)", "\(unread)")
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let outcome = await run(Tally.command(data: folder.file("none-yet")), ["--record", fifo])
    #expect(outcome.stderr == "tally: needs an interactive terminal (try tally replay)", "\(outcome)")
  }
}

/// A command of any app, for tests that run the same arguments against several.
@MainActor
protocol HelpRunnable {
  func outcome(_ arguments: [String]) async -> Outcome
}

extension TerminalCommand: HelpRunnable {
  func outcome(_ arguments: [String]) async -> Outcome { await TideTerminalCommandTests.run(self, arguments) }
}

/// An app need not bind ctrl-c: a key script's `ctrl-c` (a key, not SIGINT) ends the replay as
/// a live ctrl-c ends the program — through the app's quit action.
@MainActor
@Suite("ctrl-c as a key")
struct ControlCKeyTests {
  let folder = TemporaryDirectory("tide-ctrl-c")

  @Test func aScriptsCtrlCQuitsAnAppThatDoesNotBindIt() async throws {
    let path = folder.file("quit.keys")
    try "keys + ctrl-c\n".write(toFile: path, atomically: true, encoding: .utf8)
    let quits = await run(Tally.command, ["replay", path, "--size", "40x12"])
    #expect(quits.status == 0, "\(quits)")
    #expect(quits.output.first?.hasPrefix("tally: 1\n") == true, "the final screen: \(quits)")
    // A line after it never runs, and the replay says so: the app did quit at ctrl-c.
    try "keys + ctrl-c\nkeys +\n".write(toFile: path, atomically: true, encoding: .utf8)
    let late = await run(Tally.command, ["replay", path, "--size", "40x12"])
    #expect(late.status == 1, "\(late)")
    #expect(late.stderr.contains("\(path):2"), "\(late)")
  }
}

/// An app option that takes a number, with the validation an app author writes for it.
struct CountedOptions: ParsableArguments {
  @Option(help: "How many.")
  var count = 1

  func validate() throws {
    guard count >= 0 else { throw ValidationError("--count must be 0 or more") }
  }
}

extension TerminalCommandTests {
  /// `--count -5` said "Missing value for '--count'" (ArgumentParser reads `-5` as the next
  /// option): the value is there and it is invalid, and the message must say so, naming the
  /// option — for the app's numeric options and the command's own (`--size`) alike, in both
  /// forms, and for a negative value an option accepts (`--step -2`) the value is taken.
  @Test func aNegativeNumberIsTheOptionsValueNotAMissingOne() async throws {
    let counted = TerminalCommand(
      "counted", version: "1", options: CountedOptions.self,
      app: { _, launch in try Tally.app(options: Tally.Options(), launch: launch) })
    let keys = try script("keys +\n")
    for arguments in [["--count", "-5"], ["replay", "--count", "-5", keys], ["replay", keys, "--count", "-0.5"]] {
      let outcome = await run(counted, arguments)
      #expect(outcome.status == 2, "\(arguments): \(outcome)")
      #expect(!outcome.stderr.contains("Missing value"), "\(arguments): \(outcome)")
      #expect(outcome.stderr.contains("--count"), "\(arguments): \(outcome)")
    }
    let negative = await run(counted, ["replay", keys, "--count", "-5"])
    #expect(negative.stderr.contains("--count must be 0 or more"), "\(negative)")
    let size = await run(Tally.command, ["replay", keys, "--size", "-5x3"])
    #expect(size.status == 2 && size.stderr.contains("--size:") && !size.stderr.contains("Missing value"), "\(size)")
    let step = await run(Tally.command, ["replay", keys, "--step", "-2"])
    #expect(step.status == 0 && step.stdout.hasPrefix("tally: -2"), "\(step)")
    // An option's name after another option is still the next option, not its value.
    let missing = await run(Tally.command, ["replay", keys, "--size", "--frames"])
    #expect(missing.status == 2 && missing.stderr.contains("Missing value for '--size"), "\(missing)")
  }
}
