import TideJSON

extension JSONValue {
  /// The value at `path` below this one (an empty path: this value), or `nil` if it has none.
  package func value(at path: JSONPath) -> JSONValue? {
    var value = self
    for component in path.components {
      switch (component, value) {
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        value = member.value
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return nil }
        value = elements[index]
      default:
        return nil
      }
    }
    return value
  }

  /// Sets the value at `path`, creating object members on the way; an index past an array's
  /// end appends. Returns `false` when the path runs through something that is not an object
  /// or array. Only the containers on the way are changed, in place: a member set in an object
  /// of a list of 100,000 elements copies none of them.
  @discardableResult
  package mutating func set(_ newValue: JSONValue, at path: ArraySlice<JSONPath.Component>) -> Bool {
    guard let first = path.first else {
      self = newValue
      return true
    }
    // Matched on `first` alone: a `switch` over `(first, self)` holds a second reference to the
    // container for as long as it runs, and every change below then copied it whole.
    switch first {
    case .key(let key):
      if case .null = self {
        var child = JSONValue.null
        guard child.set(newValue, at: path.dropFirst()) else { return false }
        self = .object([JSONMember(key: key, value: child)])
        return true
      }
      guard case .object(var members) = self else { return false }
      // Left alone while the member changes, so that its storage has one owner.
      self = .null
      defer { self = .object(members) }
      if let index = members.firstIndex(where: { $0.key == key }) {
        return members[index].value.set(newValue, at: path.dropFirst())
      }
      var child = JSONValue.null
      guard child.set(newValue, at: path.dropFirst()) else { return false }
      members.append(JSONMember(key: key, value: child))
      return true
    case .index(let index):
      guard case .array(var elements) = self, index >= 0, index <= elements.count else { return false }
      self = .null
      defer { self = .array(elements) }
      if index == elements.count {
        var child = JSONValue.null
        guard child.set(newValue, at: path.dropFirst()) else { return false }
        elements.append(child)
        return true
      }
      return elements[index].set(newValue, at: path.dropFirst())
    }
  }

  /// Puts `newValue` in place of the value at `path`, when there is one there, and returns
  /// that value (`.null` for a `null` there); `nil`, changing nothing, when there is none — a
  /// caller that would make the way there then sets it (``set(_:at:)``). One walk down, where
  /// reading the value and setting the new one took two.
  package mutating func replace(at path: JSONPath, with newValue: JSONValue) -> JSONValue? {
    var replaced: JSONValue?
    _ = modify(at: path.components[...]) { slot in
      replaced = slot
      slot = newValue
      return true
    }
    return replaced
  }

  /// Hands `body` the value at `path` to change in place, when there is one; `false` when there
  /// is none, or when `body` says so. Only the containers on the way are rebuilt: an element
  /// changed in a list of 100,000 elements copies none of the others.
  package mutating func modify(at path: ArraySlice<JSONPath.Component>, _ body: (inout JSONValue) -> Bool) -> Bool {
    guard let first = path.first else { return body(&self) }
    // On `first` alone, as in `set(_:at:)`.
    switch first {
    case .key(let key):
      guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return false }
      self = .null
      defer { self = .object(members) }
      return members[index].value.modify(at: path.dropFirst(), body)
    case .index(let index):
      guard case .array(var elements) = self, elements.indices.contains(index) else { return false }
      self = .null
      defer { self = .array(elements) }
      return elements[index].modify(at: path.dropFirst(), body)
    }
  }
}
