/// A problem the user should know about, shown on the line above the footer: a todo file that
/// could not be read, could not be saved, or is open read-only.
///
/// The line shows ``summary``, which stays the same from run to run (no timestamps, so a replay
/// prints the same screen every time); `?` shows ``details``: the full reason and every path
/// involved. `esc` dismisses it.
package struct Warning: Equatable, Sendable, Codable {
  /// One short sentence for the warning line.
  package var summary: String
  /// Everything: what happened, the paths and the system's reason.
  package var details: String
  /// Whether the next successful save makes it obsolete (a failed save or a repaired file), as
  /// opposed to a state that lasts the whole session (read-only).
  package var isClearedBySave: Bool

  /// A warning; `details` defaults to `summary`.
  package init(summary: String, details: String? = nil, isClearedBySave: Bool = true) {
    self.summary = summary
    self.details = details ?? summary
    self.isClearedBySave = isClearedBySave
  }
}
