import Testing
import TideTrace

/// The JSON layer traces are read and written with: paths, escaping, reading back.
@Suite("TideTrace: JSON")
struct JSONTests {
  /// The dotted paths `--who-changed` takes and every change in a trace names.
  @Test func dottedPathsParseIntoKeysAndIndexes() {
    #expect(JSONPath(parsing: "todos.todos[12].title")?.components == [.key("todos"), .key("todos"), .index(12), .key("title")])
    #expect(JSONPath(parsing: "caf\u{E9}.n\u{E9}e[0][1]")?.components == [.key("caf\u{E9}"), .key("n\u{E9}e"), .index(0), .index(1)])
    #expect(JSONPath(parsing: "")?.components == [])
    for malformed in ["a..b", "a.", ".a", "[0]", "a[x]", "a[-1]", "a[1", "a[1]b"] {
      #expect(JSONPath(parsing: malformed) == nil, "\(malformed)")
    }
  }

  /// Typed text in an answer: a C1 control (U+009B, a terminal's CSI) and U+2028 come out
  /// escaped in `--who-changed`'s values, as JSON allows, and read back as themselves.
  @Test func typedControlsInAnAnswerComeOutEscaped() throws {
    let text = "a\u{9B}2Jb\u{2028}c\u{7F}d"
    let written = JSONValue.string(text).text
    #expect(written == #""a\u009b2Jb\u2028c\u007fd""#)
    #expect(try Array(written.utf8).withUnsafeBytes { try JSONParser.parse($0) } == .string(text))
    // An action's name from a crafted trace, as the list, the detail and the answers show it.
    #expect(ActionText.describe(.object([JSONMember(key: "a\nb", value: .object([]))])) == #".a\u{A}b"#)
  }
}
