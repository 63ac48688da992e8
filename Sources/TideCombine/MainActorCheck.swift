#if Combine
import Dispatch

/// Whether the caller runs on the main actor, asked without trapping as
/// `MainActor.assumeIsolated` does when it does not.
///
/// The main actor's jobs run on the main dispatch queue, on Apple's platforms and on Linux
/// alike, and code on that queue is what the runtime's own isolation check accepts as the main
/// actor. `Thread.isMainThread` cannot tell: on Linux an asynchronous `main` hands the main
/// queue to a pool thread (`dispatchMain()` ends the main thread), so it is false on the main
/// actor there. A value set on the main queue is found by `DispatchQueue.getSpecific` on that
/// queue, and only there.
enum MainActorCheck {
  /// Made and set on the main queue once, by the lazy global's one-time initialisation.
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the code calling this runs on the main actor.
  static var isOnMainActor: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
#endif
