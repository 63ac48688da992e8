import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Tide
import TideTerminal
import TideTrace

/// The command line every terminal app gets, from one line of `main`.
///
/// ```swift
/// // main.swift of tide-list
/// await TerminalCommand("tide-list", version: "1.0.0", options: ListOptions.self) { options, launch in
///   Chooser.app(items: options.items, launch: launch)
/// }.main()
/// ```
///
/// The executable then has these forms (`tide-list --help` shows them with the app's options):
///
/// ```
/// NAME [OPTIONS] [--record PATH] [--trace PATH]
/// NAME replay [OPTIONS] SCRIPT... [--size COLSxROWS] [--frames] [--cast PATH] [--svg PATH]
///             [--trace PATH] [--initial-data PATH]
/// NAME --help | --version
/// NAME help [replay | SUBCOMMAND]
/// ```
///
/// - The first runs the app in the terminal (which must be interactive: else exit 2 at once,
///   touching nothing). `--record PATH` writes the session as a key script when the app ends,
///   however it ends, and keeps the data the app started from beside it as `PATH.NAME` (NAME: the data file's
///   name). The script's header gives the one command that replays it to the screen the user
///   saw, from any folder: it starts by changing to the folder the session ran in, so relative
///   paths among the app's arguments hold too. A FIFO or a character device as PATH gets the
///   script as a stream, but has no beside: while the data file holds data, such a PATH is
///   refused (status 2, before anything runs) rather than recording a session that would not
///   replay to what the user saw.
///   `--trace PATH` writes one JSON line per action, replacing the file as the other outputs are.
///   A quit signal ends the app as its quit key does, and the status is then 128 + the signal.
/// - `help` as the first argument is `--help`; `help replay` and `help SUBCOMMAND` are the
///   subcommand's `--help`, as ArgumentParser's own `help` subcommand has them.
/// - `replay` reads and checks every script first, then runs each from a fresh app on a virtual
///   clock and prints the final screen (or every frame with `--frames`); `--cast` and `--svg`
///   export it. The app's own options (`OPTIONS`, from `Options`) are the same in both forms;
///   its own positional arguments come before the scripts.
/// - Every file written besides the app's data goes through `OutputFile`'s policy, checked
///   before anything runs: a folder, socket, block device, empty path, the data file, two
///   outputs naming one file, a folder the process may not write in, or a FIFO no process reads
///   are refused.
/// - A quit signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF,
///   SIGXCPU) ends the interactive app as its quit key does. It stops a replay between two
///   script lines, as a failed `expect` does: the exports are written whole for what ran, the
///   trace holds whole lines, standard error names the signal and the line, and the status is
///   128 + the signal. A second signal ends a replay at once; a signal ignored when the replay
///   starts (`&`, `nohup`) stays ignored.
/// - An option's value may be a negative number (`--items -5`): it is the option's value, which
///   the app's validation then accepts or refuses by name, never a "missing value".
///
/// Exit status: 0 success; 1 an `expect` failed, a line came after the app quit, an output
/// could not be written, or changes were not saved (`TerminalApp.unsavedChanges` or pending
/// work that did not finish); 2 a usage or script error (`FILE:LINE:COL: error: …`), a refused
/// output path or a terminal that cannot run the app, before anything ran; 128 + N a quit signal
/// N ended the run — live (ctrl-c's SIGINT: 130) or a replay — after the terminal was restored
/// and the pending work awaited, as a shell expects of a process a signal ended.
///
/// No output may name a file the run reads: the scripts, `--initial-data`, the files the app
/// declares (`inputFiles:`) and any existing file a word of the command line names, however
/// the output spells it (`./f.txt`, a symbolic or a hard link). Every file read goes through
/// `FileContents.read(atPath:atMost:)` (TideTerminal): bounded in size, and a FIFO waits for
/// its writer only until a quit signal.
@MainActor
public struct TerminalCommand<Options: ParsableArguments, State, Action: Sendable> {
  let description: CommandDescription
  /// What `--version` prints after the name, and a trace's header holds.
  let version: String
  let subcommands: [any ParsableCommand.Type]
  let dataFile: ((Options, TerminalLaunch.Mode) throws -> String?)?
  let inputFiles: (Options) -> [String]
  let replayArguments: (Options) -> [String]
  let makeApp: (Options, TerminalLaunch) throws -> TerminalApp<State, Action>
  /// `--trace` and `inspect`, for an app whose State and Action are `Codable`.
  let traceSupport: TraceSupport<State, Action>?
  /// Whether the app draws inline, so that its interactive form also runs with standard input
  /// or output a pipe (see ``inline()``).
  var drawsInline = false

