import Tide

/// A stopwatch whose ticking lives in a middleware, traced action by action — the timer of
/// OneWayKit's README, on Tide.
///
/// OneWayKit splits a feature into a pure `Updater` and a `Middleware` that turns actions into
/// publishers of further actions. Tide has both shapes: the reducer below does no work besides
/// mutating state, and ``middleware`` returns the effects — an interval while started, its
/// cancellation, and the follow-up actions of the toggle button.
enum TimerFeature {
  struct State: Equatable, Sendable {
    var currentTime: Double = 0
    var isStarted = false
    var interval: Duration = .milliseconds(100)
  }

  enum Action: Equatable, Sendable {
    case start
    case add
    case tapToggleButton
    case toggleStart
  }

  enum CancelID: Hashable, Sendable { case ticking }

  /// The pure half: no effects.
  static var updater: Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .add:
        state.currentTime += state.interval / .seconds(1)
      case .toggleStart:
        state.isStarted.toggle()
      case .start, .tapToggleButton:
        break
      }
      return .none
    }
  }

  /// The asynchronous half: sees each action after the updater handled it.
  static var middleware: Middleware<State, Action> {
    Middleware { action, state in
      switch action {
      case .start:
        return .interval(.add, every: state.interval).cancellable(id: CancelID.ticking)
      case .tapToggleButton where state.isStarted:
        return .merge(.cancel(id: CancelID.ticking), .send(.toggleStart))
      case .tapToggleButton:
        return .merge(.send(.start), .send(.toggleStart))
      case .add, .toggleStart:
        return .none
      }
    }
  }
}

/// App-wide settings many screens read — OneWayKit's `GlobalOneWay`, here a store kept in a
/// ``StoreRegistry``.
enum Appearance {
  struct State: Equatable, Sendable {
    var backgroundColor = "white"
  }

  enum Action: Equatable, Sendable {
    case setBackgroundColor(String)
  }

  static var reducer: Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .setBackgroundColor(let color):
        state.backgroundColor = color
      }
      return .none
    }
  }
}

extension StoreKey<Appearance.State, Appearance.Action> {
  static let appearance = StoreKey("appearance")
}
