#if Combine
import Foundation
import Tide
import TideCombine

/// OneWayKit's timer, written as its README's Combine user writes it: a pure updater, a
/// middleware whose effects are publishers, and a screen bound to the state publisher.
///
/// The ticking itself is the store's own interval rather than `Timer.publish`: that one runs
/// on the run loop's real time, the store's on its clock, which tests move by hand.
enum TimerFeature {
  struct State: Equatable, Sendable {
    var currentTime: Double = 0
    var isStarted = false
    var interval: Duration = .milliseconds(100)
  }

  enum Action: Equatable, Sendable {
    case start
    case add
    case tapRightButton
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
      case .start, .tapRightButton:
        break
      }
      return .none
    }
  }

  /// The asynchronous half, seeing each action after the updater: OneWayKit's middleware
  /// returns `Just`s merged; OpenCombine has no `Merge`, so these are concatenated, which sends
  /// the same actions in the same order.
  static var middleware: Middleware<State, Action> {
    Middleware { action, state in
      switch action {
      case .start:
        return .interval(.add, every: state.interval).cancellable(id: CancelID.ticking)
      case .tapRightButton where state.isStarted:
        return .merge(.cancel(id: CancelID.ticking), .publisher(Just(.toggleStart)))
      case .tapRightButton:
        return .publisher(Publishers.Concatenate(prefix: Just(Action.start), suffix: Just(Action.toggleStart)))
      case .add, .toggleStart:
        return .none
      }
    }
  }
}

/// What OneWayKit's view controller binds: the time label and the right button's title, kept
/// up to date by subscriptions to the store's state publisher.
@MainActor
final class TimerScreen {
  private(set) var timeLabel = ""
  private(set) var rightButtonTitle = ""
  private var cancellables: Set<AnyCancellable> = []

  init(store: Store<TimerFeature.State, TimerFeature.Action>, onChange: @escaping (TimerScreen) -> Void = { _ in }) {
    store.publisher
      .map { String(format: "%.1f", $0.currentTime) }
      .sink { [weak self] in
        guard let self else { return }
        timeLabel = $0
        onChange(self)
      }
      .store(in: &cancellables)
    // OneWayKit's `.map { $0.isStarted }.removeDuplicates()`: `publisher(_:)` skips repeats.
    store.publisher(\.isStarted)
      .sink { [weak self] isStarted in
        guard let self else { return }
        rightButtonTitle = isStarted ? "Stop" : "Start"
        onChange(self)
      }
      .store(in: &cancellables)
  }
}

/// App-wide settings many screens read: OneWayKit's `GlobalOneWay`, here a store kept in a
/// ``StoreRegistry`` and watched through its publisher.
enum GlobalFeature {
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

extension StoreKey<GlobalFeature.State, GlobalFeature.Action> {
  static let global = StoreKey("global")
}
#endif
