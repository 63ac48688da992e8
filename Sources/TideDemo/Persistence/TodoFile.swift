import Foundation

/// The todo file's format: `{"version": 1, "todos": [{"id", "title", "isDone"}]}`.
///
/// Decoding is faithful: nothing is cut, cleaned or dropped. What the app cannot represent
/// exactly is reported instead — a newer `version`, fields it does not know, duplicate ids —
/// so the storage can open the file read-only or repair it only after keeping a copy.
struct TodoFile: Sendable {
  /// The version this app writes and fully understands.
  static let currentVersion = 1

  var version: Int
  var todos: [Todo]
  /// Names of fields this app does not know (`top.field` or `todos[N].field`), first few only.
  var unknownFields: [String] = []

  init(version: Int = TodoFile.currentVersion, todos: [Todo]) {
    self.version = version
    self.todos = todos
  }

  /// The ids that occur more than once, in order of first repetition.
  var duplicateIDs: [Int] {
    var seen = Set<Int>(minimumCapacity: todos.count)
    var duplicates: [Int] = []
    for todo in todos where !seen.insert(todo.id).inserted { duplicates.append(todo.id) }
    return duplicates
  }

  /// The bytes saved to disk: sorted keys, pretty-printed, as every version of the app wrote.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Decodes `data`; a decoding error means the file is corrupt.
  static func decode(_ data: Data) throws -> TodoFile {
    try JSONDecoder().decode(TodoFile.self, from: data)
  }
}

/// Any key, to list the keys an object really has.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// How many unknown field names a report lists.
private let unknownFieldLimit = 5

extension TodoFile: Codable {
  private static let versionKey = AnyKey("version")
  private static let todosKey = AnyKey("todos")

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    version = try container.decode(Int.self, forKey: Self.versionKey)
    for key in container.allKeys where key.stringValue != "version" && key.stringValue != "todos" {
      unknownFields.append(key.stringValue)
    }
    var list = try container.nestedUnkeyedContainer(forKey: Self.todosKey)
    var todos: [Todo] = []
    if let count = list.count { todos.reserveCapacity(count) }
    while !list.isAtEnd {
      let index = list.currentIndex
      let todo = try list.decode(FaithfulTodo.self)
      todos.append(todo.todo)
      if unknownFields.count < unknownFieldLimit {
        for field in todo.unknownFields.prefix(unknownFieldLimit - unknownFields.count) {
          unknownFields.append("todos[\(index)].\(field)")
        }
      }
    }
    self.todos = todos
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    try container.encode(version, forKey: Self.versionKey)
    try container.encode(todos, forKey: Self.todosKey)
  }
}

/// One todo as the file has it, with the names of the fields the app does not know.
private struct FaithfulTodo: Decodable {
  var todo: Todo
  var unknownFields: [String] = []

  private static let known: Set<String> = ["id", "title", "isDone"]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    todo = Todo(
      id: try container.decode(Int.self, forKey: AnyKey("id")),
      title: try container.decode(String.self, forKey: AnyKey("title")),
      isDone: try container.decode(Bool.self, forKey: AnyKey("isDone")))
    if container.allKeys.count != 3 {
      unknownFields = container.allKeys.map(\.stringValue).filter { !Self.known.contains($0) }
    }
  }
}
