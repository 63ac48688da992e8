import ArgumentParser
import TideTerminal

/// The name, version and help text of the ``TerminalCommand`` being parsed.
///
/// ArgumentParser reads a command's configuration from a static property, and the argument
/// types here are generic over the app's options (a generic type has no static stored
/// properties): so the description of the command at hand is a task-local value, bound while
/// its arguments are parsed and its help is written. Two commands parsed at once on different
/// tasks (tests in parallel) each see their own.
struct CommandDescription: Sendable {
  var name: String
  var version: String
  var abstract: String
  var discussion: String
  /// Writes the usage of the app's own options (`[--items <items>]`) and its subcommands, by
  /// name, with their usage and abstracts: through ArgumentParser's help generator, which an app
  /// that parses its arguments and runs never needs (its code was 0.1 MiB of the running
  /// stopwatch's memory), so only when ``writesMessages``.
  var usages: @Sendable () -> Usages
  /// Whether help or an error message is being written, which the usage text is for.
  var writesMessages = false

  /// The usage of the app's own options, and its subcommands with their usage and abstracts.
  struct Usages {
    var options: String
    var subcommands: [(name: String, usage: String, abstract: String)]
  }

  @TaskLocal static var current = CommandDescription(
    name: "", version: "", abstract: "", discussion: "", usages: { Usages(options: "", subcommands: []) })

  /// The top-level usage: each form on its own line, the subcommands by name.
  func runUsage(_ usages: Usages) -> String {
    // `tide-list [--items <items>]`: the app's options after the command's name.
    func usage(_ words: String...) -> String {
      ([name] + words.prefix(1) + [usages.options] + words.dropFirst()).filter { !$0.isEmpty }.joined(separator: " ")
    }
    var lines = [
      usage("", "[--color <colors>] [--theme <name>] [--background <mode>] [--record <path>] [--trace <path>]"),
      usage(
        "replay",
        "<script> ... [--size <cols>x<rows>] [--frames] [--color <colors>] [--theme <name>] [--background <mode>] [--cast <path>] [--svg <path>] [--trace <path>] [--initial-data <path>]"),
    ]
    lines += usages.subcommands.map { "\(name) \($0.usage)" }
    lines.append("\(name) --help | --version")
    return lines.joined(separator: "\n")
  }

  func runDiscussion(_ usages: Usages) -> String {
    var text = discussion.isEmpty ? "" : discussion + "\n\n"
    text += "SUBCOMMANDS:\n"
    text += "  replay  Replay key scripts headlessly and print the final screen (see '\(name) replay --help').\n"
    for subcommand in usages.subcommands {
      text += "  \(subcommand.name)  \(subcommand.abstract)\n"
    }
    text += """

      Exit status: 0 success; 1 an expect failed, a script line came after the app quit, an \
      output could not be written or changes were not saved; 2 a usage or script error, found \
      before anything ran; 128 + N a quit signal N ended the run (130 for ctrl-c, 143 for \
      SIGTERM), after the terminal was restored and pending saves finished.
      """
    return text
  }
}

/// `NAME [OPTIONS] [--record PATH] [--trace PATH]`: the interactive run.
struct RunArguments<Options: ParsableArguments>: ParsableCommand {
  static var configuration: CommandConfiguration {
    let description = CommandDescription.current
    guard description.writesMessages else { return CommandConfiguration(commandName: description.name, version: description.version) }
    let usages = description.usages()
    return CommandConfiguration(
      commandName: description.name, abstract: description.abstract, usage: description.runUsage(usages),
      discussion: description.runDiscussion(usages), version: description.version)
  }

  @OptionGroup var options: Options

  @OptionGroup var style: StyleOptions

  @Option(help: ArgumentHelp(
    "Write the session as a key script to this file when the app ends.",
    discussion: """
      Keys, typed text, pastes, resizes and pauses. Its header says how to replay it to the screen \
      you saw; the data the app started from is kept beside it, as PATH.NAME (NAME: the data file's name).
      """,
    valueName: "path"))
  var record: String?

  @Option(help: ArgumentHelp("Write one JSON object per action (time, action, state diff) to this file, replacing it.", valueName: "path"))
  var trace: String?

  @Option(help: ArgumentHelp(
    "Serve the live trace to `inspect --attach PATH` on a Unix socket at this path, for time travel.",
    discussion: """
      Only your user can connect (mode 0600); a folder others can write is refused. The inspector can \
      put the running app into the state of any step (its keys are held meanwhile) and resume from there.
      """,
    valueName: "path"))
  var inspectSocket: String?
}

/// `NAME replay [OPTIONS] SCRIPT... [--size] [--frames] [--cast] [--svg] [--trace]`.
struct ReplayArguments<Options: ParsableArguments>: ParsableCommand {
  static var configuration: CommandConfiguration {
    let description = CommandDescription.current
    return CommandConfiguration(
      commandName: description.name + " replay",
      abstract: "Replay key scripts headlessly and print the final screen.",
      discussion: """
        Every script is read and checked first; then each runs from a fresh app on a virtual \
        clock. The app's own options apply as in the interactive form.
        """)
  }

  @OptionGroup var options: Options

  @Argument(help: ArgumentHelp("Key scripts (.keys) to replay, each from a fresh app.", valueName: "script"))
  var scripts: [String]

  @Option(help: ArgumentHelp(
    "The terminal size, COLSxROWS (what a script's resize accepts: 1x1 to 1000x1000).", valueName: "cols>x<rows"))
  var size: String = "80x24"

  @Flag(help: "Print every rendered frame, each after a '--- frame N (after LINE: TEXT)' line.")
  var frames = false

  @OptionGroup var style: StyleOptions

  @Option(help: ArgumentHelp(
    "Write an asciinema v2 recording of the replay, on virtual time.",
    discussion: "With several scripts, one file each: -NAME is inserted before the extension.",
    valueName: "path"))
  var cast: String?

  @Option(help: ArgumentHelp(
    "Write the final screen as an SVG image.",
    discussion: """
      With several scripts, -NAME is inserted before the extension (NAME: the script's file name \
      without .keys); each 'screen' line also writes one, with -lineN inserted.
      """,
    valueName: "path"))
  var svg: String?

  @Option(help: ArgumentHelp("Write one JSON object per action (time, action, state diff) to this file, replacing it.", valueName: "path"))
  var trace: String?

  @Option(help: ArgumentHelp(
    "Start each script from a private copy of this data (what --record keeps beside its script); the file itself is never written.",
    valueName: "path"))
  var initialData: String?

  @Option(help: .hidden)
  var record: String?

  func validate() throws {
    guard !scripts.isEmpty else { throw ValidationError("give at least one key script") }
    if record != nil {
      throw ValidationError("--record records the interactive app; a replay is already a script")
    }
    do {
      _ = try TerminalSize(parsing: size)
    } catch {
      throw ValidationError("--size: \(error.message)")
    }
  }
}