  /// This command for an app drawn inline (`TerminalApp(…, screen: .inline(…))`): its
  /// interactive form runs when standard input or output is a pipe too, the app drawing on the
  /// terminal device — `x=$(printf 'a\nb\n' | tide-pick)`. Without it, a command whose standard
  /// input or output is not a terminal is refused at once (status 2), before the app is made or
  /// its files read, as a full-screen app needs both.
  public func inline() -> Self {
    var command = self
    command.drawsInline = true
    return command
  }

  /// A command named `name` running the app `app` makes.
  ///
  /// - Parameters:
  ///   - name: The executable's name, for usage, messages and traces.
  ///   - version: What `--version` prints after the name.
  ///   - abstract: One line for `--help`.
  ///   - discussion: More text for `--help`.
  ///   - options: The app's own options and arguments (an ArgumentParser `ParsableArguments`),
  ///     accepted by the interactive form and `replay` alike.
  ///   - subcommands: More subcommands of the app's own, each run by its `run()`.
  ///   - dataFile: The file the app keeps its data in, for `options` and the mode (`nil`: none).
  ///     Return a default path only in the interactive mode — `options.data ?? (mode ==
  ///     .interactive ? defaultPath : nil)` — so that a replay touches no file unless its
  ///     command line names one (`--data`, written as live, or `--initial-data`, a private
  ///     copy; both at once are refused). No output may name it; `--record` keeps its content at the start beside the
  ///     recording; `replay --initial-data` replaces it with a private copy. The app reads the
  ///     path from `TerminalLaunch.dataFile`. It is asked first, before anything is checked or
  ///     touched; a thrown error (a path that cannot hold the data) ends the command with
  ///     status 2 and the error's description.
  ///   - inputFiles: The files the app reads for `options` (a document to show, questions to
  ///     ask), so that no output of the command — `--svg`, `--cast`, `--trace`, `--record` —
  ///     may name one, however it is spelled (`./f.txt`, a symbolic or hard link to it): such a
  ///     command is refused with status 2 before anything runs. Every word of the command line
  ///     that names an existing file counts as read too, declared or not; declare what the
  ///     command line may not show, such as a default path (`options.file ?? "questions.json"`).
  ///   - replayArguments: The arguments that rebuild `options` in a replay (such as
  ///     `["--items", "20"]`), for the command a recording's header gives; the data file's
  ///     option is not needed there.
  ///   - app: Makes the app for a launch. A thrown error ends the command with status 2 and
  ///     the error's description, before the terminal is taken over.
  public init(
    _ name: String,
    version: String,
    abstract: String = "",
    discussion: String = "",
    options: Options.Type,
    subcommands: [any ParsableCommand.Type] = [],
    dataFile: ((Options, TerminalLaunch.Mode) throws -> String?)? = nil,
    inputFiles: @escaping (Options) -> [String] = { _ in [] },
    replayArguments: @escaping (Options) -> [String] = { _ in [] },
    app: @escaping (Options, TerminalLaunch) throws -> TerminalApp<State, Action>
  ) {
    self.init(
      name, version: version, abstract: abstract, discussion: discussion, options: options, subcommands: subcommands,
      dataFile: dataFile, inputFiles: inputFiles, replayArguments: replayArguments, traceSupport: nil, app: app)
  }

