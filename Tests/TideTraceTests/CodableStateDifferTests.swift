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
}
