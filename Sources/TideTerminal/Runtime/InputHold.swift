/// Holds an app's input from outside the app, for as long as something else has the app's
/// state in its hands: while held, the ``Program`` running the app gives it no key, paste,
/// pointer event or resize, tells its input observer of none of them, and records none of them
/// for `--record` — a replay of the script would apply what the app never got. ctrl-c still
/// quits, as a quit signal does (neither recorded nor observed). The frames go on at the
/// terminal's size.
///
/// Whoever holds it says what was done to the app (``hold(because:)``). A key script cannot
/// reproduce a state put in from outside, so where the hold ends — released, or the app ending
/// while held — the recorded script gets a comment line saying what was done and that a replay
/// cannot do it. At the release the app is told the terminal's size now, as at the start: the
/// state it was given may have been laid out for another size, and it heard of no resize while
/// held.
@MainActor
package final class InputHold {
  /// What was done to the app, for the recorded script, while its input is held; `nil` when it
  /// is not held.
  package private(set) var reason: String?
  /// The program running the app, told when the hold ends with the hold's last reason.
  var released: ((String) -> Void)?

  package init() {}

  /// Whether the app's input is held.
  package var isHeld: Bool { reason != nil }

  /// Holds the app's input, or goes on holding it with a new reason: what was done to the app,
  /// as a clause the recorded script's comment line takes (`something put the app into …`).
  package func hold(because reason: String) {
    self.reason = reason
  }

  /// Lets the app's input through again, from the state it is in now; nothing if not held.
  package func release() {
    guard let reason else { return }
    self.reason = nil
    released?(reason)
  }
}
