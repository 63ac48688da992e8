import Tide

/// Posts loaded from an API into request state, with a logger that sees every action — the
/// posts example of SwiftRX's README, on Tide.
///
/// SwiftRX's `RXRequest` is ``Loadable``, its sub-state reducers are ``Scope``s, its selectors
/// are `observe` with a closure, and its `RXEffect` logger is a ``Middleware``.
enum PostsFeature {
  struct Post: Equatable, Sendable, Identifiable {
    var id: Int
    var title: String
  }

  /// Why loading failed, as the API said it.
  struct LoadError: Error, Equatable, Sendable {
    var message: String
  }

  struct State: Equatable, Sendable {
    var posts: Loadable<[Post], LoadError> = .idle
  }

  enum Action: Equatable, Sendable {
    case load
    case loadSuccess([Post])
    case loadFailure(LoadError)
  }

  /// Loads on `.load`; a second `.load` while one is in flight is ignored.
  static func reducer(fetch: @escaping @Sendable () async throws -> [Post]) -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .load:
        guard !state.posts.isLoading else { return .none }
        state.posts = .loading
        return .run { send in
          await send(.loadSuccess(try await fetch()))
        } catch: { error, send in
          await send(.loadFailure(LoadError(message: "\(error)")))
        }
      case .loadSuccess(let posts):
        state.posts = .loaded(posts)
      case .loadFailure(let error):
        state.posts = .failed(error)
      }
      return .none
    }
  }
}

struct AppState: Equatable, Sendable {
  var posts = PostsFeature.State()
}

enum AppAction: Equatable, Sendable {
  case posts(PostsFeature.Action)
}

extension ActionPath<AppAction, PostsFeature.Action> {
  static let posts = ActionPath(embed: AppAction.posts) {
    guard case .posts(let action) = $0 else { return nil }
    return action
  }
}

/// The app: one sub-state so far, scoped like SwiftRX's `appReducer`.
func appReducer(fetch: @escaping @Sendable () async throws -> [PostsFeature.Post]) -> some Reducer<AppState, AppAction> {
  Scope(state: \.posts, action: .posts) { PostsFeature.reducer(fetch: fetch) }
}

/// Writes the name of every action, as SwiftRX's `RXLogger` does.
func actionLogger(_ write: @escaping @Sendable (String) -> Void) -> Middleware<AppState, AppAction> {
  Middleware { action, _ in
    write("[\(action)]")
    return .none
  }
}

/// A selector: how many posts are loaded.
func postCount(_ state: AppState) -> Int {
  state.posts.posts.value?.count ?? 0
}
