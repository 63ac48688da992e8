import Testing
import TideJSON
import TideTrace

/// A change applied to a state changes the list it reaches in place: a step of a trace of a
/// list of 100,000 items costs what it changed, not a copy of the list. Failed before: matching
/// on `(path component, value)` held a second reference to each container on the way, and
/// every set or splice below it copied the list whole.
@Suite("TideTrace: changes apply in place")
struct StateChangeInPlaceTests {
  /// `{"board":{"title":"a","items":[{"name":"i0","done":false},…]}}`, 1,000 items.
  static func state() -> JSONValue {
    let items = (0..<1000).map { number in
      JSONValue.object([JSONMember(key: "name", value: .string("i\(number)")), JSONMember(key: "done", value: .bool(false))])
    }
    return .object([
      JSONMember(key: "board", value: .object([JSONMember(key: "title", value: .string("a")), JSONMember(key: "items", value: .array(items))]))
    ])
  }

  /// Where the storage of the list of items starts.
  static func itemsStorage(_ state: JSONValue) -> UnsafeRawPointer? {
    guard case .array(let items)? = state.value(at: JSONPath(parsing: "board.items")!) else { return nil }
    return items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test(arguments: [
    #"["board.items[3].done",true]"#, #"["board.items[999].name","z"]"#, #"["board.items",5,1,[{"name":"n","done":true}]]"#,
    #"["board.items",0,1,[]]"#,
  ])
  func aChangeInsideTheListKeepsItsStorage(change text: String) throws {
    var state = Self.state()
    let before = try #require(Self.itemsStorage(state))
    let change = try #require(StateChange(json: try JSONParser.parse(text)))
    #expect(change.apply(to: &state))
    #expect(Self.itemsStorage(state) == before, "changed in place: \(text)")
  }

  /// A splice that does not fit the list changes nothing, and never traps: counts below zero,
  /// past the end, or so large that adding them overflows.
  @Test(arguments: [(5, -1), (-1, 0), (999, 2), (1001, 0), (1, Int.max)])
  func aSpliceThatDoesNotFitChangesNothing(index: Int, removing: Int) {
    var state = Self.state()
    let original = state
    let splice = StateChange.splice(JSONPath(parsing: "board.items")!, at: index, removing: removing, inserting: [.null])
    #expect(!splice.apply(to: &state))
    #expect(state == original)
    // The browser's step detail writes it as it is.
    #expect(splice.summary.hasPrefix("board.items"))
  }
}
