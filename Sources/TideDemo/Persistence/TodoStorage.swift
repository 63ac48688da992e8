import Foundation
import Synchronization

/// The todo file: loaded once at start, saved atomically after every change.
///
/// A save writes a temporary file in the same folder, flushes it to disk and renames it over
/// the old file, so a crash leaves either the old list or the new one, never half of one. A
/// file that cannot be read or decoded is never overwritten: it is moved aside as
/// `todos.json.corrupt-<timestamp>`; if even that fails, saving is turned off for the session.
public final class TodoStorage: Sendable {
  /// The file's path.
  public let path: String

  private struct Progress {
    var lastVersion = 0
    var isDisabled = false
  }

  private let progress = Mutex(Progress())

  /// The format on disk.
  struct File: Codable {
    var version = 1
    var todos: [Todo]
  }

  /// Why a save did not happen.
  public struct SaveError: Error, CustomStringConvertible {
    /// A sentence for the warning line.
    public var description: String
  }

  /// Storage at `path`.
  public init(path: String) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/tide-demo/todos.json`, else `~/.local/share/tide-demo/todos.json`.
  public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
      return dataHome + "/tide-demo/todos.json"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/tide-demo/todos.json"
  }

  /// Loads the todos. A missing file is an empty list. A corrupt or unreadable file is moved
  /// aside and reported in `warning`; the list then starts empty.
  public func load(now: Date = Date()) -> (todos: [Todo], warning: String?) {
    let manager = FileManager.default
    guard manager.fileExists(atPath: path) else { return ([], nil) }
    let name = (path as NSString).lastPathComponent
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let file = try JSONDecoder().decode(File.self, from: data)
      return (Self.sanitized(file.todos), nil)
    } catch {
      let aside = path + ".corrupt-" + Self.timestamp(now)
      do {
        try manager.moveItem(atPath: path, toPath: aside)
        return ([], "\(name) was unreadable; moved aside to \((aside as NSString).lastPathComponent). Starting empty.")
      } catch {
        progress.withLock { $0.isDisabled = true }
        return ([], "\(name) is unreadable and could not be moved aside; not saving, to keep it.")
      }
    }
  }

  /// Writes `todos` atomically, unless a newer `version` was written already (saves run as
  /// concurrent effects, and the newest list must win).
  public func save(_ todos: [Todo], version: Int) throws(SaveError) {
    try progress.withLock { (progress: inout Progress) throws(SaveError) in
      guard !progress.isDisabled else { return }
      guard version > progress.lastVersion else { return }
      try write(todos)
      progress.lastVersion = version
    }
  }

  private func write(_ todos: [Todo]) throws(SaveError) {
    let folder = (path as NSString).deletingLastPathComponent
    let data: Data
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      data = try encoder.encode(File(todos: todos))
    } catch {
      throw SaveError(description: "Could not save todos: \(error.localizedDescription)")
    }
    let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw SaveError(description: "Could not save todos in \(folder): \(String(cString: strerror(errno)))")
    }
    let written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
    let flushed = fsync(descriptor) == 0
    close(descriptor)
    guard written, flushed, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw SaveError(description: "Could not save todos to \(path): \(reason)")
    }
  }

  /// Drops what the app would never have saved: control characters, over-long titles,
  /// duplicate ids.
  static func sanitized(_ todos: [Todo]) -> [Todo] {
    var seen = Set<Int>()
    return todos.compactMap { todo in
      guard seen.insert(todo.id).inserted else { return nil }
      var input = TextInput(limit: Todo.maximumTitleLength)
      for character in todo.title { input.insert(character) }
      return Todo(id: todo.id, title: input.text, isDone: todo.isDone)
    }
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
  }
}
