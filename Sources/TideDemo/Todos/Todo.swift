/// One todo.
public struct Todo: Identifiable, Equatable, Sendable, Codable {
  /// Unique within a list; new todos get one no todo has had this session (``TodoIDs``).
  public var id: Int
  /// What to do. Typed titles are printable and at most ``maximumTitleLength`` characters; a
  /// title loaded from a file is kept exactly as it is and drawn safely
  /// (``visibleTitle(_:)``).
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// The longest title one can type, in characters.
  public static let maximumTitleLength = 500

  /// Creates a todo.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
