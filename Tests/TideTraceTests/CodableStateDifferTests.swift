import TideJSON
import Testing
import TideTrace

/// `CodableStateDiffer` writes what the tree diff of the two states' whole JSON writes, for the
/// shapes a `Codable` state takes.
@Suite("TideTrace: the differ for any Codable state")
struct CodableStateDifferTests {
  enum Mode: Codable, Equatable { case idle, busy(since: Int) }

  struct Item: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String] = []
  }

  struct State: Codable, Equatable {
    var count = 0
    var name: String?
    var mode = Mode.idle
    var items: [Item] = []
    var scores: [String: Int] = [:]
    var ratio = 0.0
  }

  func changes(from old: State, to new: State) throws -> (typed: String, tree: String) {
    var changes = TraceChanges()
    try CodableStateDiffer<State>().writeChanges(from: old, to: new, into: &changes)
    let tree = StateChange.changes(from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
    return (String(decoding: changes.bytes, as: UTF8.self), tree.map(\.json.text).joined(separator: ","))
  }

  /// Each edit, applied to a state with a few items, from every state before it.
  @Test func everyEditGetsTheChangesOfTheWholeJSON() throws {
    var state = State(items: (1...5).map { Item(id: $0, title: "item \($0)") })
    let edits: [(inout State) -> Void] = [
      { $0.count += 1 }, { $0.name = "ada" }, { $0.name = nil }, { $0.mode = .busy(since: 3) }, { $0.mode = .idle },
      { $0.items[2].title = "changed" }, { $0.items.append(Item(id: 9, title: "new")) }, { $0.items.remove(at: 0) },
      { $0.items.insert(Item(id: 10, title: "front"), at: 0) }, { $0.items[1].tags.append("x") },
      { $0.scores["a"] = 1 }, { $0.scores["b"] = 2 }, { $0.scores["a"] = nil }, { $0.ratio = -0.0 }, { $0.ratio = 0.5 },
      { $0.items[0].title = "caf\u{E9}" }, { $0.items[0].title = "cafe\u{301}" }, { $0.items.removeAll() },
    ]
    var states = [state]
    for edit in edits {
      edit(&state)
      states.append(state)
    }
    for (newIndex, new) in states.enumerated() {
      for (oldIndex, old) in states.enumerated() {
        let (typed, tree) = try changes(from: old, to: new)
        #expect(typed == tree, "state \(oldIndex) to \(newIndex)")
      }
    }
  }

  /// One changed item of a long list is written as that item's field, and nothing else.
  @Test func oneFieldOfALongListIsOneChange() throws {
    let old = State(items: (1...100_000).map { Item(id: $0, title: "item \($0)") })
    var new = old
    new.items[70_000].title = "seventy thousand"
    let (typed, tree) = try changes(from: old, to: new)
    #expect(typed == #"["items[70000].title","seventy thousand"]"#)
    #expect(typed == tree)
  }

  /// Plain values of every width, optionals handed to a container as optionals (an encoder's
  /// `encode`, not `encodeIfPresent`), optional lists and a value wrapped in another: the
  /// differ tells plain types by their type and compares parts' types as metadata, and must
  /// still write what the tree diff writes.
  struct Plain: Codable, Equatable {
    var small: Int8 = 0
    var unsigned: UInt = 0
    var float: Float = 0
    var wide: UInt64 = 0
    var maybe: [Int]? = nil
    var holes: [Int16?] = []
    var wrapped = Wrapper(value: 0)
    var mode: Mode? = nil

    struct Wrapper: Codable, Equatable {
      var value: UInt8
      init(value: UInt8) { self.value = value }
      init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt8.self) }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
      }
    }

    enum CodingKeys: CodingKey { case small, unsigned, float, wide, maybe, holes, wrapped, mode }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(small, forKey: .small)
      try container.encode(unsigned, forKey: .unsigned)
      try container.encode(float, forKey: .float)
      try container.encode(wide, forKey: .wide)
      try container.encode(maybe, forKey: .maybe)
      try container.encode(holes, forKey: .holes)
      try container.encode(wrapped, forKey: .wrapped)
      try container.encode(mode, forKey: .mode)
    }
  }

  @Test func plainValuesAndOptionalsGetTheChangesOfTheWholeJSON() throws {
    var state = Plain()
    let edits: [(inout Plain) -> Void] = [
      { $0.small = -3 }, { $0.unsigned = 7 }, { $0.float = 1.5 }, { $0.wide = UInt64.max }, { $0.wide = 2 },
      { $0.maybe = [1, 2] }, { $0.maybe?.append(3) }, { $0.maybe = nil }, { $0.holes = [1, nil, 3] },
      { $0.holes[1] = 2 }, { $0.holes[0] = nil }, { $0.wrapped.value = 9 }, { $0.mode = .busy(since: 1) },
      { $0.mode = .idle }, { $0.mode = nil },
    ]
    var states = [state]
    for edit in edits {
      edit(&state)
      states.append(state)
    }
    for (newIndex, new) in states.enumerated() {
      for (oldIndex, old) in states.enumerated() {
        var changes = TraceChanges()
        try CodableStateDiffer<Plain>().writeChanges(from: old, to: new, into: &changes)
        let tree = StateChange.changes(from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
        #expect(String(decoding: changes.bytes, as: UTF8.self) == tree.map(\.json.text).joined(separator: ","), "state \(oldIndex) to \(newIndex)")
      }
    }
  }
}
