import Tide
import TideTerminal

/// Plays the key script `text` against `app` headlessly — a virtual clock, an in-memory screen
/// of `size` — and returns the player, for reading its screen and statistics. `onFrame` sees
/// every frame drawn.
///
/// `clock` must be the clock the app's effects run on, so the script's waits move them.
@MainActor
package func replay<State, Action: Sendable>(
  _ text: String, on app: TerminalApp<State, Action>, clock: VirtualClock,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24), file: String = "inline.keys",
  onFrame: ((KeyScriptPlayer<State, Action>.Frame) -> Void)? = nil
) async throws -> KeyScriptPlayer<State, Action> {
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  // Set before playing: a player draws the frames inside a wait only when someone watches.
  player.onFrame = onFrame
  try await player.play(KeyScript(parsing: text, file: file))
  return player
}
