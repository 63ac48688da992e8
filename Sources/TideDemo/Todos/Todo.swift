/// One todo.
public struct Todo: Identifiable, Equatable, Sendable, Codable {
  /// Unique within a list; new todos take the next number.
  public var id: Int
  /// What to do: printable text, at most ``maximumTitleLength`` characters.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// The longest title, in characters.
  public static let maximumTitleLength = 500

  /// Creates a todo.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
