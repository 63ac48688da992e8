import TideJSON
/// Whether a state has the field a dotted path names, asked before a query reads the trace:
/// `--who-changed counter.nope` printed nothing and exited 0, as if the field had never changed.
///
/// A state's shape is known only where it holds a value: an optional that is `null` and an
/// empty list say nothing of what they may hold later, so a path through them is taken on trust.
/// Everywhere else the path must follow the state's objects and lists.
extension JSONValue {
  /// Why this value has no field at `path`, in words (`counter has count, alert`), or `nil`
  /// when it has one or may have one later.
  package func missingField(at path: JSONPath) -> String? {
    var value = self
    for (depth, component) in path.components.enumerated() {
      let here = JSONPath(Array(path.components.prefix(depth)))
      let name = here.components.isEmpty ? "the state" : here.description
      switch (component, value) {
      case (_, .null):
        return nil
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { sameText($0.key, key) }) else {
          return "\(name) has \(members.isEmpty ? "no fields" : members.map(\.key).joined(separator: ", "))"
        }
        value = member.value
      case (.index(let index), .array(let elements)):
        guard !elements.isEmpty else { return nil }
        // The elements of a list share one shape: one past the end is checked against the last.
        value = elements[min(index, elements.count - 1)]
      case (.key, .array):
        return "\(name) is a list: its elements are \(name)[0], \(name)[1], …"
      case (.index, .object(let members)):
        return "\(name) is an object, not a list: it has \(members.map(\.key).joined(separator: ", "))"
      case (_, .bool), (_, .integer), (_, .unsignedInteger), (_, .number), (_, .string):
        return "\(name) is \(value.kindName), which has no fields"
      }
    }
    return nil
  }

  /// What kind of value this is, in words: `a number`, `a text`.
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "true or false"
    case .integer, .unsignedInteger, .number: "a number"
    case .string: "a text"
    case .array: "a list"
    case .object: "an object"
    }
  }
}
