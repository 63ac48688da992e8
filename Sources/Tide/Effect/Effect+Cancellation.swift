extension Effect {
  /// Marks this effect as cancellable with ``cancel(id:)``. With `cancelInFlight`, effects
  /// already running under the same id are cancelled first, so only the newest one runs.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, effect: self))
  }

  /// Cancels every running effect marked with `id`. A cancelled effect sends nothing more.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }
}
