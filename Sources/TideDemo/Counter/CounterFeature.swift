import Tide

/// The Counter screen: `Count: N`, and a one-shot alert at 10 and -10.
public struct CounterFeature: Reducer {
  /// The count and the alert being shown, if any.
  public struct State: Equatable, Sendable {
    /// The current count.
    public var count = 0
    /// `Count reached 10!` or `Count reached -10!` while shown; presented anew each time the
    /// count reaches ±10, even if the same message was shown before.
    @Presented public var alert: String?

    /// A counter at `count` with no alert.
    public init(count: Int = 0) {
      self.count = count
    }
  }

  /// What the counter can do.
  public enum Action: Equatable, Sendable {
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
  public static let alertThreshold = 10

  /// Creates the feature.
  public init() {}

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
