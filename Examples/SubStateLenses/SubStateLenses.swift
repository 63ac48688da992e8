import Tide

/// A state made of two independent parts, each owned by a reducer that sees only its own part —
/// the sub-state "lenses" and "mutators" of RxReduce's README, on Tide.
///
/// RxReduce registers a `Mutator` (a `Lens` plus a reducer) per sub-state; in Tide the lens is a
/// writable key path and the mutator is a ``Scope``. Each part's reducer is a free function of
/// its own state and the app's action, so it is tested without the rest of the app.
enum SubStateLenses {
  struct State: Equatable, Sendable {
    var counter: CounterState = .empty
    var user: UserState = .loggedOut
  }

  enum CounterState: Equatable, Sendable {
    case empty
    case increasing(Int)
    case decreasing(Int)

    var value: Int {
      switch self {
      case .empty: 0
      case .increasing(let value), .decreasing(let value): value
      }
    }
  }

  enum UserState: Equatable, Sendable {
    case loggedIn(name: String)
    case loggedOut
  }

  enum Action: Equatable, Sendable {
    case increase(by: Int)
    case decrease(by: Int)
    case logIn(name: String)
    case clear
    /// Follows a stream of actions (RxReduce dispatches an `Observable<Action>` for this).
    case follow(ActionStream)
  }

  /// A stream of actions to follow, compared by name so `Action` stays `Equatable`.
  struct ActionStream: Equatable, Sendable {
    var name: String
    var actions: AsyncStream<Action>

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  }

  /// Every part of the app's action reaches both parts, as in RxReduce.
  static let everyAction = ActionPath<Action, Action>(embed: { $0 }, extract: { $0 })

  static var reducer: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.counter, action: everyAction) { Reduce(reduceCounter) }
      Scope(state: \.user, action: everyAction) { Reduce(reduceUser) }
      Reduce { _, action in
        guard case .follow(let stream) = action else { return .none }
        return .run(stream.actions)
      }
    }
  }

  static func reduceCounter(_ counter: inout CounterState, _ action: Action) -> Effect<Action> {
    switch action {
    case .increase(let amount): counter = .increasing(counter.value + amount)
    case .decrease(let amount): counter = .decreasing(counter.value - amount)
    case .clear: counter = .empty
    case .logIn, .follow: break
    }
    return .none
  }

  static func reduceUser(_ user: inout UserState, _ action: Action) -> Effect<Action> {
    switch action {
    case .logIn(let name): user = .loggedIn(name: name)
    case .clear: user = .loggedOut
    case .increase, .decrease, .follow: break
    }
    return .none
  }
}
