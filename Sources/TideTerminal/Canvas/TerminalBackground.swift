/// Whether the terminal's background is dark or light: what an adaptive colour
/// (``Color/adaptive(light:dark:)``) is drawn for.
///
/// Every frame's ``Canvas`` carries the run's (``Canvas/background``). Every app's command takes
/// `--background auto|dark|light`:
///
/// - Live, `auto` (the default) asks the terminal once as the app starts, before its first frame:
///   the background colour (OSC 11, `ESC ] 11 ; ? ESC \`), waiting at most 100 ms for the reply.
///   A reply whose colour has a relative luminance over 0.5 is light, any other dark (see
///   `BackgroundColorReply`). No reply in time, or one that is not a colour, leaves the choice
///   to `COLORFGBG` (its last field: 0–6 and 8 dark, 7 and 9–15 light, as vim reads it), and
///   without that it is dark. DA1's query follows,
///   and its answer ends the wait early where the terminal does not know OSC 11. A reply that comes
///   after the wait is read and dropped by the input decoder as every terminal string is, never
///   typed into the app; while the app starts the terminal is already in its no-echo mode, so
///   no reply is ever shown.
/// - In a replay, `auto` is ``dark``: the environment never changes what a replay draws.
/// - `dark` or `light` is that background, without asking.
public enum TerminalBackground: String, Sendable, Hashable, CaseIterable {
  /// A dark background (and the choice when nothing says otherwise).
  case dark
  /// A light background.
  case light

  /// The background `COLORFGBG` says, or `nil` when it says none.
  ///
  /// rxvt, Konsole and others set `COLORFGBG` to the ANSI indices of their default colours,
  /// `FG;BG` or `FG;X;BG`; the last field is the background. Like Vim's rule, 0–6 and 8 (black,
  /// the dark colours and bright black) are dark, 7 and 9–15 light. termenv (lipgloss) counts 8
  /// as light too, its HSL lightness being exactly 0.5; its relative luminance (0.22 in xterm's
  /// palette) is far under the 0.5 an OSC 11 reply must pass to be light. A value without a `;`, or whose last field is not a number from 0 to 15 (`default`), says
  /// nothing.
  package static func hint(colorFGBG: String?) -> TerminalBackground? {
    guard let fields = colorFGBG?.split(separator: ";", omittingEmptySubsequences: false), fields.count >= 2,
      let index = Int(fields[fields.count - 1]), (0...15).contains(index)
    else { return nil }
    return (0...6).contains(index) || index == 8 ? .dark : .light
  }

  /// The values `--background` takes: `auto` and every background.
  package static let optionValues = ["auto"] + allCases.map(\.rawValue)
}
