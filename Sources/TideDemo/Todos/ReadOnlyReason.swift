/// Why the todo list cannot be changed this session: its file was written by a newer version,
/// another instance holds it, it has a key twice… Changes could not be saved, so none are made.
package struct ReadOnlyReason: Equatable, Sendable, Codable {
  /// A few words for the list's header, after `read-only:` (`in use by pid 4242`).
  package var summary: String
  /// The whole reason, with the path, shown when an editing key is pressed.
  package var details: String

  /// A reason shown as `summary` in the header and `details` in full.
  package init(summary: String, details: String) {
    self.summary = summary
    self.details = details
  }
}
