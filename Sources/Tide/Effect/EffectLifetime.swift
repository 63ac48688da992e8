import Synchronization

/// Whether one piece of a running effect may still send: the flag `Send` checks, on the main
/// actor, before it delivers an action.
///
/// Task cancellation alone cannot promise that a cancelled effect sends nothing more: a child
/// task spawned while its parent is being cancelled learns of it only once the parent's
/// cancellation handler has run, and may deliver an action before that. A lifetime is linked
/// to the lifetime of the effect that started it, and cancelling any ancestor sets a flag that
/// every descendant reads at once — cancellation holds by construction.
@usableFromInline
final class EffectLifetime: Sendable {
  private static let active: UInt8 = 0
  private static let cancelled: UInt8 = 1
  private static let finished: UInt8 = 2

  private let parent: EffectLifetime?
  private let state = Atomic<UInt8>(EffectLifetime.active)

  @usableFromInline
  init(parent: EffectLifetime?) {
    self.parent = parent
  }

  /// Marks this lifetime, and so every lifetime below it, as cancelled.
  func cancel() {
    _ = state.compareExchange(
      expected: Self.active, desired: Self.cancelled, ordering: .acquiringAndReleasing)
  }

  /// Marks the effect body this lifetime belongs to as returned: a later send is a mistake.
  func finish() {
    _ = state.compareExchange(
      expected: Self.active, desired: Self.finished, ordering: .acquiringAndReleasing)
  }

  /// Whether this lifetime or one it descends from was cancelled.
  @usableFromInline var isCancelled: Bool {
    var next: EffectLifetime? = self
    while let lifetime = next {
      if lifetime.state.load(ordering: .acquiring) == Self.cancelled { return true }
      next = lifetime.parent
    }
    return false
  }

  /// Whether the effect body this lifetime belongs to has returned.
  var isFinished: Bool {
    state.load(ordering: .acquiring) == Self.finished
  }
}
