import Tide
import TideTerminal

/// Plays the key script `text` against `app` headlessly — a virtual clock, an in-memory screen
/// of `size` — and returns the player, for reading its screen.
///
/// `clock` must be the clock the app's effects run on, so the script's waits move them.
@MainActor
package func replay<State, Action: Sendable>(
  _ text: String, on app: TerminalApp<State, Action>, clock: VirtualClock,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24), file: String = "inline.keys"
) async throws -> KeyScriptPlayer<State, Action> {
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  try await player.play(KeyScript(parsing: text, file: file))
  return player
}
