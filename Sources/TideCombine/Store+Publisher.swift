#if Combine
import Tide

extension Store {
  /// The state now and after every drained batch of actions, as a publisher.
  ///
  /// A state that is not `Equatable` cannot be told from a repeat, so it is published every
  /// round; an `Equatable` state is published only when it changed. See ``StatePublisher`` for
  /// how long a subscription lasts and where values are delivered.
  ///
  /// ```swift
  /// store.publisher
  ///   .map { String(format: "%.1f", $0.currentTime) }
  ///   .sink { label.text = $0 }
  ///   .store(in: &cancellables)
  /// ```
  public var publisher: StatePublisher<State> {
    StatePublisher { [self] onChange in observe(onChange) }
  }

  /// The selected value now and whenever it changes, as a publisher: equal values are not
  /// published again, so no `removeDuplicates()` is needed.
  ///
  /// ```swift
  /// store.publisher(\.isStarted)
  ///   .sink { button.title = $0 ? "Stop" : "Start" }
  ///   .store(in: &cancellables)
  /// ```
  public func publisher<Value: Equatable>(_ select: @escaping (State) -> Value) -> StatePublisher<Value> {
    StatePublisher { [self] onChange in observe(select, onChange: onChange) }
  }
}

extension Store where State: Equatable {
  /// The state now and whenever it changes, as a publisher: a round that leaves the state equal
  /// to the last one published publishes nothing.
  public var publisher: StatePublisher<State> {
    StatePublisher { [self] onChange in observe(onChange) }
  }
}
#endif
