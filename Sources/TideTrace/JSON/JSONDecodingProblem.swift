/// Why a JSON value is not a value of a type, in a user's words: where in the value (a dotted
/// path, as `--who-changed` takes one) and what was there, instead of a `DecodingError`'s dump.
package struct JSONDecodingProblem: Error, CustomStringConvertible {
  package var description: String

  /// The problem `error`, thrown by ``JSONValueDecoder`` decoding `json`, names.
  package init(_ error: any Error, decoding json: JSONValue) {
    switch error {
    case let unknown as JSONValueDecoder.UnknownMember:
      description = "\(Self.pathText(unknown.codingPath)) is not a member it has"
    case DecodingError.typeMismatch(_, let context)
    where context.debugDescription.hasPrefix("Invalid number of keys"):
      // An enum's synthesized decoding, finding no case it knows: name the one it found.
      if case .object(let members)? = Self.value(at: context.codingPath, in: json), members.count == 1 {
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

  /// `counter.count`, `todos.todos[0].title`; `the top level` for the empty path.
  package static func pathText(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key is JSONIndexKey {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "the top level" : text
  }

  /// The value at `codingPath` in `json`, if there is one.
  private static func value(at codingPath: [any CodingKey], in json: JSONValue) -> JSONValue? {
    var value = json
    for key in codingPath {
      switch value {
      case .array(let elements) where key is JSONIndexKey:
        guard let index = key.intValue, elements.indices.contains(index) else { return nil }
        value = elements[index]
      case .object(let members):
        guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
        value = member.value
      default:
        return nil
      }
    }
    return value
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
