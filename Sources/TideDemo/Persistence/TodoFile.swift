#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The todo file's format: `{"version": 1, "todos": [{"id", "title", "isDone"}]}`.
///
/// Decoding is faithful: nothing is cut, cleaned or dropped. What the app cannot represent
/// exactly is reported instead — a newer `version`, fields it does not know, duplicate ids —
/// so the storage can open the file read-only or repair it only after keeping a copy.
package struct TodoFile: Sendable {
  /// The version this app writes and fully understands.
  package static let currentVersion = 1

  package var version: Int
  package var todos: [Todo]
  /// Names of fields this app does not know (`top.field` or `todos[N].field`), first few only.
  var unknownFields: [String] = []
  /// Keys found twice in one object (`todos`, `todos[3].title`), first few only. The first
  /// value of each is kept, but which one the writer meant cannot be known.
  var duplicateKeys: [String] = []

  package init(version: Int = TodoFile.currentVersion, todos: [Todo]) {
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
  package func encoded() -> Data {
    Data(TodoJSON.encode(self))
  }

  /// Decodes `data`; a failure means the file is corrupt, and says why.
  package static func decode(_ data: Data) throws(TodoJSON.Failure) -> TodoFile {
    let result: Result<TodoFile, TodoJSON.Failure> = data.withUnsafeBytes { raw in
      do throws(TodoJSON.Failure) {
        return .success(try TodoJSON.decode(raw))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
