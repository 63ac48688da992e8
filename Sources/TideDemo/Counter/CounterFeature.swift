import Tide

/// The Counter screen: `Count: N`, and a one-shot alert at 10 and -10.
package struct CounterFeature: Reducer {
  /// The count and the alert being shown, if any.
  package struct State: Equatable, Sendable, Codable {
    /// The current count.
    package var count = 0
    /// `Count reached 10!` or `Count reached -10!` while shown; presented anew each time the
    /// count reaches ±10, even if the same message was shown before.
    @Presented package var alert: String?

    /// A counter at `count` with no alert.
    package init(count: Int = 0) {
      self.count = count
    }
  }

  /// What the counter can do.
  package enum Action: Equatable, Sendable, Codable {
    /// Adds one.
    case increment
    /// Subtracts one.
    case decrement
    /// Back to zero.
    case reset
    /// Closes the alert.
    case dismissAlert
  }

  /// The count at which the alert is presented (and its negative).
  package static let alertThreshold = 10

  /// Creates the feature.
  package init() {}

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if state.alert != nil, action != .dismissAlert { return .none }
    switch action {
    case .increment:
      state.count += 1
    case .decrement:
      state.count -= 1
    case .reset:
      state.count = 0
    case .dismissAlert:
      state.alert = nil
      return .none
    }
    if abs(state.count) == Self.alertThreshold, action != .reset {
      state.alert = "Count reached \(state.count)!"
    }
    return .none
  }
}