  /// The command, with `traceSupport` when the app's types allow `--trace` and `inspect`.
  @usableFromInline
  init(
    _ name: String, version: String, abstract: String, discussion: String, options: Options.Type,
    subcommands: [any ParsableCommand.Type], dataFile: ((Options, TerminalLaunch.Mode) throws -> String?)?,
    inputFiles: @escaping (Options) -> [String], replayArguments: @escaping (Options) -> [String],
    traceSupport: TraceSupport<State, Action>?,
    app: @escaping (Options, TerminalLaunch) throws -> TerminalApp<State, Action>
  ) {
    self.description = CommandDescription(
      name: name, version: "\(name) \(version)", abstract: abstract, discussion: discussion,
      usages: {
        var optionsUsage = Options.usageString()
        // ArgumentParser names a plain ParsableArguments type's usage after the type: drop it.
        if let space = optionsUsage.firstIndex(of: " ") {
          optionsUsage = String(optionsUsage[optionsUsage.index(after: space)...])
        } else {
          optionsUsage = ""
        }
        let commands = subcommands.map { command in
          let commandName = command.configuration.commandName ?? "\(command)"
          var usage = command.usageString()
          if !usage.hasPrefix(commandName) { usage = commandName + " " + usage }
          return (commandName, usage, command.configuration.abstract)
        } + (traceSupport == nil ? [] : [("inspect", InspectArguments.usage, InspectArguments.abstract)])
        return CommandDescription.Usages(options: optionsUsage, subcommands: commands)
      })
    self.subcommands = subcommands
    self.dataFile = dataFile
    self.inputFiles = inputFiles
    self.replayArguments = replayArguments
    self.makeApp = app
    self.version = version
    self.traceSupport = traceSupport
  }

  /// Runs the command with the process's arguments and exits with its status.
  public func main() async -> Never {
    await main(arguments: Array(CommandLine.arguments.dropFirst()))
  }

