import TideJSON
import Testing
import TideTrace

/// What the inspector's strict decoding (`rejectingUnknownMembers`) accepts and refuses: every
/// value the app's `Codable` writes reads back, whatever shape its types take, and one member
/// more, anywhere, is named by its path.
@Suite("Inspector: strict decoding")
struct StrictDecodingTests {
  enum Mode: String, Codable, Equatable { case light, dark }

  enum Event: Codable, Equatable {
    case started
    case moved(to: Int)
    case named(String, Mode?)
  }

  struct Entry: Codable, Equatable {
    var title: String
    var note: String?
    var tags: Set<String>
  }

  struct Model: Codable, Equatable {
    var entries: [Entry]
    var byName: [String: Int]
    var byNumber: [Int: Mode]
    var events: [Event]
    var mode: Mode
    var last: Event?
  }

  let model = Model(
    entries: [Entry(title: "a", note: nil, tags: ["x", "y", "z"]), Entry(title: "b", note: "n", tags: [])],
    byName: ["one": 1, "two": 2, "three": 3], byNumber: [4: .dark, 5: .light],
    events: [.started, .moved(to: 3), .named("q", nil), .named("r", .dark)], mode: .light, last: nil)

  @Test func everyShapeTheAppWritesReadsBack() throws {
    let json = try JSONValueEncoder.encode(model)
    #expect(try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true) == model)
  }

  @Test(arguments: [
    (#""title":"a""#, #""title":"a","color":"red""#, "entries[0].color"),
    (#""mode":"light""#, #""mode":"light","theme":1"#, "theme"),
    (#"{"started":{}}"#, #"{"started":{"why":1}}"#, "events[0].started.why"),
    (#"{"moved":{"to":3}}"#, #"{"moved":{"to":3,"from":2}}"#, "events[1].moved.from"),
  ])
  func oneMemberMoreIsNamed(original: String, edited: String, path: String) throws {
    let text = try JSONValueEncoder.encode(model).text
    #expect(text.contains(original))
    let json = try JSONParser.parse(text.replacingOccurrences(of: original, with: edited))
    #expect(throws: JSONValueDecoder.UnknownMember.self) {
      try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true)
    }
    do {
      _ = try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true)
    } catch {
      #expect(JSONDecodingProblem(error, decoding: json).description == "\(path) is not a member it has")
    }
    // Without the option, as Foundation's decoder, the member is ignored.
    #expect(try JSONValueDecoder.decode(Model.self, from: json) == model)
  }

  @Test func aCaseTheEnumDoesNotHaveIsNamed() throws {
    let text = try JSONValueEncoder.encode(model).text.replacingOccurrences(of: #"{"started":{}}"#, with: #"{"exploded":{}}"#)
    let json = try JSONParser.parse(text)
    do {
      _ = try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true)
      Issue.record("decoded an unknown case")
    } catch {
      #expect(JSONDecodingProblem(error, decoding: json).description == "at events[0]: 'exploded' is not a case it has")
    }
  }

  /// A member named twice in one object was read as the first and the second called "not a
  /// member it has" (a struct), or read as the first with no word (a dictionary); two spellings
  /// Unicode counts as one name (`é` as one scalar, and as `e` and U+0301) are one name to Swift.
  @Test(arguments: [
    (#""title":"a""#, #""title":"a","title":"b""#, "entries[0] has the member title twice"),
    (#""mode":"light""#, #""mode":null,"mode":"light""#, "the top level has the member mode twice"),
    (#""one":1"#, #""one":1,"one":9"#, "byName has the member one twice"),
    (#""one":1"#, #""\#u{E9}":1,"e\#u{301}":9"#,
     "byName has the member e\u{301} twice, spelled two ways that Unicode counts as one name"),
    (#"{"started":{}}"#, #"{"started":{},"started":{}}"#, "events[0] has the member started twice"),
  ])
  func aMemberNamedTwiceIsNamed(original: String, edited: String, message: String) throws {
    let (error, json) = try failure(replacing: original, with: edited)
    #expect(error is JSONValueDecoder.RepeatedMember, "\(String(describing: error))")
    #expect(error.map { JSONDecodingProblem($0, decoding: json).description } == message)
  }

  /// The strict decoding's error for the model's JSON with `original` replaced by `edited`
  /// (`nil`, recorded as an issue, when it decodes), and the JSON.
  private func failure(replacing original: String, with edited: String) throws -> ((any Error)?, JSONValue) {
    let text = try JSONValueEncoder.encode(model).text
    #expect(text.contains(original))
    let json = try JSONParser.parse(text.replacingOccurrences(of: original, with: edited))
    do {
      let decoded = try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true)
      Issue.record("decoded \(decoded)")
      return (nil, json)
    } catch {
      return (error, json)
    }
  }

  /// A name given twice is the problem reported when the decoding failed in a member so named
  /// (Swift read the first of the two), not when it failed elsewhere: a repeat in one object
  /// hid a wrong type in another (second reader).
  @Test(arguments: [
    (#""one":1"#, #""one":"x","one":1"#, "byName has the member one twice"),
    (#""mode":"light""#, #""mode":"light","mode":"light","last":5"#, "at last: expected an object but found 5"),
    (#""one":1"#, #""bogus":1,"bogus":2,"one":"bad""#, "at byName.one: expected a number that fits Int but found \"bad\""),
  ])
  func aRepeatIsReportedWhereTheDecodingFailed(original: String, edited: String, message: String) throws {
    let (error, json) = try failure(replacing: original, with: edited)
    #expect(error.map { JSONDecodingProblem($0, decoding: json).description } == message)
  }

  /// Members that went away (`null`) are never asked for; many of them are still read once
  /// each, and a name among them given twice is still found.
  @Test func manyNullMembersAndARepeatAmongThem() throws {
    let nulls = (0..<5_000).map { #""z\#($0)":null"# }.joined(separator: ",")
    let text = try JSONValueEncoder.encode(model).text
    let json = try JSONParser.parse(text.replacingOccurrences(of: #""one":1"#, with: nulls + #","one":1"#))
    #expect(try JSONValueDecoder.decode(Model.self, from: json, rejectingUnknownMembers: true) == model)
    let twice = try JSONParser.parse(text.replacingOccurrences(of: #""one":1"#, with: nulls + #","one":1,"z4999":null"#))
    do {
      _ = try JSONValueDecoder.decode(Model.self, from: twice, rejectingUnknownMembers: true)
      Issue.record("decoded a repeated name")
    } catch {
      #expect(JSONDecodingProblem(error, decoding: twice).description == "byName has the member z4999 twice")
    }
  }
}
