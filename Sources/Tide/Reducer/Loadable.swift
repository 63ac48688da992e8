/// The state of a request: not started, in flight, done with a value, or failed.
///
/// ```swift
/// struct State { var user: Loadable<User, APIError> = .idle }
/// ```
public enum Loadable<Value, Failure: Error> {
  /// Nothing requested yet.
  case idle
  /// The request is in flight.
  case loading
  /// The request produced a value.
  case loaded(Value)
  /// The request failed.
  case failed(Failure)

  /// The loaded value, if any.
  public var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }

  /// The failure, if the request failed.
  public var failure: Failure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }

  /// Whether the request is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Builds the state from the result of a finished request.
  public init(_ result: Result<Value, Failure>) {
    switch result {
    case .success(let value): self = .loaded(value)
    case .failure(let failure): self = .failed(failure)
    }
  }
}

extension Loadable: Equatable where Value: Equatable, Failure: Equatable {}
extension Loadable: Hashable where Value: Hashable, Failure: Hashable {}
extension Loadable: Sendable where Value: Sendable, Failure: Sendable {}