  /// Runs the command with `arguments` (the process's, without the executable's name, as the
  /// app rewrote them) and exits with its status: for an app whose interactive form takes
  /// positional words a replay cannot (its positional words are its scripts) —
  /// `tide-pick a b` run as `tide-pick --item a --item b`.
  public func main(arguments: [String]) async -> Never {
    // First of all, before the arguments are parsed: a quit signal from here on is recorded
    // (see `run`), never Swift's backtracer's (a SIGQUIT 10 ms after the start
    // printed a crash report and was lost).
    _ = InterruptSignals.record()
    // A write to a pipe nobody reads or beyond `ulimit -f` then fails with an error the command
    // reports (a lost output, an unsaved change: status 1) instead of killing the process.
    WriteSignals.ignore()
    // Swift reads the arguments as UTF-8, repairing what is not: `$'\xff.txt'` would arrive as
    // "\u{FFFD}.txt" and name another file, read or written in its place. Refused instead.
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
      if String(validating: bytes, as: UTF8.self) == nil {
        StandardError.writeLine(
          "\(description.name): error: argument \(index) (\(escapedName(String(decoding: bytes, as: UTF8.self)))) is not valid UTF-8; "
            + "name files with UTF-8 paths, so that the file meant is the file used")
        exit(2)
      }
    }
    let standardOutput = StandardOutput()
    let status = await run(
      arguments,
      output: { standardOutput.writeLine($0) },
      errors: { StandardError.writeLine($0) })
    // A reader that stopped reading (`| head`) chose to: the command ends as one that writes
    // with SIGPIPE's default action does, silently and with the status a shell shows for it
    // (141), never 0, so `set -o pipefail` still sees the output cut. A quit signal that
    // stopped the run keeps its own status.
    if standardOutput.readerClosed, status < 128 { InterruptSignals.endProcess(by: SIGPIPE) }
    // A replay's screen lost to a full disk must not end with status 0.
    if let reason = standardOutput.failure {
      StandardError.writeLine("standard output: error: cannot write: \(reason)")
      exit(max(status, 1))
    }
    // A signal that came while nothing waited for one (`--version`, `--help`) still ends the
    // process as the signal does.
    if status < 128, let signal = InterruptSignals.received { InterruptSignals.endProcess(by: signal) }
    exit(status)
  }

  /// Runs the command with `arguments` (without the executable's name) in this process and
  /// returns its exit status: what `main()` does, for tests. Replay output goes to `output`
  /// line by line, messages to `errors`.
  public func run(
    _ arguments: [String], output: @escaping (String) -> Void, errors: @escaping (String) -> Void
  ) async -> Int32 {
    let parsed = CommandDescription.$current.withValue(description) { parse(arguments) }
    // Quit signals recorded from the start of a run, before it reads a file or makes its app
    // (see `InterruptSignals`): a signal while it starts — reading a script from a FIFO,
    // building a large state — is heard where the run polls for it (a read that waits), taken
    // by the app's loop once it runs, or ends a run stuck in one step through the `QuitWatch`.
    // An app's own subcommand is left to ArgumentParser's ways.
    var recordsSignals = false
    switch parsed {
    case .interactive, .replay, .inspect: recordsSignals = InterruptSignals.record()
    case .message, .subcommand: break
    }
    defer { if recordsSignals { InterruptSignals.stopRecording() } }
    do throws(TerminalCommandError) {
      switch parsed {
      case .message(let text, let status):
        if status == 0 { output(text) } else { errors(text) }
        return status
      case .interactive(let parsedArguments):
        // Before the first suspension: the main actor and the screen then share the main
        // thread, one wake-up a frame (see MainThreadLoop).
        _ = MainThreadLoop.claim()
        // Keys typed while the app starts are the app's: if the watch must end it, not the shell's.
        QuitWatch.discardsTypedInputOnEnd()
        try await runInteractive(
          parsedArguments, reading: CommandLineInputs.words(in: arguments), output: output, errors: errors)
      case .replay(let parsedArguments):
        try await runReplay(parsedArguments, reading: CommandLineInputs.words(in: arguments), output: output, errors: errors)
      case .inspect(let arguments):
        guard let inspected = inspectedApp() else { preconditionFailure("parsed only with trace support") }
        try await InspectRunner.run(arguments, app: inspected, output: output, errors: errors)
      case .subcommand(let type, let arguments):
        let outcome = await Self.execute(type, arguments)
        if let text = outcome.output { output(text) }
        if let text = outcome.errors { errors(text) }
        return outcome.status
      }
      return 0
    } catch {
      if !error.message.isEmpty { errors(error.message) }
      let signal = InterruptSignals.received
      // Keys typed for an app a signal stopped while it started are not the shell's to run.
      if signal != nil, case .interactive = parsed { InterruptSignals.discardTypedInput() }
      // A run that a quit signal stopped — a read that waited, a script not yet run — ends as
      // the signal ends a process, whatever else it reports: 128 + N.
      if error.status < 128, let signal { return 128 + signal }
      return error.status
    }
  }

  /// Parses and runs an app's own subcommand, off the main actor as ArgumentParser's `main()`
  /// would: its status and what to print.
  private nonisolated static func execute(
    _ type: any ParsableCommand.Type, _ arguments: [String]
  ) async -> (status: Int32, output: String?, errors: String?) {
    do {
      var command = try type.parseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return (0, nil, nil)
    } catch let failure as TerminalCommandError {
      return (failure.status, nil, failure.message.isEmpty ? nil : failure.message)
    } catch {
      let code = type.exitCode(for: error)
      let text = type.fullMessage(for: error)
      if code == .success { return (0, text.isEmpty ? nil : text, nil) }
      return (code == .validationFailure ? 2 : code.rawValue, nil, text.isEmpty ? nil : text)
    }
  }

  private enum Parsed {
    case message(String, status: Int32)
    case interactive(RunArguments<Options>)
    case replay(ReplayArguments<Options>)
    case inspect(InspectArguments)
    case subcommand(any ParsableCommand.Type, [String])
  }

  /// `replay` and the app's subcommands are told apart by their name as the first argument, so
  /// that the app's own positional arguments (a FILE) never swallow a subcommand's name. Options
  /// may also come before `replay` (`--screen todos --trace t.jsonl replay s.keys`): when the
  /// arguments are not an interactive run, the first `replay` among them makes them a replay.
  private func parse(_ arguments: [String]) -> Parsed {
    let arguments = NegativeNumberValues.attached(arguments)
    let first = arguments.first
    if first == "help" { return parseHelp(Array(arguments.dropFirst())) }
    if first == "replay" {
      return parse(ReplayArguments<Options>.self, Array(arguments.dropFirst())) { .replay($0) }
    }
    if let subcommand = subcommands.first(where: { ($0.configuration.commandName ?? "") == first }) {
      return .subcommand(subcommand, Array(arguments.dropFirst()))
    }
    if first == "inspect" {
      guard traceSupport != nil else { return .message(Self.untraceable(description.name, "inspect"), status: 2) }
      return parse(InspectArguments.self, Array(arguments.dropFirst())) { .inspect($0) }
    }
    let run = parse(RunArguments<Options>.self, arguments) { .interactive($0) }
    if case .message(_, let status) = run, status != 0, let replay = arguments.firstIndex(of: "replay") {
      var rest = arguments
      rest.remove(at: replay)
      return parse(ReplayArguments<Options>.self, rest) { .replay($0) }
    }
    return run
  }

  /// `NAME help [replay | SUBCOMMAND]`, as ArgumentParser answers it for any command with
  /// subcommands (`git help`, `swift package help`): the help `--help` prints for the command or
  /// the subcommand named. So `help` as the first argument is never the app's own positional
  /// argument; a file named `help` is `./help`.
  private func parseHelp(_ arguments: [String]) -> Parsed {
    switch arguments.first {
    case nil:
      return parse(RunArguments<Options>.self, ["--help"]) { .interactive($0) }
    case "replay"?:
      return parse(ReplayArguments<Options>.self, ["--help"]) { .replay($0) }
    case "inspect"? where traceSupport != nil && !subcommands.contains { $0.configuration.commandName == "inspect" }:
      return parse(InspectArguments.self, ["--help"]) { .inspect($0) }
    case let name?:
      if let subcommand = subcommands.first(where: { ($0.configuration.commandName ?? "") == name }) {
        return .message(subcommand.helpMessage(), status: 0)
      }
      let names = (["replay"] + (traceSupport == nil ? [] : ["inspect"]) + subcommands.map { $0.configuration.commandName ?? "\($0)" }).joined(separator: ", ")
      return .message("error: \(description.name) has no subcommand '\(name)' (it has: \(names))", status: 2)
    }
  }

  private func parse<Command: ParsableCommand>(
    _ type: Command.Type, _ arguments: [String], _ make: (Command) -> Parsed
  ) -> Parsed {
    // Help and error messages are written with the usage text, which parsing does not need.
    var writing = description
    writing.writesMessages = true
    do {
      let command = try type.parseAsRoot(arguments)
      guard let command = command as? Command else {
        return .message(CommandDescription.$current.withValue(writing) { type.helpMessage() }, status: 0)
      }
      return make(command)
    } catch {
      let code = type.exitCode(for: error)
      return .message(CommandDescription.$current.withValue(writing) { type.fullMessage(for: error) }, status: code == .success ? 0 : 2)
    }
  }
}

