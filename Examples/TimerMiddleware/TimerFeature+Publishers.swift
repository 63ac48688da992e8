#if Combine
import Tide
import TideCombine

/// The same timer as OneWayKit's README's Combine users write it: the middleware's follow-up
/// actions are publishers, and a screen is bound to the store's state publisher.
extension TimerFeature {
  /// ``middleware`` with its follow-up actions written as publishers. OneWayKit merges two
  /// `Just`s; OpenCombine has no `Merge`, so they are concatenated, which sends the same actions
  /// in the same order. The ticking stays the store's own interval rather than `Timer.publish`:
  /// that one runs on the run loop's real time, the store's on its clock, which tests move by
  /// hand.
  static var publisherMiddleware: Middleware<State, Action> {
    Middleware { action, state in
      switch action {
      case .start:
        return .interval(.add, every: state.interval).cancellable(id: CancelID.ticking)
      case .tapToggleButton where state.isStarted:
        return .merge(.cancel(id: CancelID.ticking), .publisher(Just(.toggleStart)))
      case .tapToggleButton:
        return .publisher(Publishers.Concatenate(prefix: Just(Action.start), suffix: Just(Action.toggleStart)))
      case .add, .toggleStart:
        return .none
      }
    }
  }
}

/// What OneWayKit's view controller binds: the time label and the toggle button's title, kept
/// up to date by subscriptions to the store's state publisher.
@MainActor
final class TimerScreen {
  private(set) var timeLabel = ""
  private(set) var buttonTitle = ""
  private var cancellables: Set<AnyCancellable> = []

  init(store: Store<TimerFeature.State, TimerFeature.Action>, onChange: @escaping (TimerScreen) -> Void = { _ in }) {
    // OneWayKit's `.map { String(format: "%.1f", $0.currentTime) }`, without Foundation.
    store.publisher
      .map { "\(($0.currentTime * 10).rounded() / 10)" }
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
        buttonTitle = isStarted ? "Stop" : "Start"
        onChange(self)
      }
      .store(in: &cancellables)
  }
}
#endif
