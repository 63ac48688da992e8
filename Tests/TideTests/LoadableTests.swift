import Testing
import Tide

private struct APIError: Error, Hashable, Sendable {
  var message: String
}

private struct Profile: Reducer {
  struct State: Equatable, Sendable {
    var name: Loadable<String, APIError> = .idle
  }

  enum Action: Equatable, Sendable {
    case load(succeed: Bool)
    case response(Result<String, APIError>)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let succeed):
      state.name = .loading
      return .run { send in
        if succeed {
          await send(.response(.success("Blob")))
        } else {
          throw APIError(message: "offline")
        }
      } catch: { error, send in
        await send(.response(.failure(error as? APIError ?? APIError(message: "unknown"))))
      }
    case .response(let result):
      state.name = Loadable(result)
      return .none
    }
  }
}

@MainActor
@Suite("Loadable")
struct LoadableTests {
  @Test func accessorsDescribeEachCase() {
    let idle = Loadable<Int, APIError>.idle
    let loading = Loadable<Int, APIError>.loading
    let loaded = Loadable<Int, APIError>.loaded(4)
    let failed = Loadable<Int, APIError>.failed(APIError(message: "no"))

    #expect([idle.value, loading.value, loaded.value, failed.value] == [nil, nil, 4, nil])
    #expect([idle.failure, loading.failure, loaded.failure, failed.failure] == [nil, nil, nil, APIError(message: "no")])
    #expect([idle.isLoading, loading.isLoading, loaded.isLoading, failed.isLoading] == [false, true, false, false])
  }

  @Test func initFromResult() {
    #expect(Loadable<Int, APIError>(.success(1)) == .loaded(1))
    #expect(Loadable<Int, APIError>(.failure(APIError(message: "x"))) == .failed(APIError(message: "x")))
    #expect(Set([Loadable<Int, APIError>.loaded(1), .loaded(1), .idle]).count == 2)
  }

  @Test func requestLifecycleInAStore() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    #expect(store.state.name == .idle)

    let success = store.send(.load(succeed: true))
    #expect(store.state.name.isLoading)
    await success.finish()
    #expect(store.state.name == .loaded("Blob"))

    await store.send(.load(succeed: false)).finish()
    #expect(store.state.name.failure == APIError(message: "offline"))
  }
}
