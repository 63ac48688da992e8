/// Where a value is in a JSON document, written as the inspector's queries take it:
/// `todos.todos[2].title`, `counter.count`. The empty path is the whole document.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step: an object member or an array element.
  package enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  package var components: [Component]

  package init(_ components: [Component] = []) {
    self.components = components
  }

  /// Parses a dotted path (`a.b[3].c`); `nil` for one that is not well formed.
  ///
  /// Read as UTF-8 bytes (`.`, `[` and `]` are ASCII): a query parses the path of every change
  /// it reads, and walking the text by `Character` cost more than parsing the rest of the line.
  package init?(parsing text: String) {
    var text = text
    guard let components = text.withUTF8({ Self.components(of: $0) }) else { return nil }
    self.components = components
  }

  private static func components(of bytes: UnsafeBufferPointer<UInt8>) -> [Component]? {
    let dot = UInt8(ascii: "."), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
    var components: [Component] = []
    var position = 0
    var expectsKey = true
    while position < bytes.count {
      if bytes[position] == open {
        guard !components.isEmpty, let end = bytes[position...].firstIndex(of: close),
          let index = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[position + 1..<end]), as: UTF8.self)),
          index >= 0
        else { return nil }
        components.append(.index(index))
        position = end + 1
      } else if expectsKey {
        let end = bytes[position...].firstIndex { $0 == dot || $0 == open } ?? bytes.count
        guard end > position else { return nil }
        components.append(.key(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)))
        position = end
      } else {
        return nil
      }
      expectsKey = false
      if position < bytes.count, bytes[position] == dot {
        position += 1
        guard position < bytes.count else { return nil }
        expectsKey = true
      }
    }
    return components
  }

  /// This path with `component` added.
  package func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// Whether `self` is `other` or lies inside it.
  package func isWithin(_ other: JSONPath) -> Bool {
    components.starts(with: other.components)
  }

  /// `a.b[3].c`.
  package var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += key
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}
