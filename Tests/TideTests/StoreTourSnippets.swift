// The DocC article "A tour of the store" (Sources/Tide/Tide.docc/TourOfTheStore.md), compiled.
// Each `snippet:` region here must appear verbatim in the article (StoreTourSnippetTests checks
// it), so the article's code always builds.
import Clocks
import Foundation
import Testing
import Tide
import TideTesting

// snippet: counter
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

@MainActor
func counterExample() {
  let store = Store(initialState: Counter.State(), reducer: Counter())
  let token = store.observe(\.count) { count in print("count is", count) }  // prints 0
  store.send(.increment)  // prints 1
  store.send(contentsOf: [.increment, .decrement])  // one batch: prints nothing, count is still 1
  token.cancel()
}
// end snippet

// snippet: timer
struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
    var isRunning = false
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
  }

  enum TimerID: Hashable, Sendable { case ticker }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .interval(.tick, every: .seconds(1)).cancellable(id: TimerID.ticker, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.ticker)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}
// end snippet

// snippet: request
struct UserProfile: Reducer {
  struct State: Equatable {
    var name: Loadable<String, ProfileError> = .idle
  }

  enum Action: Equatable, Sendable {
    case load(userID: Int)
    case loaded(Result<String, ProfileError>)
  }

  struct ProfileError: Error, Equatable, Sendable {
    var message: String
  }

  enum RequestID: Hashable, Sendable { case profile }

  let fetchName: @Sendable (Int) async throws -> String

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let userID):
      state.name = .loading
      return .run { [fetchName] send in
        await send(.loaded(.success(try await fetchName(userID))))
      } catch: { error, send in
        await send(.loaded(.failure(ProfileError(message: "\(error)"))))
      }
      .cancellable(id: RequestID.profile, cancelInFlight: true)  // a newer load replaces an older one
    case .loaded(let result):
      state.name = Loadable(result)
      return .none
    }
  }
}
// end snippet

// snippet: scope
struct AppState: Equatable {
  var counter = Counter.State()
  var ticker = Ticker.State()
}

enum AppAction: Equatable, Sendable {
  case counter(Counter.Action)
  case ticker(Ticker.Action)

  static let counterPath = ActionPath(embed: AppAction.counter) {
    if case .counter(let action) = $0 { action } else { nil }
  }
  static let tickerPath = ActionPath(embed: AppAction.ticker) {
    if case .ticker(let action) = $0 { action } else { nil }
  }
}

struct App: Reducer {
  var body: some Reducer<AppState, AppAction> {
    Scope(state: \AppState.counter, action: AppAction.counterPath) { Counter() }
    Scope(state: \AppState.ticker, action: AppAction.tickerPath) { Ticker() }
  }
}

@MainActor
func scopeExample() {
  let appStore = Store(initialState: AppState(), reducer: App())
  let counterStore = appStore.scope(state: \.counter, action: AppAction.counter)
  counterStore.send(.increment)  // reaches the app's reducer through Scope
  assert(appStore.state.counter.count == 1)
}
// end snippet

// snippet: test
@MainActor
@Test func tickerTicksEverySecondUntilStopped() async {
  let clock = TestClock()
  let store = TestStore(initialState: Ticker.State(), reducer: Ticker(), clock: clock)

  await store.send(.start) { $0.isRunning = true }
  await clock.advance(by: .seconds(1))
  await store.receive(.tick) { $0.ticks = 1 }
  await clock.advance(by: .seconds(1))
  await store.receive(.tick) { $0.ticks = 2 }
  await store.send(.stop) { $0.isRunning = false }
  await store.finish()  // fails if an action went unasserted or an effect still runs
}
// end snippet

// snippet: extras
@MainActor
func extrasExample() {
  // Middleware: sees every action after the reducer, with the new state.
  let logger = Middleware<Counter.State, Counter.Action> { action, state in
    print("\(action) -> \(state.count)")
    return .none
  }
  // Tracing: each action with its state diff, to stderr or a closure (files: `--trace`, TideTrace).
  let store = Store(
    initialState: Counter.State(),
    reducer: Counter().traced("counter", to: .standardError),
    middleware: [logger])
  // A registry of shared stores.
  StoreRegistry.shared[StoreKey<Counter.State, Counter.Action>("counter")] = store
}

struct Banner: Reducer {
  struct State: Equatable {
    @Presented var alert: String?  // observers see every assignment, even of an equal value
  }
  enum Action: Equatable, Sendable { case warn }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.alert = "Careful!"
    return .none
  }
}
// end snippet

// snippet: server
/// A session that is a store of its own: an operation added to the store runs on the store,
/// where `send` has reduced the action when it returns — one hop a request.
extension StoreActor where R == Counter {
  func increment() -> Int {
    send(.increment)
    return state.count
  }
}

func serveThreeSessions() async -> [Int] {
  let sessions = (0..<3).map { _ in StoreActor(initialState: Counter.State(), reducer: Counter()) }
  var counts: [Int] = []
  for session in sessions {
    _ = await session.increment()
    counts.append(await session.increment())
  }
  return counts
}
// end snippet

@MainActor
@Suite("The tour of the store, compiled")
struct StoreTourSnippetTests {
  @Test func theTourShowsTheCompiledSnippets() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/Tide/Tide.docc/TourOfTheStore.md"), encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let names = ["counter", "timer", "request", "scope", "test", "extras", "server"]
    for name in names {
      let startMarker = "// snippet: \(name)\n"
      let start = try #require(source.range(of: startMarker), "no snippet \(name)")
      let end = try #require(source.range(of: "// end snippet", range: start.upperBound..<source.endIndex))
      let snippet = String(source[start.upperBound..<end.lowerBound])
      #expect(article.contains("```swift\n" + snippet + "```"), "TourOfTheStore.md lacks the compiled '\(name)' snippet")
    }
  }

  @Test func theCounterExampleBehavesAsTheGuideSays() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    store.send(.increment)
    store.send(contentsOf: [.increment, .decrement])
    #expect(seen == [0, 1])
    token.cancel()
    scopeExample()
  }

  @Test func eachSessionOfTheServerExampleKeepsItsOwnCount() async {
    #expect(await serveThreeSessions() == [2, 2, 2])
  }

  @Test func theProfileRequestLoadsAndFails() async {
    let store = TestStore(
      initialState: UserProfile.State(),
      reducer: UserProfile(fetchName: { id in
        if id == 0 { throw UserProfile.ProfileError(message: "no such user") }
        return "Ada"
      }))
    await store.send(.load(userID: 1)) { $0.name = .loading }
    await store.receive(.loaded(.success("Ada"))) { $0.name = .loaded("Ada") }
    await store.send(.load(userID: 0)) { $0.name = .loading }
    await store.receive(.loaded(.failure(UserProfile.ProfileError(message: "ProfileError(message: \"no such user\")")))) {
      $0.name = .failed(UserProfile.ProfileError(message: "ProfileError(message: \"no such user\")"))
    }
    await store.finish()
  }
}
