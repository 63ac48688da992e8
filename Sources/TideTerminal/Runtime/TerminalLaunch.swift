#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Tide

/// What the `TerminalCommand` of TideTerminalCommand hands the app it starts: how the app is run,
/// on which clock and at which size, where its data lives and where its actions are traced.
///
/// The same app function builds the app for the live terminal and for every replay; the launch
/// is what differs between them. A plain part of TideTerminal, so that an app's library target
/// that has `app(launch:)` links TideTerminal only; its executable links TideTerminalCommand.
///
/// ```swift
/// await TerminalCommand("tide-hello", version: "1.0.0") { launch in
///   TerminalApp(
///     store: launch.store(initialState: Hello.State(), reducer: Hello()),
///     view: Hello.draw, keyAction: { _, key in Hello.keys.action(for: key) },
///     quitAction: .quit, isFinished: \.isQuitting)
/// }.main()
/// ```
@MainActor
public final class TerminalLaunch {
  /// How the app runs.
  public enum Mode: Sendable, Hashable {
    /// In the real terminal, on the continuous clock: `NAME [OPTIONS]`.
    case interactive
    /// Headlessly from a key script, on a virtual clock: `NAME replay SCRIPT...`. Screens must not
    /// show wall-clock values, so that every run of a script prints the same frames: an app
    /// that shows the date or the day takes it from ``TerminalLaunch/startDate``, which a
    /// replay fixes.
    case replay
  }

  /// How the app runs.
  public let mode: Mode
  /// The command's name, such as `tide-demo`: the app a trace belongs to.
  public let commandName: String
  /// The clock every effect of the app's store must use: the continuous clock live, a
  /// `VirtualClock` in a replay (where `wait` lines move it).
  public let clock: any Clock<Duration>
  /// The terminal's size at the start: the real terminal's live, `--size` in a replay.
  public let size: TerminalSize
  /// With `--trace`, where the store's actions go (see ``traced(_:)``), or `nil`.
  package let actionTrace: (any ActionTrace)?
  /// The file the app reads and saves its data in for this run, or `nil` for none: what the
  /// command's `dataFile` function named, or in a replay with `--initial-data` a private copy of
  /// the data a recording started from. An app with a data file must use this path, not its
  /// own option's value.
  public let dataFile: String?
  /// The colours the terminal shows: live, what `--color`, `TIDE_COLOR` or the terminal says
  /// (see ``ColorProfile``); in a replay `--color`'s, or ``ColorProfile/trueColor``.
  public let colorProfile: ColorProfile
  /// The theme the app's frames are drawn with: `--theme`'s, else ``Theme/mono`` under
  /// ``ColorProfile/noColor`` and ``Theme/default`` otherwise. `TerminalCommand` gives it to
  /// the app's canvas; an app that runs itself sets ``Canvas/theme`` in its view.
  public let theme: Theme

  /// When the app started, for what it shows of the calendar — "today", how many days ago: the
  /// real date (to the second) when run live, and in a replay the date its script was recorded
  /// on (the header `--record` writes), or ``replayStartDate`` for a script written by hand, so
  /// every run of a replay shows the same day. Time since the start comes from ``clock``:
  /// `startDate` plus the clock's elapsed time is "now" live and in a replay alike.
  ///
  /// ```swift
  /// let today = Calendar.current.startOfDay(for: launch.startDate)
  /// ```
  public let startDate: Date

  /// The start date of a replay whose script names none (2000-01-01 12:00 UTC: the same day in
  /// nearly every time zone), and of a launch a test makes without one.
  public static let replayStartDate = Date(timeIntervalSince1970: 946_728_000)

  private var endActions: [() -> Void] = []

  /// A launch as the command makes one; in an app's tests, a replay on a `VirtualClock`:
  /// `TerminalLaunch(clock: clock)`. Without a `startDate`, an interactive launch starts now
  /// (to the second) and a replay at ``replayStartDate``.
  public convenience init(
    mode: Mode = .replay, commandName: String = "app", clock: any Clock<Duration>,
    size: TerminalSize = TerminalSize(columns: 80, rows: 24), dataFile: String? = nil, startDate: Date? = nil,
    colorProfile: ColorProfile = .trueColor, theme: Theme? = nil
  ) {
    self.init(
      mode: mode, commandName: commandName, clock: clock, size: size, actionTrace: nil, dataFile: dataFile,
      startDate: startDate, colorProfile: colorProfile, theme: theme)
  }

  /// A launch whose store's actions go to `actionTrace`: what `TerminalCommand` makes for `--trace`.
  package init(
    mode: Mode, commandName: String, clock: any Clock<Duration>, size: TerminalSize,
    actionTrace: (any ActionTrace)?, dataFile: String?, startDate: Date?,
    colorProfile: ColorProfile = .trueColor, theme: Theme? = nil
  ) {
    self.colorProfile = colorProfile
    self.theme = theme ?? (colorProfile == .noColor ? .mono : .default)
    self.startDate = startDate
      ?? (mode == .interactive ? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) : Self.replayStartDate)
    self.mode = mode
    self.commandName = commandName
    self.clock = clock
    self.size = size
    self.actionTrace = actionTrace
    self.dataFile = dataFile
  }

  /// A store on the launch's clock whose reducer is traced when `--trace` is given: the usual
  /// way to build an app's store.
  public func store<R: Reducer>(
    initialState: R.State, reducer: R, middleware: [Middleware<R.State, R.Action>] = []
  ) -> Store<R.State, R.Action> {
    Store(initialState: initialState, reducer: traced(reducer), clock: clock, middleware: middleware)
  }

  /// `reducer`, its actions and states written to the trace when `--trace` is given: for an app
  /// that builds its store itself (with middleware or a clock of its own choosing):
  ///
  /// ```swift
  /// Store(initialState: state, reducer: launch.traced(AppFeature()), clock: launch.clock, middleware: saving)
  /// ```
  ///
  /// An app whose store's reducer is not traced this way (or through ``store(initialState:reducer:middleware:)``)
  /// is refused `--trace` with a message saying so: its trace would hold no action.
  public func traced<R: Reducer>(_ reducer: R) -> LaunchTracedReducer<R> {
    actionTrace?.attach(R.self)
    return LaunchTracedReducer(base: reducer, trace: actionTrace)
  }

  /// Runs `action` when this run of the app has ended and its pending work is done — before the
  /// next script of a replay starts the app again. For what the app holds for the run, such as
  /// a lock on its data file.
  public func onEnd(_ action: @escaping () -> Void) {
    endActions.append(action)
  }

  /// Whether standard input is a terminal: an inline app that reads its data from standard
  /// input (a pipe, a file: `printf 'a\nb\n' | tide-pick`) reads it only when it is not, since
  /// the terminal's input is the keys.
  public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// Runs the end actions, each once, in the order they were added.
  package func end() {
    let actions = endActions
    endActions = []
    for action in actions { action() }
  }
}
