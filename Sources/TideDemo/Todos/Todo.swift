/// One todo.
package struct Todo: Identifiable, Equatable, Sendable, Codable {
  /// Unique within a list; new todos get one no todo has had this session (``TodoIDs``).
  package var id: Int
  /// What to do. Typed titles are printable and at most ``maximumTitleLength`` characters; a
  /// title loaded from a file is kept exactly as it is and drawn safely
  /// (``visibleTitle(_:)``).
  package var title: String
  /// Whether it is done.
  package var isDone: Bool

  /// The longest title one can type, in characters.
  package static let maximumTitleLength = 500

  /// Creates a todo.
  package init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
