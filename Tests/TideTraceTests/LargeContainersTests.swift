import Foundation
import Testing
import TideJSON
import TideTestSupport
import TideTrace

/// A snapshot of a large state differs from the state before it in a few bytes: its large lists
/// are taken as they were parsed, never read again, and the tree is the one a full parse makes.
@Suite("TideTrace: a state's large lists parsed once")
struct LargeContainersTests {
  /// `{"state":{"items":[…],"cursor":N}}` with `count` items, as a trace line holds a state.
  func line(items count: Int, cursor: Int, renaming renamed: Int? = nil, prefix: String = #"{"snapshot":7,"#) -> [UInt8] {
    let items = (0..<count).map { #"{"id":\#($0),"title":"\#($0 == renamed ? "renamed" : "Item \($0)")"}"# }
    return Array((prefix + #""state":{"items":[\#(items.joined(separator: ","))],"cursor":\#(cursor)}}"#).utf8)
  }

  func parse(_ bytes: [UInt8], reusing known: JSONLargeContainers = JSONLargeContainers()) throws -> (value: JSONValue, containers: JSONLargeContainers) {
    try bytes.withUnsafeBytes { raw in try JSONParser.parse(raw, reusing: known) }
  }

  /// The containers of `reference` placed in `text`, their states aligned at each one's `state`.
  func placed(_ containers: JSONLargeContainers, in text: [UInt8], reference: [UInt8]) throws -> JSONLargeContainers {
    try text.withUnsafeBytes { text in
      try reference.withUnsafeBytes { reference in
        let textStart = try #require(JSONParser.startOfMember("state", in: text))
        let referenceStart = try #require(JSONParser.startOfMember("state", in: reference))
        return containers.placed(in: text, at: textStart, reference: reference, at: referenceStart)
      }
    }
  }

  /// The items of a line's state.
  func items(of value: JSONValue) throws -> [JSONValue] {
    try list(value["state"]?["items"])
  }

  func list(_ value: JSONValue?) throws -> [JSONValue] {
    guard case .array(let items)? = value else { throw Failure(message: "not a list: \(String(describing: value))") }
    return items
  }

  struct Failure: Error { var message: String }

  func storage(_ items: [JSONValue]) -> UnsafeRawPointer {
    items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
  }

  @Test func aTextLikeTheLastTakesItsLargeListsAsTheyWereParsed() throws {
    // The header's own members come before its state: the two lines begin differently.
    let header = line(items: 2000, cursor: 0, prefix: #"{"format":"tide-trace","version":1,"#)
    let first = try parse(header)
    #expect(first.containers.entries.contains { $0.range.count > 40_000 }, "the items are kept: \(first.containers.entries.map(\.range))")
    let snapshot = line(items: 2000, cursor: 1234)
    let known = try placed(first.containers, in: snapshot, reference: header)
    #expect(!known.entries.isEmpty)
    let read = try parse(snapshot, reusing: known)
    #expect(read.value == (try JSONParser.parse(String(decoding: snapshot, as: UTF8.self))))
    #expect(storage(try items(of: read.value)) == storage(try items(of: first.value)), "the list is the one parsed before")
    #expect(read.value["state"]?["cursor"] == .integer(1234))
  }

  /// A text the same as the last takes its state whole, and keeps the lists inside it for the
  /// next: one unlike it in a cursor still shares them. Failed before: only the state taken
  /// whole was kept, and the next text read its lists again.
  @Test func aTextTheSameAsTheLastKeepsTheListsInsideForTheNext() throws {
    let header = line(items: 2000, cursor: 0, prefix: #"{"format":"tide-trace","version":1,"#)
    let first = try parse(header)
    let same = line(items: 2000, cursor: 0)
    let second = try parse(same, reusing: try placed(first.containers, in: same, reference: header))
    let third = line(items: 2000, cursor: 99)
    let read = try parse(third, reusing: try placed(second.containers, in: third, reference: same))
    #expect(read.value == (try JSONParser.parse(String(decoding: third, as: UTF8.self))))
    #expect(storage(try items(of: read.value)) == storage(try items(of: first.value)))
  }

  @Test func aListChangedInOneItemIsReadAgainWithItsChange() throws {
    let header = line(items: 2000, cursor: 0)
    let first = try parse(header)
    let snapshot = line(items: 2000, cursor: 0, renaming: 1500)
    let read = try parse(snapshot, reusing: try placed(first.containers, in: snapshot, reference: header))
    #expect(read.value == (try JSONParser.parse(String(decoding: snapshot, as: UTF8.self))))
    #expect(try items(of: read.value)[1500]["title"] == .string("renamed"))
    #expect(storage(try items(of: read.value)) != storage(try items(of: first.value)))
  }

  /// After the place where the texts differ, a list is found from the end: the cursor before it
  /// is written longer.
  @Test func aListAfterTheChangeIsFoundFromTheEnd() throws {
    func text(cursor: Int) -> [UInt8] {
      let items = (0..<2000).map { #"{"id":\#($0)}"# }.joined(separator: ",")
      return Array(#"{"snapshot":1,"state":{"cursor":\#(cursor),"items":[\#(items)]}}"#.utf8)
    }
    let (header, snapshot) = (text(cursor: 1), text(cursor: 123_456))
    let first = try parse(header)
    let read = try parse(snapshot, reusing: try placed(first.containers, in: snapshot, reference: header))
    #expect(read.value == (try JSONParser.parse(String(decoding: snapshot, as: UTF8.self))))
    #expect(storage(try items(of: read.value)) == storage(try items(of: first.value)))
  }

  /// A list's bytes placed where the new text holds them inside a string, or at another depth:
  /// never taken, the text read as it is.
  @Test func bytesAlikeWhereTheTextHoldsNoSuchValueAreReadAsTheyAre() throws {
    let list = "[" + (0..<4000).map(String.init).joined(separator: ",") + "]"
    let reference = Array(#"{"s":\#(list)}"#.utf8)
    let first = try parse(reference)
    let inString = Array(#"{"s":"\#(list)"}"#.utf8)
    let deeper = Array(#"{"s":[\#(list)]}"#.utf8)
    for text in [inString, deeper] {
      // Placed one byte on, where the list's bytes are in the new text.
      let known = text.withUnsafeBytes { text in
        reference.withUnsafeBytes { reference in first.containers.placed(in: text, at: 6, reference: reference, at: 5) }
      }
      #expect(known.entries.map(\.range.lowerBound).contains(6), "placed at the list's bytes")
      let read = try parse(text, reusing: known)
      #expect(read.value == (try JSONParser.parse(String(decoding: text, as: UTF8.self))))
    }
  }

  @Test func aMalformedTextFailsAsItWouldHave() throws {
    let header = line(items: 2000, cursor: 0)
    let first = try parse(header)
    var broken = line(items: 2000, cursor: 5)
    broken.insert(UInt8(ascii: ","), at: broken.count - 2)
    let known = try placed(first.containers, in: broken, reference: header)
    let plain = #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(String(decoding: broken, as: UTF8.self)) }
    let reusing = #expect(throws: JSONParser.Failure.self) { try parse(broken, reusing: known) }
    #expect(plain?.offset == reusing?.offset && plain?.kind == reusing?.kind)
  }

  /// How far two texts are alike, from their starts and from their ends, on either side of the
  /// blocks they are compared in, against a count made byte by byte.
  @Test func howFarTwoTextsAreAlikeIsCountedToTheByte() {
    for count in [0, 1, 255, 256, 257, 700] {
      let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
      for difference in Set([0, 1, 255, 256, 257, count / 2, count - 1]) where difference >= 0 && difference < count {
        var b = a
        b[difference] &+= 1
        for extra in [0, 3] {
          let longer = b + [UInt8](repeating: 9, count: extra)
          let prefix = a.withUnsafeBytes { a in longer.withUnsafeBytes { b in JSONLargeContainers.alikeLength(a, b, fromEnd: false) } }
          #expect(prefix == difference, "\(count) bytes, differing at \(difference)")
          let suffix = a.withUnsafeBytes { a in b.withUnsafeBytes { b in JSONLargeContainers.alikeLength(a, b, fromEnd: true) } }
          #expect(suffix == count - 1 - difference, "\(count) bytes, differing at \(difference), from the end")
        }
      }
      let same = a.withUnsafeBytes { a in JSONLargeContainers.alikeLength(a, a, fromEnd: true) }
      #expect(same == count)
    }
  }

  /// The reader parses each snapshot against the line of a state it parsed last, the header's
  /// first: a snapshot's state is the one the app had, sharing the lists no action changed.
  @Test func aSnapshotSharesTheListsItHasAlikeWithTheHeader() throws {
    struct Item: Codable { var id: Int; var title: String }
    struct State: Codable { var items: [Item]; var cursor: Int }
    let start = State(items: (0..<2000).map { Item(id: $0, title: "Item \($0)") }, cursor: 0)
    let folder = TemporaryDirectory("large-containers")
    let path = folder.file("t.trace")
    let trace = recordedTrace(app: "large", snapshotInterval: 10, from: start, actions: 25) { number, state in
      state.cursor = number
      if number == 15 { state.items[3].title = "renamed" }
    }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(trace)))
    let reader = try TraceReader(path: path, app: "large", appVersion: "1")
    #expect(reader.snapshotSizes.map(\.number) == [10, 20])
    let initial = try list(reader.header.state["items"])
    for number in [10, 20, 25, 12] {
      let state = try reader.state(after: number)
      let items = try list(state["items"])
      #expect(state["cursor"] == .integer(Int64(number)))
      #expect(items[3]["title"] == .string(number < 15 ? "Item 3" : "renamed"))
      if number != 12 {
        #expect((storage(items) == storage(initial)) == (number < 15), "step \(number): the header's list only before it changed")
      }
    }
  }
}
