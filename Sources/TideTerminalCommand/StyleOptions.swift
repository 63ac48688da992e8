import ArgumentParser
import TideTerminal

/// `--color`, `--theme` and `--background`, which every app's command takes, live and in replays.
struct StyleOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "The colours to draw with: auto, none, 16, 256 or truecolor.",
    discussion: """
      auto: live, TIDE_COLOR if set, else what the terminal says (NO_COLOR, COLORTERM, terminfo); \
      in a replay, truecolor. A colour beyond the choice is drawn as the nearest it has.
      """,
    valueName: "colors"))
  var color: String = "auto"

  @Option(help: ArgumentHelp(
    "The theme: default, dark, light or mono (default: mono without colour, else default).", valueName: "name"))
  var theme: String?

  @Option(help: ArgumentHelp(
    "The terminal's background, for adaptive colours: auto, dark or light.",
    discussion: """
      auto: live, the terminal's answer to OSC 11 (waited for at most 100 ms), else COLORFGBG, \
      else dark; in a replay, dark.
      """,
    valueName: "mode"))
  var background: String = "auto"

  func validate() throws {
    if !TerminalBackground.optionValues.contains(background) {
      throw ValidationError(
        UnknownName(source: "--background", value: background, allowed: TerminalBackground.optionValues).description)
    }
    if color != "auto", ColorProfile(rawValue: color) == nil {
      throw ValidationError(
        UnknownName(source: "--color", value: color, allowed: ["auto"] + ColorProfile.allCases.map(\.rawValue)).description)
    }
    if let theme {
      do {
        _ = try Theme.named(theme)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  /// The profile for a run in `mode`: `--color`'s; for `auto`, live, the terminal's (an unknown
  /// `TIDE_COLOR` is status 2), and in a replay truecolor, whatever the environment says.
  func profile(for mode: TerminalLaunch.Mode, commandName: String) throws(TerminalCommandError) -> ColorProfile {
    if let profile = ColorProfile(rawValue: color) { return profile }
    guard mode == .interactive else { return .trueColor }
    do {
      return try ColorProfile.ofThisTerminal()
    } catch {
      throw TerminalCommandError(status: 2, message: "\(commandName): error: \(error)")
    }
  }

  /// `--theme`'s theme, or `nil` for the launch's choice.
  var chosenTheme: Theme? {
    theme.flatMap { try? Theme.named($0) }
  }

  /// `--background`'s background, or `nil` for `auto`: a live run then asks the terminal.
  var chosenBackground: TerminalBackground? {
    TerminalBackground(rawValue: background)
  }

  /// The background of a replay: `--background`'s, dark for `auto` — the same on every machine.
  var replayBackground: TerminalBackground {
    chosenBackground ?? .dark
  }
}