extension TerminalCommand {
  /// Why `--trace` or `inspect` (`what`) is refused for an app whose State or Action is not `Codable`.
  static func untraceable(_ name: String, _ what: String) -> String {
    "\(name): error: \(what) needs the app's State and Action to be Codable (and Sendable), "
      + "and \(String(reflecting: State.self)) or \(String(reflecting: Action.self)) is not: make them Codable to trace and inspect the app"
  }

  /// The app as the inspector sees it, made with a trace's arguments when a screen is drawn;
  /// `nil` for an app whose State or Action is not `Codable`.
  package func inspectedApp() -> InspectedApp? {
    traceSupport?.inspectedApp(description.name, version) { arguments in
      let options = try Options.parse(arguments)
      let launch = TerminalLaunch(
        mode: .replay, commandName: description.name, clock: VirtualClock(), size: TerminalSize(columns: 80, rows: 24),
        dataFile: nil)
      let app = try make(options, launch)
      launch.end()
      return { state, size in app.frame(of: state, size: size) }
    }
  }
}

extension TerminalCommand where State: Codable & Sendable, Action: Codable & Sendable {
  /// A command named `name` running the app `app` makes, for an app whose State and Action are
  /// `Codable`: it also has `--trace` (trace format v1) and `inspect`. The parameters are those
  /// of ``init(_:version:abstract:discussion:options:subcommands:dataFile:inputFiles:replayArguments:app:)``.
  ///
  /// Inlinable, so that the trace's recorder is compiled for the app's `State` and `Action`.
  @inlinable
  public init(
    _ name: String,
    version: String,
    abstract: String = "",
    discussion: String = "",
    options: Options.Type,
    subcommands: [any ParsableCommand.Type] = [],
    dataFile: ((Options, TerminalLaunch.Mode) throws -> String?)? = nil,
    inputFiles: @escaping (Options) -> [String] = { _ in [] },
    replayArguments: @escaping (Options) -> [String] = { _ in [] },
    app: @escaping (Options, TerminalLaunch) throws -> TerminalApp<State, Action>
  ) {
    self.init(
      name, version: version, abstract: abstract, discussion: discussion, options: options, subcommands: subcommands,
      dataFile: dataFile, inputFiles: inputFiles, replayArguments: replayArguments,
      traceSupport: .codable(), app: app)
  }
}

