#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideJSON

/// The paths of the changes read lately, by their text as a line spells it, and the reading of a
/// set from its bytes: a trace's lines set the same few paths over and over (`list.cursor` a
/// million times), and taking a path's text apart into its components — a string and a list made
/// for each — and a line into a tree cost more than the rest of reading such a change.
struct ChangePaths {
  /// A path always known, whatever the others: the one a question asks about.
  private let known: (text: [UInt8], path: JSONPath)?
  private var texts: [[UInt8]] = []
  private var paths: [JSONPath] = []

  /// How many paths are kept besides ``known``: more than the fields one line or one question
  /// sees change, few enough to look through one by one.
  private static var limit: Int { 16 }

  /// Paths read from lines; `known`, spelled `text`, is always known.
  init(knowing known: JSONPath? = nil, spelled text: [UInt8] = []) {
    self.known = known.map { (text, $0) }
  }

  /// The path `text` spells (the bytes of a JSON string without escapes), or `nil` if it is
  /// not a path.
  mutating func path(spelled text: UnsafeRawBufferPointer) -> JSONPath? {
    guard !text.isEmpty else { return JSONPath(parsing: "") }
    if let known, Self.same(known.text, text) { return known.path }
    for index in texts.indices where Self.same(texts[index], text) {
      return paths[index]
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

  /// The change `part` of `line` (``ActionLineParts/changes``) when it sets a path spelled
  /// without escapes (`["list.cursor",5]`): its path, taken apart once for its bytes, and its
  /// value, parsed alone. `nil` for any other change — a splice (its values after the path do
  /// not parse as one), a path with escapes or one that is not a path — which the caller parses
  /// whole. The line passed the trace's check of every line, so what the value's bytes hold is
  /// what the whole line's parse would hold there.
  mutating func set(_ part: (change: Range<Int>, path: Range<Int>), in line: UnsafeRawBufferPointer) -> (path: JSONPath, value: JSONValue)? {
    let pathBytes = UnsafeRawBufferPointer(rebasing: line[part.path])
    guard part.path.upperBound + 2 < part.change.upperBound, line[part.path.upperBound + 1] == UInt8(ascii: ","),
      pathBytes.isEmpty || memchr(pathBytes.baseAddress!, Int32(UInt8(ascii: "\\")), pathBytes.count) == nil,
      let path = path(spelled: pathBytes),
      let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: line[(part.path.upperBound + 2)..<(part.change.upperBound - 1)]))
    else { return nil }
    return (path, value)
  }

  private static func same(_ stored: [UInt8], _ text: UnsafeRawBufferPointer) -> Bool {
    stored.count == text.count && stored.withUnsafeBytes { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
  }
}
