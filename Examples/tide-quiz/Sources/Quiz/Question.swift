import Foundation
import TideTerminal

/// One question of a quiz and its answer, as the data file holds them. A question is known by
/// its text (``id``), which is how the quiz's list keeps the one selected.
public struct Question: Codable, Equatable, Sendable, Identifiable {
  public var question: String
  public var answer: String

  public init(_ question: String, answer: String) {
    self.question = question
    self.answer = answer
  }

  /// The question's text: a quiz asks each question once.
  public var id: String { question }

  /// Whether `given` is the answer, ignoring case and surrounding spaces.
  public func isAnswered(by given: String) -> Bool {
    given.trimmingCharacters(in: .whitespaces).lowercased() == answer.lowercased()
  }

  /// The questions of the data file at `path`: a JSON array of `{"question", "answer"}`. The
  /// error says what is wrong with the file in plain words, with its path.
  public static func load(fromFile path: String) throws(QuizFileError) -> [Question] {
    let bytes: [UInt8]
    do { bytes = try FileContents.read(atPath: path) } catch { throw QuizFileError(message: error.description) }
    do {
      let questions = try JSONDecoder().decode([Question].self, from: Data(bytes))
      guard !questions.isEmpty else { throw QuizFileError(message: "\(path) holds no questions") }
      return questions
    } catch let error as QuizFileError {
      throw error
    } catch {
      throw QuizFileError(message: "\(path) is not a list of questions: \(error.plainDescription)")
    }
  }
}

/// Why the data file could not be used.
public struct QuizFileError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

extension Error {
  /// A JSON decoding error as one plain sentence, without the decoder's coding-path dump.
  fileprivate var plainDescription: String {
    switch self as? DecodingError {
    case .dataCorrupted(let context)?: context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
    case .keyNotFound(let key, _)?: "a question has no \"\(key.stringValue)\""
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: context.debugDescription
    default: "\(self)"
    }
  }
}
