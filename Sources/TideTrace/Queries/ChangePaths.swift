#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The paths of the changes read lately, by their text as a line spells it: a trace's lines set
/// the same few paths over and over (`list.cursor` a million times), and taking a path's text
/// apart into its components — a string and a list made for each — cost more than the rest of
/// reading such a change.
struct ChangePaths {
  private var texts: [[UInt8]] = []
  private var paths: [JSONPath] = []

  /// How many paths are kept: more than the fields one query sees change, few enough to look
  /// through one by one.
  private static var limit: Int { 16 }

  /// The path `text` spells (the bytes of a JSON string without escapes), or `nil` if it is
  /// not a path.
  mutating func path(spelled text: UnsafeRawBufferPointer) -> JSONPath? {
    guard !text.isEmpty else { return JSONPath(parsing: "") }
    for index in texts.indices where texts[index].count == text.count {
      if texts[index].withUnsafeBytes({ memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }) {
        return paths[index]
      }
    }
    guard let path = JSONPath(parsing: String(decoding: text, as: UTF8.self)) else { return nil }
    if texts.count == Self.limit {
      texts.removeFirst()
      paths.removeFirst()
    }
    texts.append(Array(text))
    paths.append(path)
    return path
  }
}
