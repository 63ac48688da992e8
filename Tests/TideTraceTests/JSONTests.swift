import Foundation
import TideJSON
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
  /// The check a trace's index makes of every line agrees with the parser: what parses
  /// passes, and what the parser refuses the check refuses at the same byte.
  @Test(arguments: [
    #"{"n":12,"t":0.25,"action":{"a":[1,-2.5e3,true,false,null,"x\"y\u00e9"]},"changes":[]}"#,
    #"  [ {} , [] , "" , 0 , -0.5 , 1E+2 ]  "#,
  ])
  func theCheckPassesWhatParses(text: String) throws {
    _ = try JSONParser.parse(text)
    try check(text)
  }

  @Test(arguments: [
    #"{"action":nope}"#, #"{"a":1,}"#, #"[1 2]"#, #"{"a":"\q"}"#, "[\"tab\t\"]", #"{"a":1} x"#,
    String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    // Beyond a `Double`: the parser refused them where the check passed them.
    "[1e999]", #"{"a":-12.5e+7777}"#, "[" + String(repeating: "9", count: 400) + "]",
  ])
  func theCheckRefusesWhatTheParserRefusesAtTheSameByte(text: String) {
    var parsed: JSONParser.Failure?
    do { _ = try JSONParser.parse(text) } catch { parsed = error }
    var checked: JSONParser.Failure?
    do { try check(text) } catch { checked = error }
    #expect(parsed != nil && checked == parsed, "\(String(describing: parsed)) \(String(describing: checked))")
  }

  /// Numbers outside JSON's grammar that Swift's conversion would take are refused by the check.
  @Test(arguments: ["01", "1.", ".5", "1.e5", "-", "1e", "+1"])
  func theCheckHoldsNumbersToJSONsGrammar(text: String) {
    #expect(throws: JSONParser.Failure.self) { try check(text) }
  }

  /// The tree and the check are one reader: a number outside JSON's grammar and bytes that are
  /// not UTF-8 are refused by both at the same byte (the tree used to take `01` as 1 and
  /// mend invalid UTF-8 into U+FFFD where the check passed it).
  @Test func theParserHoldsNumbersAndTextToJSONsGrammarAsTheCheckDoes() {
    for bytes in [Array("[01]".utf8), [0x22, 0x61, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
      let parsed = bytes.withUnsafeBytes { raw in Result { () throws(JSONParser.Failure) in try JSONParser.parse(raw) } }
      let checked = bytes.withUnsafeBytes { raw in Result { () throws(JSONParser.Failure) in try JSONParser.check(raw) } }
      guard case .failure(let parseFailure) = parsed, case .failure(let checkFailure) = checked else {
        Issue.record("\(bytes) was taken: \(parsed) \(checked)")
        continue
      }
      #expect(parseFailure == checkFailure, "\(bytes)")
    }
  }

  /// A set of values holds one of each spelling, as `==` tells them apart: canonically
  /// equivalent texts, 0.0 and -0.0, 1 and 1.0 are two values each; a value parsed again is
  /// the same one.
  @Test func aSetOfValuesHoldsEachSpellingOnce() throws {
    let values: [JSONValue] = [
      .string("\u{E9}"), .string("e\u{301}"), .number(0.0), .number(-0.0), .integer(1), .number(1.0),
      .unsignedInteger(UInt64.max), .bool(true), .null, .array([.string("ab"), .string("c")]), .array([.string("a"), .string("bc")]),
      .object([JSONMember(key: "a", value: .integer(1))]), .object([JSONMember(key: "a", value: .integer(2))]),
      .object([JSONMember(key: "\u{E9}", value: .null)]), .object([JSONMember(key: "e\u{301}", value: .null)]),
    ]
    var set = Set(values)
    #expect(set.count == values.count)
    for value in values {
      let again = try Array(value.text.utf8).withUnsafeBytes { try JSONParser.parse($0) }
      #expect(again == value && again.hashValue == value.hashValue, "\(value.text)")
      #expect(!set.insert(again).inserted, "\(value.text)")
    }
  }

  /// Integers are written as Swift prints them, at every length and both ends of their range,
  /// and read back as the same value.
  @Test func integersAreWrittenAsSwiftPrintsThem() throws {
    var signed: [Int64] = [0, 9, 10, -1, -9, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      signed += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    for value in signed {
      #expect(JSONValue.integer(value).text == String(value))
      #expect(try Array(String(value).utf8).withUnsafeBytes { try JSONParser.parse($0) } == .integer(value))
    }
    for value: UInt64 in [UInt64(Int64.max) + 1, UInt64.max, UInt64.max - 9, 10_000_000_000_000_000_000] {
      #expect(JSONValue.unsignedInteger(value).text == String(value))
    }
  }

  /// Unsigned integers above `Int64.max` (an id, a hash) stay exact through a trace: encoded,
  /// written, read back and decoded, and in a change the differ writes (they went through a
  /// `Double`, so `UInt64.max` came back as 2^64 and failed to decode, and nearby values as
  /// their neighbours).
  @Test func unsignedIntegersAboveInt64MaxStayExact() throws {
    struct Ids: Codable, Equatable {
      var hash: UInt64
      var id: UInt
      var list: [UInt64]
    }
    let values: [UInt64] = [UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64.max - 1, UInt64.max]
    for value in values {
      let ids = Ids(hash: value, id: UInt(value), list: [value, 1])
      let json = try JSONValueEncoder.encode(ids)
      #expect(json.text == #"{"hash":\#(value),"id":\#(value),"list":[\#(value),1]}"#)
      let parsed = try JSONParser.parse(json.text)
      #expect(parsed == json)
      #expect(try JSONValueDecoder.decode(Ids.self, from: parsed) == ids)
      var changes = TraceChanges()
      var differ = CodableStateDiffer<Ids>()
      _ = try differ.json(of: Ids(hash: 0, id: 0, list: [0, 1]))
      try differ.writeChanges(to: ids, into: &changes)
      #expect(String(decoding: changes.bytes, as: UTF8.self) == #"["hash",\#(value)],["id",\#(value)],["list[0]",\#(value)]"#)
    }
    // Beyond UInt64 a number is a Double, as before, and no integer type takes it.
    let beyond = try JSONParser.parse("18446744073709551616")
    #expect(throws: (any Error).self) { try JSONValueDecoder.decode(UInt64.self, from: beyond) }
  }

  /// A plain value read through a keyed, an unkeyed and a single-value container: what
  /// `JSONDecoder` reads from the same text decodes alike, and what it refuses fails at the
  /// same coding path (the inspector names that path when a trace holds a state of another
  /// shape).
  @Test(arguments: [
    #"{"id":1,"title":"a","flags":[true,false],"ratio":1.5,"small":7,"amount":2.5,"wrapped":3,"maybe":null}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":2,"small":7,"amount":-1,"wrapped":3,"maybe":4}"#,
    #"{"id":"x","title":"a","flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1.5,"title":"a","flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":2,"flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true,1],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":"r","small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":1.5,"small":300,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":1.5,"small":7,"amount":true,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":"w"}"#,
    #"{"id":null,"title":"a","flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":null,"flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3}"#,
    #"{"id":1,"title":"a","flags":[true],"ratio":1.5,"small":7,"amount":1,"wrapped":3,"maybe":"m"}"#,
  ])
  func plainValuesDecodeAndFailAsJSONDecoderDoes(text: String) throws {
    struct Wrapped: Codable, Equatable {
      var value: Int16
      init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int16.self) }
      func encode(to encoder: any Encoder) throws {}
    }
    struct Sample: Codable, Equatable {
      var id: Int
      var title: String
      var flags: [Bool]
      var ratio: Double
      var small: UInt8
      var amount: Float
      var wrapped: Wrapped
      var maybe: Int32?
    }
    func path(_ error: any Error) -> [String]? {
      switch error as? DecodingError {
      case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        context.codingPath.map(\.stringValue)
      case .keyNotFound(let key, let context): context.codingPath.map(\.stringValue) + [key.stringValue]
      default: nil
      }
    }
    let expected = Result { try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) }
    let decoded = Result { try JSONValueDecoder.decode(Sample.self, from: JSONParser.parse(text)) }
    switch (expected, decoded) {
    case (.success(let expected), .success(let decoded)): #expect(decoded == expected)
    case (.failure(let expected), .failure(let decoded)):
      // Foundation on Linux gives no path for a number its type cannot hold (`1.5` for an
      // `Int`, `300` for a `UInt8`); the inspector names the member all the same.
      let expectedPath = try #require(path(expected)), decodedPath = try #require(path(decoded))
      #expect(expectedPath.isEmpty ? !decodedPath.isEmpty : decodedPath == expectedPath, "\(decoded)")
    default: Issue.record("JSONDecoder: \(expected); JSONValueDecoder: \(decoded)")
    }
  }

  private func check(_ text: String) throws(JSONParser.Failure) {
    var text = text
    let result = text.withUTF8 { utf8 in Result { () throws(JSONParser.Failure) in try JSONParser.check(UnsafeRawBufferPointer(utf8)) } }
    try result.get()
  }
}
