import TideJSON
/// Why a JSON value is not a value of a type, in a user's words: where in the value (a dotted
/// path, as `--who-changed` takes one) and what was there, instead of a `DecodingError`'s dump.
package struct JSONDecodingProblem: Error, CustomStringConvertible {
  package var description: String

  /// The problem `error`, thrown by ``JSONValueDecoder`` decoding `json`, names.
  package init(_ error: any Error, decoding json: JSONValue) {
    switch error {
    case let unknown as JSONValueDecoder.UnknownMember:
      description = "\(Self.pathText(unknown.codingPath)) is not a member it has"
    case let repeated as JSONValueDecoder.RepeatedMember:
      description = repeated.description
    case DecodingError.typeMismatch(_, let context)
    where context.debugDescription.hasPrefix("Invalid number of keys"):
      // An enum's synthesized decoding, finding no case it knows: name the one it found.
      if case .object(let members)? = json.value(at: Self.jsonPath(context.codingPath)), members.count == 1 {
        description = Self.at(context.codingPath) + "'\(members[0].key)' is not a case it has"
      } else {
        description = Self.at(context.codingPath) + "not one case of an enum"
      }
    case DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context):
      description = Self.at(context.codingPath) + Self.sentence(context.debugDescription)
    case DecodingError.valueNotFound(_, let context):
      description = Self.at(context.codingPath) + "null where a value is needed"
    case DecodingError.keyNotFound(let key, let context):
      description = "\(Self.pathText(context.codingPath + [key])) is missing"
    default:
      description = "\(error)"
    }
  }

  /// `counter.count`, `todos.todos[0].title` (``JSONPath``'s spelling); `the top level` for the
  /// empty path.
  package static func pathText(_ codingPath: [any CodingKey]) -> String {
    let path = jsonPath(codingPath)
    return path.components.isEmpty ? "the top level" : path.description
  }

  private static func jsonPath(_ codingPath: [any CodingKey]) -> JSONPath {
    JSONPath(codingPath.map { key in
      if key is JSONIndexKey, let index = key.intValue { .index(index) } else { .key(key.stringValue) }
    })
  }

  private static func at(_ codingPath: [any CodingKey]) -> String {
    "at \(pathText(codingPath)): "
  }

  /// A debug description as part of a sentence: its first letter lowercased, no final stop.
  private static func sentence(_ text: String) -> String {
    var text = text
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
