import Foundation
import Synchronization
import TideJSON
import Testing
import TideTestSupport
import TideTrace

/// The inspector decodes the app's state at every step it shows; a large list that steps share
/// is decoded once and found again, and never found for a state it is not part of.
@Suite("TideTrace: large lists decoded once", .serialized)
struct DecodingMemoTests {
  /// Counts its decodings, so a test can tell a list found again from one decoded again (the
  /// suite runs its tests one at a time for that count).
  struct Item: Codable, Equatable {
    static let decodings = Atomic<Int>(0)
    var id: Int
    var title: String

    init(id: Int, title: String) {
      self.id = id
      self.title = title
    }

    init(from decoder: any Decoder) throws {
      Self.decodings.add(1, ordering: .relaxed)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      title = try container.decode(String.self, forKey: .title)
    }
  }

  struct State: Codable, Equatable {
    var items: [Item]
    var cursor: Int
  }

  let state = State(items: (0..<5000).map { Item(id: $0, title: "Item \($0)") }, cursor: 0)

  /// `json` decoded with `memo`, and how many items were decoded for it.
  func decoded(_ json: JSONValue, memo: DecodingMemo?) throws -> (state: State, itemsDecoded: Int) {
    let before = Item.decodings.load(ordering: .relaxed)
    let state = try JSONValueDecoder.decode(State.self, from: json, rejectingUnknownMembers: true, memo: memo)
    return (state, Item.decodings.load(ordering: .relaxed) - before)
  }

  func change(_ path: String, to value: JSONValue, in json: inout JSONValue) throws {
    #expect(StateChange.set(try #require(JSONPath(parsing: path)), value).apply(to: &json))
  }

  @Test func aListTwoStepsShareIsDecodedOnceAndFoundAgain() throws {
    let memo = DecodingMemo()
    var json = try JSONValueEncoder.encode(state)
    let first = try decoded(json, memo: memo)
    #expect(first.state == state && first.itemsDecoded == 5000)
    // The next step moves the cursor: the list's storage is the same.
    try change("cursor", to: .integer(7), in: &json)
    var expected = state
    expected.cursor = 7
    let next = try decoded(json, memo: memo)
    #expect(next.state == expected && next.itemsDecoded == 0)
  }

  @Test func theSameListParsedAgainIsFoundByItsContent() throws {
    let memo = DecodingMemo()
    let text = try JSONValueEncoder.encode(state).text
    _ = try decoded(JSONParser.parse(text), memo: memo)
    // Another parse: other storage, the same JSON.
    let again = try decoded(JSONParser.parse(text), memo: memo)
    #expect(again.state == state && again.itemsDecoded == 0)
    // The same count, one title changed at the end: decoded, with its change.
    var changed = state
    changed.items[4999].title = "last"
    let other = try decoded(JSONParser.parse(JSONValueEncoder.encode(changed).text), memo: memo)
    #expect(other.state == changed && other.itemsDecoded == 5000)
  }

  @Test func aChangedListIsDecodedAgainWithItsChange() throws {
    let memo = DecodingMemo()
    var json = try JSONValueEncoder.encode(state)
    _ = try JSONValueDecoder.decode(State.self, from: json, rejectingUnknownMembers: true, memo: memo)
    try change("items[4999].title", to: .string("renamed"), in: &json)
    var expected = state
    expected.items[4999].title = "renamed"
    let next = try decoded(json, memo: memo)
    #expect(next.state == expected && next.itemsDecoded == 5000)
  }

  @Test func aListWithAnUnknownMemberIsNeverFoundAsChecked() throws {
    let memo = DecodingMemo()
    var json = try JSONValueEncoder.encode(state)
    try change("items[3].nope", to: .integer(1), in: &json)
    // Decoded without the check first: kept, but not for a decoding that checks.
    _ = try JSONValueDecoder.decode(State.self, from: json, memo: memo)
    for _ in 0..<2 {
      #expect(throws: JSONValueDecoder.UnknownMember.self) {
        try JSONValueDecoder.decode(State.self, from: json, rejectingUnknownMembers: true, memo: memo)
      }
    }
  }

  @Test func aSmallListIsNotKept() throws {
    let memo = DecodingMemo()
    let small = State(items: Array(state.items.prefix(10)), cursor: 0)
    let json = try JSONValueEncoder.encode(small)
    for _ in 0..<2 {
      #expect(try decoded(json, memo: memo).itemsDecoded == 10)
    }
  }

  /// A question asked once (`--at`, `--who-changed`) reads with no memo: its reader keeps
  /// none, so its memory is that of the state it decodes; a browsing reader has one.
  @Test func onlyABrowsingReaderHasAMemo() throws {
    let folder = TemporaryDirectory("decoding-memo-reader")
    let path = folder.file("t.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(recordedTrace(app: "memo", from: state))))
    let reader = try TraceReader(path: path, app: "memo", appVersion: "1")
    #expect(reader.decodingMemo == nil)
    let json = try reader.state(after: 0)
    for _ in 0..<2 {
      #expect(try decoded(json, memo: reader.decodingMemo).itemsDecoded == 5000)
    }
    reader.keepsStatesForBrowsing = true
    let memo = try #require(reader.decodingMemo)
    #expect(try decoded(json, memo: memo).itemsDecoded == 5000)
    #expect(try decoded(json, memo: memo).itemsDecoded == 0)
  }
}
