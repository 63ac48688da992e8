#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Tide
import TideTerminal

/// The todo file: checked, locked and loaded once at start, then saved after every change.
///
/// The rules, each tested:
/// - Saves are atomic and durable, coalesced and run on a thread of their own, the newest last:
///   TideTerminal's ``DataSaver``, the public piece any app saves with. A symlink stays a symlink; the file's permission bits are kept.
/// - One writer: the first instance locks the file (``FileLock``); a second one opens it
///   read-only and says which process holds it.
/// - Loading is faithful: a file of a newer version or with unknown fields opens read-only and
///   is never written; a file with duplicate ids is copied aside byte for byte before it is
///   repaired; an unreadable or corrupt file is moved aside under a unique name, never
///   overwritten.
package final class TodoStorage: Sendable {
  /// What loading found.
  package struct Loaded: Equatable, Sendable {
    /// The todos, exactly as the file holds them (duplicate ids renumbered).
    package var todos: [Todo]
    /// What the user should know, if anything.
    package var warning: Warning?
    /// Why the file must not be written this session, if so.
    package var readOnly: ReadOnlyReason?
  }

  /// Why a save did not happen.
  package struct SaveError: Error, CustomStringConvertible, Equatable {
    /// Everything: the path and the system's reason.
    package var description: String

    /// `Could not save todos to PATH: ` and what failed.
    init(path: String, _ error: SystemError) {
      description = "Could not save todos to \(path): \(error)"
    }
  }

  /// Where the todos live.
  package let location: DataPath?
  /// The path as given.
  package let path: String
  private let refusal: DataPath.Refusal?
  private let saver: DataSaver<[Todo]>
  /// How the last save ended: its failure, or `nil` once one succeeded.
  private let lastFailure: LastSaveFailure

  private struct Session {
    var lock: FileLock?
    var isReadOnly = false
    /// The process holding the lock, when another one does.
    var holder: Int32?
  }

  private let session = Mutex(Session())

  /// Storage at `path`. Nothing is touched until ``load(now:)``; a path that cannot hold todos
  /// (see ``DataPath``) is never read or written.
  package convenience init(path: String) {
    self.init(path: path, write: nil)
  }

  /// Storage whose saves call `write` (tests use it to hold a save in flight) instead of
  /// writing the file.
  init(path: String, write: (@Sendable ([Todo]) throws(SystemError) -> Void)?) {
    self.path = path
    let location: DataPath?
    do {
      location = try DataPath(checking: path)
      refusal = nil
    } catch {
      location = nil
      refusal = error
    }
    self.location = location
    let target = location?.target ?? path
    let writeTodos: @Sendable ([Todo]) throws(SystemError) -> Void
    if let write {
      writeTodos = write
    } else {
      writeTodos = { todos throws(SystemError) in try FileContents.write(TodoFile(todos: todos).encoded(), atPath: target) }
    }
    let lastFailure = LastSaveFailure()
    self.lastFailure = lastFailure
    // Recorded on the saving thread, in the order the saves ran: the newest outcome wins.
    saver = DataSaver(path: path, write: { todos throws(SystemError) in
      do throws(SystemError) {
        try writeTodos(todos)
        lastFailure.error.withLock { $0 = nil }
      } catch {
        lastFailure.error.withLock { $0 = SaveError(path: path, error) }
        throw error
      }
    })
  }

  /// `$XDG_DATA_HOME/tide-demo/todos.json` when `XDG_DATA_HOME` is an absolute path, else
  /// `~/.local/share/tide-demo/todos.json`.
  package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/tide-demo/todos.json"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    return home + "/.local/share/tide-demo/todos.json"
  }

  /// Whether saves are off for this session (the file is read-only or refused).
  package var isReadOnly: Bool { session.withLock { $0.isReadOnly } }

  /// Gives up the lock (at the end of a run or a replay), so that the next instance can write.
  /// Saves after this write nothing.
  package func release() {
    session.withLock {
      $0.lock = nil
      $0.isReadOnly = true
    }
  }

  /// Saves `todos`, returning once they (or a newer list) are on disk. Does nothing while
  /// read-only.
  package func save(_ todos: [Todo]) async throws(SaveError) {
    guard !isReadOnly else { return }
    do {
      try await saver.save(todos)
    } catch {
      throw SaveError(path: path, error)
    }
  }

  /// An effect that saves `todos` in its place among the saves (``DataSaver``), sending
  /// `succeeded` once they or a newer list are on disk and `failed` with the reason if the save
  /// failed; nothing while read-only.
  package func save<Action: Sendable>(
    _ todos: [Todo], succeeded: Action?, failed: @escaping @Sendable (SaveError) -> Action
  ) -> Effect<Action> {
    guard !isReadOnly else { return .none }
    let path = path
    return saver.save(todos, succeeded: succeeded, failed: { failed(SaveError(path: path, $0)) })
  }

  /// Saves `todos` before returning, on the calling thread; for tests and benchmarks.
  package func saveNow(_ todos: [Todo]) throws(SaveError) {
    guard !isReadOnly, let target = location?.target else { return }
    do {
      try FileContents.write(TodoFile(todos: todos).encoded(), atPath: target)
    } catch {
      throw SaveError(path: path, error)
    }
  }

  /// Whether a save is being written now.
  var isSaving: Bool { saver.unfinished.isWriting }

  /// What to tell the user when the program had to end before the saves finished.
  package func unfinishedSaveMessage() -> String {
    let (isWriting, waiting) = saver.unfinished
    var message = "tide-demo: your latest todo changes were not saved to \(path) before the app had to end."
    if isWriting, let target = location?.target {
      message += " The save in progress was writing them to the temporary copy \(AtomicFile.temporaryPath(for: target)) (it may be incomplete)."
    }
    if waiting > 0 { message += " The newest changes were not written anywhere." }
    return message
  }

  /// What to tell the user when the app ends while the newest changes are not on disk because
  /// their save failed (a full disk, a read-only folder): what was lost and where the file is;
  /// `nil` when the last save succeeded or none failed.
  package func unsavedChangesMessage() -> String? {
    guard let error = lastFailure.error.withLock({ $0 }) else { return nil }
    return "tide-demo: your latest todo changes were not saved: \(AppFeature.sentence(error.description)) "
      + "\(path) still holds the todos of the last successful save; the changes since are lost."
  }

  /// Loads the todos: locks the file, removes temporary files of dead processes, reads the
  /// file faithfully, and moves aside a file that cannot be read. A missing file is an empty
  /// list.
  ///
  /// Copies are named after `now` (`todos.json.corrupt-20260102T030405.678Z`). With
  /// `showsTime` false — a replay, whose screens must be the same on every run — messages give
  /// such a name as `todos.json.corrupt-<UTC time>` instead.
  package func load(now: Date = Date(), showsTime: Bool = true) -> Loaded {
    let naming = CopyNaming(now: now, showsTime: showsTime)
    guard let location else {
      let reason = refusal?.reason ?? "cannot be used"
      return readOnly([], "not a regular file", "\(path) \(reason), not a todo file; nothing is read or saved.", name: path)
    }
    let name = location.name
    var lockReason: String?
    do {
      try AtomicFile.createFolder(location.folder)
      let (lock, outcome) = FileLock.acquire(for: location.target)
      switch outcome {
      case .acquired:
        session.withLock { $0.lock = lock }
        removeStaleTemporaryFiles(in: location)
      case .heldByOther(let pid):
        lockReason = "\(path) is in use by tide-demo" + (pid.map { " pid \($0)" } ?? " (another process)")
        session.withLock { $0.holder = pid }
      case .unavailable:
        break  // A folder the lock cannot be made in cannot be saved to either; saves say why.
      }
    } catch {
      // Saves will report the same problem with the folder.
    }

    let data: Data
    let descriptor = open(location.target, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT || code == ENOTDIR {
        if let lockReason { return readOnly([], heldSummary, lockReason + "; changes are not saved.", name: name) }
        return Loaded(todos: [], warning: nil, readOnly: nil)
      }
      return setAside(location, because: systemReason(code), naming: naming, lockReason: lockReason)
    }
    do {
      data = try Self.readAll(descriptor, path: location.target)
      close(descriptor)
    } catch where error.code == EFBIG {
      // Too large to be a todo list this app wrote: kept as it is, never read whole nor
      // overwritten (a sparse 10 GB file took 5.7 GB of memory and ignored SIGTERM).
      close(descriptor)
      return readOnly(
        [], "larger than \(FileContents.describe(bytes: FileContents.defaultLimit))",
        "\(path): \(error.plainReason). It is not read, and never overwritten.", name: name)
    } catch {
      close(descriptor)
      return setAside(location, because: systemReason(error.code), naming: naming, lockReason: lockReason)
    }

    let file: TodoFile
    do {
      file = try TodoFile.decode(data)
    } catch {
      return setAside(location, because: error.reason, naming: naming, lockReason: lockReason)
    }
    if let lockReason { return readOnly(file.todos, heldSummary, lockReason + "; changes are not saved.", name: name) }
    if file.version > TodoFile.currentVersion {
      return readOnly(
        file.todos, "written by a newer tide-demo",
        "\(path) was written by a newer tide-demo (file version \(file.version); this one understands version \(TodoFile.currentVersion)). It is shown read-only and never overwritten.",
        name: name)
    }
    if file.version < 1 {
      return readOnly(
        file.todos, "unknown file version \(file.version)", "\(path) has version \(file.version), which no tide-demo writes. It is shown read-only and never overwritten.",
        name: name)
    }
    if !file.duplicateKeys.isEmpty {
      let keys = file.duplicateKeys.map { "\"\($0)\"" }.joined(separator: ", ")
      return readOnly(
        file.todos, "a key given twice (\(file.duplicateKeys[0]))",
        "\(path) has a key twice in one object (\(keys)), so which value was meant is unclear; the first of each is shown. It is shown read-only and never overwritten.",
        name: name)
    }
    if !file.unknownFields.isEmpty {
      return readOnly(
        file.todos, "fields this version does not know",
        "\(path) has fields this tide-demo does not know (\(file.unknownFields.joined(separator: ", "))), which a save would drop. It is shown read-only and never overwritten.",
        name: name)
    }
    let duplicates = file.duplicateIDs
    guard !duplicates.isEmpty else { return Loaded(todos: file.todos, warning: nil, readOnly: nil) }
    return repair(file, duplicates: duplicates, original: data, location: location, naming: naming)
  }

  // MARK: - Loading, the hard cases

  /// The header's words for a file another instance holds.
  private var heldSummary: String {
    session.withLock { $0.holder }.map { "in use by pid \($0)" } ?? "in use by another process"
  }

  /// A read-only session: `headline` for the list's header, `reason` in full.
  private func readOnly(_ todos: [Todo], _ headline: String, _ reason: String, name: String) -> Loaded {
    let holder = session.withLock { session in
      session.isReadOnly = true
      return session.holder
    }
    let summary = holder.map { "\(name) is in use by tide-demo pid \($0): read-only, changes not saved" }
      ?? "\(name) is read-only: changes are not saved"
    return Loaded(
      todos: todos,
      warning: Warning(summary: summary, details: reason, isClearedBySave: false),
      readOnly: ReadOnlyReason(summary: headline, details: reason))
  }

  /// Gives duplicate ids fresh ones, after copying the file aside byte for byte.
  private func repair(_ file: TodoFile, duplicates: [Int], original: Data, location: DataPath, naming: CopyNaming) -> Loaded {
    let copy: String
    do {
      let base = location.target + ".before-repair-"
      let made = try Self.createUnique(base: base + Self.timestamp(naming.now)) { candidate throws(SystemError) in
        try AtomicFile.create(original, at: candidate)
      }
      copy = naming.shown(base, made)
    } catch {
      return readOnly(
        file.todos, "duplicate ids, no copy could be kept",
        "\(path) has todos with the same id (\(duplicates.count)), which needs a repair, but a copy of it could not be kept: \(error). It is shown read-only and never overwritten.",
        name: location.name)
    }
    var todos = file.todos
    var seen = Set<Int>(minimumCapacity: todos.count)
    var ids = TodoIDs(after: todos.lazy.map(\.id))
    let taken = Set(todos.map(\.id))
    for index in todos.indices where !seen.insert(todos[index].id).inserted {
      let id = ids.make { taken.contains($0) || seen.contains($0) }
      todos[index].id = id
      seen.insert(id)
    }
    let details = "\(path) had \(duplicates.count) todo(s) sharing an id with another; they were given new ids. The file as it was is kept, unchanged, as \(copy)."
    return Loaded(
      todos: todos,
      warning: Warning(summary: "\(location.name) had duplicate ids; repaired, original kept", details: details),
      readOnly: nil)
  }

  /// Moves an unreadable or corrupt regular file aside; never overwrites it.
  private func setAside(_ location: DataPath, because reason: String, naming: CopyNaming, lockReason: String?) -> Loaded {
    let name = location.name
    if let lockReason {
      return readOnly([], heldSummary, "\(path) could not be read (\(reason)), and \(lockReason.dropFirst(path.count + 1)); changes are not saved.", name: name)
    }
    var info = stat()
    guard lstat(location.target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return readOnly([], "unreadable, not a regular file", "\(path) could not be read (\(reason)) and is not a regular file, so it is left alone.", name: name)
    }
    do {
      let base = location.target + ".corrupt-"
      let made = try Self.createUnique(base: base + Self.timestamp(naming.now)) { candidate throws(SystemError) in
        try Self.moveWithoutReplacing(location.target, to: candidate)
      }
      let aside = naming.shown(base, made)
      AtomicFile.syncFolder(location.folder)
      return Loaded(
        todos: [],
        warning: Warning(
          summary: "\(name) was unreadable; moved aside, starting empty",
          details: "\(path) could not be read: \(reason). It was moved aside, unchanged, to \(aside). The list starts empty."),
        readOnly: nil)
    } catch {
      return readOnly([], "unreadable, could not be moved aside", "\(path) could not be read (\(reason)) and could not be moved aside: \(error). It is left as it is and never overwritten.", name: name)
    }
  }

  /// When copies of the file are made, and whether messages may say so.
  private struct CopyNaming {
    var now: Date
    var showsTime: Bool

    /// The name of a copy made as `name` from `base` and the time, for a message.
    func shown(_ base: String, _ name: String) -> String {
      showsTime ? name : base + "<UTC time>"
    }
  }

  /// Runs `make` with `base`, then `base-2`, `base-3`, … until a name is free.
  private static func createUnique(base: String, _ make: (String) throws(SystemError) -> Void) throws(SystemError) -> String {
    var counter = 1
    while true {
      let candidate = counter == 1 ? base : "\(base)-\(counter)"
      do {
        try make(candidate)
        return candidate
      } catch where error.code == EEXIST && counter < 1000 {
        counter += 1
      }
    }
  }

  /// `rename` that fails with `EEXIST` instead of replacing: a hard link then an unlink, or,
  /// where links are not supported, a check then a rename.
  private static func moveWithoutReplacing(_ source: String, to destination: String) throws(SystemError) {
    if link(source, destination) == 0 {
      guard unlink(source) == 0 else { throw SystemError("move aside", source) }
      return
    }
    let code = errno
    if code == EEXIST { throw SystemError("move aside", source, code: EEXIST) }
    var info = stat()
    if lstat(destination, &info) == 0 { throw SystemError("move aside", source, code: EEXIST) }
    guard rename(source, destination) == 0 else { throw SystemError("move aside", source) }
  }

  /// Removes `.NAME.tmp-PID` files whose process is gone (left by a crash or `kill -9`).
  private func removeStaleTemporaryFiles(in location: DataPath) {
    let prefix = "." + location.targetName + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: location.folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(location.folder + "/" + name)
      }
    }
  }

  private static func readAll(_ descriptor: Int32, path: String) throws(SystemError) -> Data {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemError("read", path) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw SystemError("read", path, code: EINVAL) }
    let limit = FileContents.defaultLimit
    let tooLarge = SystemError(
      "read", path, code: EFBIG,
      reason: "it holds more than \(FileContents.describe(bytes: limit)), the most read from one file")
    guard info.st_size <= limit else { throw tooLarge }
    var data = Data(capacity: Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemError("read", path)
      }
      if count == 0 { return data }
      guard data.count + count <= limit else { throw tooLarge }
      data.append(buffer, count: count)
    }
  }

  /// `20260102T030405.678Z`: UTC, to the millisecond.
  static func timestamp(_ date: Date) -> String {
    let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var seconds = time_t(total / 1000)
    let milliseconds = Int(total % 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return digits(Int(parts.tm_year) + 1900, 4) + digits(Int(parts.tm_mon) + 1, 2) + digits(Int(parts.tm_mday), 2) + "T"
      + digits(Int(parts.tm_hour), 2) + digits(Int(parts.tm_min), 2) + digits(Int(parts.tm_sec), 2) + "."
      + digits(milliseconds, 3) + "Z"
  }
}

/// The failure of the newest save, shared with the saving thread.
private final class LastSaveFailure: Sendable {
  let error = Mutex<TodoStorage.SaveError?>(nil)
}
