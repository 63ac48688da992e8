extension JSONReader {
  /// Why a text is not the JSON its reader expected, and the byte offset where that showed.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
      case unexpectedEnd
      case unexpectedCharacter
      case expectedKey
      case expectedColon
      case expectedCommaOrBrace
      case expectedCommaOrBracket
      case textAfterValue
      case malformedNumber
      case controlCharacter
      case invalidEscape
      case invalidHexEscape
      case unpairedSurrogate
      case invalidUTF8
      /// Containers nested deeper than ``JSONReader/maximumDepth``.
      case tooDeep
      /// Valid JSON, but not what the caller reads there; the caller's words.
      case unwanted(String)
    }

    package var offset: Int
    package var kind: Kind

    package init(offset: Int, kind: Kind) {
      self.offset = offset
      self.kind = kind
    }

    /// What went wrong, in a few words.
    package var reason: String {
      switch kind {
      case .unexpectedEnd: "unexpected end of the line"
      case .unexpectedCharacter: "unexpected character"
      case .expectedKey: "expected a key"
      case .expectedColon: "expected ':'"
      case .expectedCommaOrBrace: "expected ',' or '}'"
      case .expectedCommaOrBracket: "expected ',' or ']'"
      case .textAfterValue: "text after the JSON value"
      case .malformedNumber: "malformed number"
      case .controlCharacter: "control character in a string"
      case .invalidEscape: "invalid escape"
      case .invalidHexEscape: "invalid \\u escape"
      case .unpairedSurrogate: "unpaired surrogate"
      case .invalidUTF8: "invalid UTF-8"
      case .tooDeep: "nesting deeper than \(JSONReader.maximumDepth) levels"
      case .unwanted(let reason): reason
      }
    }

    package var description: String { "\(reason) at byte \(offset + 1)" }
  }
}
