#if CasePaths
// The case key path example of the DocC article "A tour of the store", compiled;
// StoreTourCasePathsSnippetTests checks that the region between the markers appears verbatim in
// Sources/Tide/Tide.docc/TourOfTheStore.md.
import Foundation
import IdentifiedCollections
import Testing
import Tide
import TideCasePaths
import TideTesting
import TideTestingCasePaths

// snippet: case-paths
struct Board: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Row.State> = []
    var title = ""
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case rows(id: Row.State.ID, action: Row.Action)
    case load
    case loaded(String)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      switch action {
      case .load: return .run { send in await send(.loaded("Board")) }
      case .loaded(let title): state.title = title
      case .counter, .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@MainActor
@Test func boardLoadsItsTitle() async {
  let store = TestStore(initialState: Board.State(), reducer: Board())
  await store.send(.load)
  await store.receive(\.loaded, "Board") { $0.title = "Board" }
  await store.finish()
}
// end snippet

@Suite("The tour's case key paths, compiled")
struct StoreTourCasePathsSnippetTests {
  @Test func theTourShowsTheCompiledExample() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/Tide/Tide.docc/TourOfTheStore.md"), encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let start = try #require(source.range(of: "// snippet: case-paths\n"))
    let end = try #require(source.range(of: "// end snippet", range: start.upperBound..<source.endIndex))
    let snippet = String(source[start.upperBound..<end.lowerBound])
    #expect(article.contains("```swift\n" + snippet + "```"), "TourOfTheStore.md lacks the compiled case-paths snippet")
  }
}
#endif
