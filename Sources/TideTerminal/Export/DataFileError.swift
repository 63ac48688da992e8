/// A data file whose content the app cannot decode, with a message for the user:
/// `habits.json: habits[2] has no "title"`, never `DecodingError.keyNotFound(…)` and its debug
/// description.
///
/// Wrap what `JSONDecoder` (or any `Decoder`) throws when loading the file the app keeps its data
/// in, and show or print the ``description``; keep the file as it is, so nothing is lost:
///
/// ```swift
/// do {
///   habits = try JSONDecoder().decode([Habit].self, from: Data(try FileContents.read(atPath: path)))
/// } catch let error as DecodingError {
///   throw DataFileError(path: path, decoding: error)
/// }
/// ```
public struct DataFileError: Error, CustomStringConvertible {
  /// The file's path, as the app named it.
  public var path: String
  /// What is wrong, in plain words, naming the place in the data (`habits[2].title`).
  public var reason: String

  /// The failure to decode the file at `path`: the reason says which value, where, and what
  /// was expected.
  public init(path: String, decoding error: DecodingError) {
    self.path = path
    switch error {
    case .keyNotFound(let key, let context):
      reason = "\(Self.place(context.codingPath)) has no \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      reason = "\(Self.place(context.codingPath)) is not \(Self.kind(type))"
    case .valueNotFound(let type, let context):
      reason = "\(Self.place(context.codingPath)) is missing or null where \(Self.kind(type)) belongs"
    case .dataCorrupted(let context):
      let detail = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
      reason = context.codingPath.isEmpty
        ? "not readable (\(Self.firstSentence(of: detail)))"
        : "\(Self.place(context.codingPath)) is not valid (\(Self.firstSentence(of: context.debugDescription)))"
    @unknown default:
      reason = "not readable"
    }
  }

  /// `PATH: REASON`.
  public var description: String { "\(path): \(reason)" }

  /// `habits[2].title`; `the data` for the top level.
  private static func place(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text.isEmpty ? "the data" : text
  }

  /// `a number`, `text`, `a list`: what a value of `type` is called in a message.
  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is String.Type, is Substring.Type, is Character.Type: return "text"
    case is Bool.Type: return "true or false"
    case is any BinaryInteger.Type: return "a whole number"
    case is any BinaryFloatingPoint.Type: return "a number"
    case is [Any].Type: return "a list"
    case is [String: Any].Type: return "an object"
    default: return "a \(type)"
    }
  }

  /// The first sentence of a decoder's detail, without Foundation's error domain decorations.
  private static func firstSentence(of detail: String) -> String {
    let trimmed = detail.split(separator: "\n").first.map(String.init) ?? detail
    return trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed
  }
}
