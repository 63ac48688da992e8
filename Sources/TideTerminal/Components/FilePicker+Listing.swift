#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FilePicker {
  /// What an entry of a folder is, as far as the picker cares: whether it opens or is chosen.
  public enum Kind: Hashable, Sendable {
    /// A folder, or a link to one: enter opens it.
    case folder
    /// A regular file, or a link to one: enter chooses it.
    case file
    /// Anything else — a FIFO, a socket, a device, a link that leads nowhere or in a loop: shown,
    /// chosen like a file, but an app should not expect to read it like one.
    case other
  }

  /// One entry of a folder.
  public struct Entry: Hashable, Sendable {
    /// The name as the system gave it: the bytes to open it by.
    public var name: [UInt8]
    /// What it is.
    public var kind: Kind

    /// An entry named `name` (bytes, as the system gave them) of `kind`.
    public init(name: [UInt8], kind: Kind) {
      self.name = name
      self.kind = kind
    }

    /// The name for showing: bytes that are not UTF-8 become `�`.
    public var displayName: String { String(decoding: name, as: UTF8.self) }

    /// Whether the name starts with `.`: hidden unless the picker shows hidden files.
    public var isHidden: Bool { name.first == UInt8(ascii: ".") }

    /// Folders first, then by name, byte by byte (`B` before `a`, as `ls` in the C locale):
    /// the order does not depend on the locale or on names being UTF-8.
    static func precedes(_ left: Entry, _ right: Entry) -> Bool {
      if (left.kind == .folder) != (right.kind == .folder) { return left.kind == .folder }
      return left.name.lexicographicallyPrecedes(right.name)
    }
  }

  /// A folder's entries as read, or why they could not be: what ``read(_:)`` gives and
  /// ``Action/loaded(_:selecting:)`` carries.
  public struct Listing: Hashable, Sendable {
    /// The folder read.
    public var folder: Path
    /// Its entries but `.` and `..`, folders first, then by name; empty when it could not be
    /// read.
    public var entries: [Entry]
    /// Why the folder could not be read, in the system's words (`Permission denied`,
    /// `Too many levels of symbolic links`, `No such file or directory`); `nil` when it was.
    public var error: String?

    /// The listing of `folder`: `entries` (sorted here), or the `error` that kept it from being
    /// read.
    public init(folder: Path, entries: [Entry], error: String? = nil) {
      self.folder = folder
      self.entries = entries.sorted(by: Entry.precedes)
      self.error = error
    }

    /// Reads `folder` off the caller's actor — 100,000 entries take a good part of 100 ms — so
    /// an effect awaits it without holding the main actor up. A folder that cannot be read
    /// (not allowed, gone, a loop of links, not a folder) gives a listing with its error, never
    /// a crash.
    @concurrent
    public static func read(_ folder: Path) async -> Listing {
      readNow(folder)
    }

    /// Reads `folder` on this thread: `readdir`, with `stat` only for entries whose type the
    /// folder does not say (links, file systems without types). The names are gathered in one
    /// buffer and sorted as positions in it, so that sorting 100,000 of them compares bytes in
    /// place instead of retaining and releasing two arrays a comparison.
    static func readNow(_ folder: Path) -> Listing {
      guard let directory = folder.withCString({ opendir($0) }) else {
        return Listing(folder: folder, entries: [], error: String(cString: strerror(errno)))
      }
      defer { closedir(directory) }
      var names: [UInt8] = []
      var starts: [Int] = [0]
      var kinds: [Kind] = []
      while let entry = readdir(directory) {
        let start = names.count
        withUnsafeBytes(of: entry.pointee.d_name) { raw in names.append(contentsOf: raw.prefix { $0 != 0 }) }
        let length = names.count - start
        if length == 1 || length == 2, names[start] == UInt8(ascii: "."), length == 1 || names[start + 1] == UInt8(ascii: ".") {
          names.removeLast(length)
          continue
        }
        let kind: Kind
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): kind = .folder
        case Int32(DT_REG): kind = .file
        case Int32(DT_LNK), Int32(DT_UNKNOWN): kind = Self.kind(of: folder.appending(Array(names[start...])))
        default: kind = .other
        }
        kinds.append(kind)
        starts.append(names.count)
      }
      var order = Array(kinds.indices)
      names.withUnsafeBufferPointer { names in
        starts.withUnsafeBufferPointer { starts in
          kinds.withUnsafeBufferPointer { kinds in
            order.sort { left, right in
              if (kinds[left] == .folder) != (kinds[right] == .folder) { return kinds[left] == .folder }
              let leftLength = starts[left + 1] - starts[left]
              let rightLength = starts[right + 1] - starts[right]
              let order = memcmp(
                names.baseAddress! + starts[left], names.baseAddress! + starts[right], min(leftLength, rightLength))
              return order != 0 ? order < 0 : leftLength < rightLength
            }
          }
        }
      }
      let entries = order.map { Entry(name: Array(names[starts[$0]..<starts[$0 + 1]]), kind: kinds[$0]) }
      return Listing(folder: folder, sortedEntries: entries)
    }

    /// A listing of `entries` already in order.
    private init(folder: Path, sortedEntries: [Entry]) {
      self.folder = folder
      entries = sortedEntries
      error = nil
    }

    /// What `path` leads to, following links: ``Kind/other`` when it leads nowhere.
    private static func kind(of path: Path) -> Kind {
      var status = stat()
      guard path.withCString({ stat($0, &status) }) == 0 else { return .other }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: return .folder
      case S_IFREG: return .file
      default: return .other
      }
    }
  }
}
