import Tide

/// A counter that presents an alert at ±10, fetches a fact about its value asynchronously and
/// runs a ticker with a delayed start — the counter example of RxCompose's README, on Tide.
///
/// RxCompose's pieces map one to one: its `Composer` is a ``Reducer`` run by a `Store`,
/// `@PresentState` is `@Presented`, `.run { } catch: { }` is the same effect, and
/// `.timer(_:dueTime:period:disposeBag:)` with `.cancel(&disposeBag)` is
/// `.timer(_:after:every:)` with a cancellation id.
struct CounterAlert: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    /// One-shot: observers of `\.$alert` see every assignment, even of the same message.
    @Presented var alert: String?
    var fact: Loadable<String, FactError> = .idle
    var ticks = 0
    var isTicking = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case showAlert(String)
    case fetchFact
    case factLoaded(String)
    case factFailed(FactError)
    case startTicking
    case stopTicking
    case tick
  }

  struct FactError: Error, Equatable, Sendable {
    var message: String
  }

  private enum CancelID: Hashable, Sendable { case ticker }

  /// Where facts come from: a network client in an app, a stub in tests.
  var fetchFact: @Sendable (Int) async throws -> String

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return state.count == 10 ? .send(.showAlert("Count reached 10!")) : .none
    case .decrement:
      state.count -= 1
      return state.count == -10 ? .send(.showAlert("Count reached -10!")) : .none
    case .showAlert(let message):
      state.alert = message
      return .none
    case .fetchFact:
      state.fact = .loading
      let (count, fetchFact) = (state.count, self.fetchFact)
      return .run { send in
        await send(.factLoaded(try await fetchFact(count)))
      } catch: { error, send in
        await send(.factFailed(FactError(message: "\(error)")))
      }
    case .factLoaded(let fact):
      state.fact = .loaded(fact)
      return .none
    case .factFailed(let error):
      state.fact = .failed(error)
      return .none
    case .startTicking:
      guard !state.isTicking else { return .none }
      state.isTicking = true
      return .timer(.tick, after: .seconds(1), every: .seconds(2)).cancellable(id: CancelID.ticker)
    case .stopTicking:
      state.isTicking = false
      return .cancel(id: CancelID.ticker)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}
