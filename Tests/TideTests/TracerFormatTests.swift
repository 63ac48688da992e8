import Testing
import Tide
import TideTestSupport

/// What a traced action and its diff read like: swift-custom-dump's format, written by Tide
/// itself (Tide links no swift-custom-dump, which would bring full Foundation into every app).
@MainActor
@Suite("Tracer format")
struct TracerFormatTests {
  struct Shelf: Equatable, Sendable {
    var name = "Books"
    var books: [String] = (1...20).map { "Book \($0)" }
    var tags: [String: Int] = ["b": 2, "a": 1]
    var label: String? = nil
  }

  enum ShelfAction: Equatable, Sendable {
    case rename(String)
    case retitle(index: Int, title: String)
    case tag(String)
    case clear
  }

  func traced(_ actions: [ShelfAction]) -> [TraceEvent] {
    let events = Recorded<TraceEvent>()
    let reducer = Reduce<Shelf, ShelfAction> { state, action in
      switch action {
      case .rename(let name): state.name = name
      case .retitle(let index, let title): state.books[index] = title
      case .tag(let tag): state.tags[tag] = 3
      case .clear: state.label = "cleared"
      }
      return .none
    }
    let store = Store(initialState: Shelf(), reducer: reducer.traced("shelf", to: Tracer { events.append($0) }))
    for action in actions { store.send(action) }
    return events.all
  }

  @Test func actionsAreWrittenAsTheirTypeAndCaseWithTheirPayload() {
    let events = traced([.rename("Notes"), .clear, .retitle(index: 1, title: "New")])
    #expect(events[0].action == #"TracerFormatTests.ShelfAction.rename("Notes")"#)
    #expect(events[1].action == "TracerFormatTests.ShelfAction.clear")
    #expect(events[2].action == "TracerFormatTests.ShelfAction.retitle(\n  index: 1,\n  title: \"New\"\n)")
  }

  @Test func aChangeDeepInAStateShowsItsPathAndFoldsTheRest() throws {
    let diff = try #require(traced([.retitle(index: 10, title: "Changed")])[0].diff)
    #expect(
      diff == """
          TracerFormatTests.Shelf(
            name: "Books",
            books: [
              … (9 unchanged)
              [9]: "Book 10",
        -     [10]: "Book 11",
        +     [10]: "Changed",
              [11]: "Book 12",
              … (8 unchanged)
            ],
            … (2 unchanged)
          )
        """, "\(diff)")
  }

  @Test func dictionariesAreWrittenInTheOrderOfTheirKeys() throws {
    let diff = try #require(traced([.tag("c")])[0].diff)
    let tagLines = diff.split(separator: "\n").drop { !$0.contains("tags: [") }.prefix(5)
    #expect(Array(tagLines) == ["    tags: [", "      \"a\": 1,", "-     \"b\": 2", "+     \"b\": 2,", "+     \"c\": 3"])
  }

  @Test func anOptionalIsWrittenAsItsValueOrNil() throws {
    let diff = try #require(traced([.clear])[0].diff)
    #expect(diff.contains("-   label: nil"))
    #expect(diff.contains(#"+   label: "cleared""#))
  }
}
