import Synchronization
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
    var differ = CodableStateDiffer<State>()
    _ = try differ.json(of: old)
    return try Self.changes(from: old, to: new, with: &differ)
  }

  /// What `differ`, whose changes are from `old`, writes to `new`, and what the tree diff of the
  /// two states' whole JSON writes.
  static func changes<Value: Encodable>(
    from old: Value, to new: Value, with differ: inout CodableStateDiffer<Value>
  ) throws -> (typed: String, tree: String) {
    var changes = TraceChanges()
    try differ.writeChanges(to: new, into: &changes)
    let tree = StateChange.changes(from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
    return (String(decoding: changes.bytes, as: UTF8.self), tree.map(\.json.text).joined(separator: ","))
  }

  /// Each edit, applied to a state with a few items, from every state before it: by a new
  /// differ, and by one that goes on back and forth between the two, comparing each state with
  /// the parts it kept of the one before (read where they changed).
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
    var differ = CodableStateDiffer<State>()
    for (newIndex, new) in states.enumerated() {
      for (oldIndex, old) in states.enumerated() {
        let (typed, tree) = try changes(from: old, to: new)
        #expect(typed == tree, "state \(oldIndex) to \(newIndex)")
        _ = try differ.json(of: old)
        for (from, to) in [(old, new), (new, old), (old, new)] {
          let (kept, tree) = try Self.changes(from: from, to: to, with: &differ)
          #expect(kept == tree, "a kept differ, between states \(oldIndex) and \(newIndex)")
        }
      }
    }
  }

  /// One differ through a long walk of edits, as a trace writer uses it: each step compared with
  /// the parts kept from the step before.
  /// A dictionary's key spelled anew (`é` removed, `e` + U+0301 put in: one key to Swift, two
  /// texts to the differ) is read back as the app holds it: the old spelling's removal, applied
  /// after the new one's value, removed that value too (second reader).
  @Test func aKeySpelledAnewIsReadBackAsTheAppHoldsIt() throws {
    let old = State(scores: ["\u{E9}": 1, "b": 2])
    var new = old
    new.scores.removeValue(forKey: "\u{E9}")
    new.scores["e\u{301}"] = 3
    var json = try JSONValueEncoder.encode(old)
    var differ = CodableStateDiffer<State>()
    _ = try differ.json(of: old)
    var written = TraceChanges()
    try differ.writeChanges(to: new, into: &written)
    let changes = StateChange.changes(from: json, to: try JSONValueEncoder.encode(new))
    #expect(String(decoding: written.bytes, as: UTF8.self) == changes.map(\.json.text).joined(separator: ","))
    for change in changes { #expect(change.apply(to: &json)) }
    #expect(try JSONValueDecoder.decode(State.self, from: json) == new)
  }

  @Test func aDifferKeptThroughAWalkGetsTheChangesOfTheWholeJSON() throws {
    var state = State(items: (1...4).map { Item(id: $0, title: "item \($0)") })
    let edits: [(inout State) -> Void] = [
      { $0.count += 1 }, { $0.name = $0.name == nil ? "ada" : nil }, { $0.mode = .busy(since: $0.count) }, { $0.mode = .idle },
      { $0.items[$0.items.count / 2].title += "!" }, { $0.items.append(Item(id: $0.count, title: "new")) },
      { if !$0.items.isEmpty { $0.items.removeFirst() } }, { $0.items.insert(Item(id: -1, title: "front"), at: 0) },
      { $0.items[0].tags.append("t\($0.count)") }, { $0.scores["k\($0.count % 3)"] = $0.count },
      { $0.scores = [:] }, { $0.ratio = Double($0.count) / 3 }, { $0.items[0].title = "caf\u{E9}" },
      { $0.items[0].title = "cafe\u{301}" }, { _ in },
    ]
    var differ = CodableStateDiffer<State>()
    _ = try differ.json(of: state)
    var random = UInt64(41)
    for step in 0..<3_000 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let old = state
      edits[Int(random >> 33) % edits.count](&state)
      if state.items.isEmpty { state.items = [Item(id: 0, title: "again")] }
      let (typed, tree) = try Self.changes(from: old, to: state, with: &differ)
      #expect(typed == tree, "step \(step)")
      if typed != tree { return }
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

  /// A struct with padding after its first field, counting the times it is encoded.
  struct Padded: Encodable {
    static let encodings = Atomic<Int>(0)
    var flag = false
    var count = 0

    func encode(to encoder: any Encoder) throws {
      Self.encodings.add(1, ordering: .relaxed)
      var container = encoder.singleValueContainer()
      try container.encode([count])
    }
  }

  struct PaddedState: Encodable {
    var padded = Padded()
    var steps = 0
  }

  /// A copy of a state need not keep the padding between a struct's fields (Swift copies field
  /// by field), so a part whose padding bytes differ is still the same value: the differ must
  /// neither write it nor take it apart.
  @Test func aPartThatDiffersOnlyInItsPaddingIsNotTakenApart() throws {
    #expect(MemoryLayout<Padded>.offset(of: \.count) == 8, "the padding this test writes into")
    var state = PaddedState()
    var differ = CodableStateDiffer<PaddedState>()
    _ = try differ.json(of: state)
    let before = Padded.encodings.load(ordering: .relaxed)
    for step in 1...100 {
      state.steps = step
      withUnsafeMutableBytes(of: &state.padded) { $0[1] = UInt8(step) }
      var changes = TraceChanges()
      try differ.writeChanges(to: state, into: &changes)
      #expect(String(decoding: changes.bytes, as: UTF8.self) == #"["steps",\#(step)]"#)
    }
    #expect(Padded.encodings.load(ordering: .relaxed) == before)
  }

  /// A value that asks for no container is `{}`, whatever it replaces: an empty list before it
  /// is a change.
  enum Choice: Encodable {
    case all, some([String])
    func encode(to encoder: any Encoder) throws {
      guard case .some(let names) = self else { return }
      var container = encoder.unkeyedContainer()
      for name in names { try container.encode(name) }
    }
  }

  /// A part whose encoding fails for some values, left out by the `encode(to:)` that holds it
  /// (`try?`), as the encoder of the whole JSON leaves it out.
  struct Fragile: Encodable {
    struct Refused: Error {}
    var fails = false
    var count = 0
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      if fails { throw Refused() }
    }
    enum CodingKeys: CodingKey { case count }
  }

  /// Keys that are one text in two spellings ("é" as one scalar and as e + U+0301) are one
  /// member of the whole JSON, the later value.
  struct Spellings: Encodable {
    var first = 0
    var second = 0
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(first, forKey: Key(stringValue: "caf\u{E9}"))
      try container.encode(second, forKey: Key(stringValue: "cafe\u{301}"))
    }
  }

  struct Unusual: Encodable {
    var choice = Choice.some([])
    var fragile = Fragile()
    var spellings = Spellings()
    var steps = 0

    enum CodingKeys: CodingKey { case choice, fragile, spellings, steps }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(choice, forKey: .choice)
      try? container.encode(fragile, forKey: .fragile)
      try container.encode(spellings, forKey: .spellings)
      try container.encode(steps, forKey: .steps)
    }
  }

  /// Each unusual encoding, by a new differ and by one kept through the edits.
  @Test func unusualEncodingsGetTheChangesOfTheWholeJSON() throws {
    var state = Unusual()
    let edits: [(inout Unusual) -> Void] = [
      { $0.choice = .all }, { $0.choice = .some(["a"]) }, { $0.choice = .some([]) }, { $0.steps += 1 },
      { $0.fragile.count = 1 }, { $0.fragile.fails = true }, { $0.fragile.count = 2 }, { $0.steps += 1 },
      { $0.fragile.fails = false }, { $0.fragile.count = 3 }, { $0.spellings.first = 1 }, { $0.spellings.second = 2 },
      { $0.spellings.first = 3 }, { $0.steps += 1 },
    ]
    var states = [state]
    for edit in edits {
      edit(&state)
      states.append(state)
    }
    var kept = CodableStateDiffer<Unusual>()
    _ = try kept.json(of: states[0])
    for index in states.indices.dropFirst() {
      var fresh = CodableStateDiffer<Unusual>()
      _ = try fresh.json(of: states[index - 1])
      let (typed, tree) = try Self.changes(from: states[index - 1], to: states[index], with: &fresh)
      #expect(typed == tree, "a new differ, edit \(index)")
      let (keptTyped, keptTree) = try Self.changes(from: states[index - 1], to: states[index], with: &kept)
      #expect(keptTyped == keptTree, "a kept differ, edit \(index)")
    }
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
    /// An optional of a struct that encodes as a plain value, and an optional of an optional.
    var point: Wrapper? = nil
    var nested: Int?? = nil

    struct Wrapper: Codable, Equatable {
      var value: UInt8
      init(value: UInt8) { self.value = value }
      init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt8.self) }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
      }
    }

    enum CodingKeys: CodingKey { case small, unsigned, float, wide, maybe, holes, wrapped, mode, point, nested }

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
      try container.encode(point, forKey: .point)
      try container.encode(nested, forKey: .nested)
    }
  }

  @Test func plainValuesAndOptionalsGetTheChangesOfTheWholeJSON() throws {
    var state = Plain()
    let edits: [(inout Plain) -> Void] = [
      { $0.small = -3 }, { $0.unsigned = 7 }, { $0.float = 1.5 }, { $0.wide = UInt64.max }, { $0.wide = 2 },
      { $0.maybe = [1, 2] }, { $0.maybe?.append(3) }, { $0.maybe = nil }, { $0.holes = [1, nil, 3] },
      { $0.holes[1] = 2 }, { $0.holes[0] = nil }, { $0.wrapped.value = 9 }, { $0.mode = .busy(since: 1) },
      { $0.mode = .idle }, { $0.mode = nil }, { $0.point = Plain.Wrapper(value: 1) }, { $0.point?.value = 2 },
      { $0.point = nil }, { $0.nested = .some(nil) }, { $0.nested = 4 }, { $0.nested = nil },
    ]
    var states = [state]
    for edit in edits {
      edit(&state)
      states.append(state)
    }
    var differ = CodableStateDiffer<Plain>()
    for (newIndex, new) in states.enumerated() {
      for (oldIndex, old) in states.enumerated() {
        var fresh = CodableStateDiffer<Plain>()
        _ = try fresh.json(of: old)
        let (typed, tree) = try Self.changes(from: old, to: new, with: &fresh)
        #expect(typed == tree, "state \(oldIndex) to \(newIndex)")
        _ = try differ.json(of: old)
        for (from, to) in [(old, new), (new, old), (old, new)] {
          let (kept, tree) = try Self.changes(from: from, to: to, with: &differ)
          #expect(kept == tree, "a kept differ, between states \(oldIndex) and \(newIndex)")
        }
      }
    }
  }
}
