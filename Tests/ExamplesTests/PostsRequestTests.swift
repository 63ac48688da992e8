import Synchronization
import Testing
import Tide
import TideTesting

@testable import PostsRequest

/// What SwiftRX's README promises of request state, sub-state reducers, logging and selectors.
@MainActor
@Suite("Seed example: SwiftRX posts with request state")
struct PostsRequestTests {
  private let posts = [PostsFeature.Post(id: 1, title: "One"), PostsFeature.Post(id: 2, title: "Two")]

  @Test func loadingGoesThroughItsRequestStates() async {
    let posts = self.posts
    let store = TestStore(initialState: AppState(), reducer: appReducer(fetch: { posts }))
    await store.send(.posts(.load)) { $0.posts.posts = .loading }
    await store.receive(.posts(.loadSuccess(posts))) { $0.posts.posts = .loaded(posts) }
    await store.finish()
  }

  @Test func aFailureIsKeptAsTheRequestState() async {
    struct NotFound: Error, CustomStringConvertible { var description: String { "404" } }
    let store = TestStore(initialState: AppState(), reducer: appReducer(fetch: { throw NotFound() }))
    await store.send(.posts(.load)) { $0.posts.posts = .loading }
    await store.receive(.posts(.loadFailure(.init(message: "404")))) {
      $0.posts.posts = .failed(.init(message: "404"))
    }
    await store.finish()
  }

  @Test func aSecondLoadWhileLoadingIsIgnored() async {
    let posts = self.posts
    let requests = Mutex(0)
    let store = Store(
      initialState: AppState(),
      reducer: appReducer(fetch: {
        requests.withLock { $0 += 1 }
        return posts
      }))
    // Both are reduced before the first request's task runs.
    let first = store.send(.posts(.load))
    let second = store.send(.posts(.load))
    await first.finish()
    await second.finish()
    #expect(requests.withLock { $0 } == 1)
    #expect(store.state.posts.posts == .loaded(posts))
  }

  @Test func theLoggerSeesEveryActionAndTheSelectorTheCount() async {
    let posts = self.posts
    let lines = Mutex<[String]>([])
    let store = Store(
      initialState: AppState(), reducer: appReducer(fetch: { posts }),
      middleware: [actionLogger { line in lines.withLock { $0.append(line) } }])
    var counts: [Int] = []
    let token = store.observe(postCount) { counts.append($0) }
    await store.send(.posts(.load)).finish()
    let logged = lines.withLock { $0 }
    #expect(logged.count == 2)
    #expect(logged.first?.hasSuffix("Action.load)]") == true)
    #expect(logged.last?.contains("Action.loadSuccess(") == true)
    #expect(counts == [0, 2])
    token.cancel()
  }
}
