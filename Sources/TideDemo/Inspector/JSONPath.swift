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
  package init?(parsing text: String) {
    let characters = Array(text)
    var components: [Component] = []
    var position = 0
    var expectsKey = true
    while position < characters.count {
      if characters[position] == "[" {
        guard !components.isEmpty, let close = characters[position...].firstIndex(of: "]"),
          let index = Int(String(characters[position + 1..<close])), index >= 0
        else { return nil }
        components.append(.index(index))
        position = close + 1
      } else if expectsKey {
        let end = characters[position...].firstIndex { $0 == "." || $0 == "[" } ?? characters.count
        guard end > position else { return nil }
        components.append(.key(String(characters[position..<end])))
        position = end
      } else {
        return nil
      }
      expectsKey = false
      if position < characters.count, characters[position] == "." {
        position += 1
        guard position < characters.count else { return nil }
        expectsKey = true
      }
    }
    self.components = components
  }

  /// This path with `component` added.
  package func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// Whether `self` is `other` or lies inside it.
  package func isWithin(_ other: JSONPath) -> Bool {
    components.count >= other.components.count && Array(components.prefix(other.components.count)) == other.components
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