extension TerminalCommand where Options == NoAppOptions, State: Codable & Sendable, Action: Codable & Sendable {
  /// A command named `name` for an app without options of its own whose State and Action are
  /// `Codable`: it also has `--trace` and `inspect`.
  @inlinable
  public init(
    _ name: String,
    version: String,
    abstract: String = "",
    discussion: String = "",
    app: @escaping (TerminalLaunch) throws -> TerminalApp<State, Action>
  ) {
    self.init(
      name, version: version, abstract: abstract, discussion: discussion, options: NoAppOptions.self,
      subcommands: [], dataFile: nil, inputFiles: { _ in [] }, replayArguments: { _ in [] }, traceSupport: .codable(),
      app: { _, launch in try app(launch) })
  }
}

extension TerminalCommand where Options == NoAppOptions {
  /// A command named `name` for an app without options of its own.
  ///
  /// ```swift
  /// await TerminalCommand("tide-textinput", version: "1.0.0") { launch in Greeting.app(launch: launch) }.main()
  /// ```
  public init(
    _ name: String,
    version: String,
    abstract: String = "",
    discussion: String = "",
    app: @escaping (TerminalLaunch) throws -> TerminalApp<State, Action>
  ) {
    self.init(
      name, version: version, abstract: abstract, discussion: discussion, options: NoAppOptions.self,
      app: { _, launch in try app(launch) })
  }
}

/// Standard output written line by line with the system's calls, remembering the first failure
/// (which `print` would ignore).
@MainActor
private final class StandardOutput {
  private(set) var failure: String?
  /// Whether the pipe's reader closed it: what follows is dropped, and no failure reported.
  private(set) var readerClosed = false

  func writeLine(_ line: String) {
    guard failure == nil, !readerClosed else { return }
    var bytes = Array((line + "\n").utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE {
          readerClosed = true
        } else {
          failure = String(cString: strerror(errno))
        }
        return
      }
      bytes = bytes.dropFirst(count)
    }
  }
}
