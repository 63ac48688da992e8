extension FilePicker {
  /// A path as the system spells it: bytes, not necessarily UTF-8.
  ///
  /// A file's name on Linux is any bytes but `/` and NUL, and a `String` made from bytes that
  /// are not UTF-8 replaces them with `�` — a path built from it would name another file, or
  /// none. So the picker keeps every path as its bytes, opens files by them, and decodes them
  /// only to show them (``description``).
  ///
  /// Paths are joined and taken apart by their text, not resolved: the parent of `docs` is
  /// `.`, the parent of `.` is `..`, the parent of `/` is `/`.
  public struct Path: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// The path `string` (`.`, `/home/ada`, `docs`).
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The path made of `bytes`, as the system gave them.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The path for showing: bytes that are not UTF-8 become `�`.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// The path of `name` in this folder.
    public func appending(_ name: [UInt8]) -> Path {
      if bytes.isEmpty { return Path(bytes: name) }
      return Path(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// The last component (`c` of `a/b/c`, without trailing slashes); `nil` for `/`, `.`, `..`
    /// and paths that end in them, which name no entry of their parent.
    public var lastComponent: [UInt8]? {
      let trimmed = Self.trimmingTrailingSlashes(bytes)
      let name = Array(trimmed.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last ?? [])
      return name.isEmpty || name == [UInt8(ascii: ".")] || name == Array("..".utf8) ? nil : name
    }

    /// The folder that holds this path, by its text: `a/b` → `a`, `b` → `.`, `/a` → `/`,
    /// `.` → `..`, `..` → `../..`, `/` → `/`.
    public var parent: Path {
      let trimmed = Self.trimmingTrailingSlashes(bytes)
      if trimmed == [UInt8(ascii: "/")] { return self }
      if trimmed.isEmpty || trimmed == [UInt8(ascii: ".")] { return Path("..") }
      guard lastComponent != nil else { return Path(bytes: trimmed + Array("/..".utf8)) }
      guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return Path(".") }
      let head = Self.trimmingTrailingSlashes(Array(trimmed[..<slash]))
      return head.isEmpty ? Path("/") : Path(bytes: head)
    }

    /// `bytes` without the slashes that end it, except a lone `/`.
    private static func trimmingTrailingSlashes(_ bytes: [UInt8]) -> [UInt8] {
      var bytes = bytes
      while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
      return bytes
    }

    /// Runs `body` with the path as a NUL-terminated C string, for the system's calls.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
      try (bytes + [0]).withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
      }
    }
  }
}
