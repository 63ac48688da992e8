/// The actor where the timer entries of every ``StoreActor`` on a clock wait and fire: one
/// queue (``TimerQueue``) and one sleeper for all of them, which hands each entry due to its
/// own store. A store actor with a queue of its own would pay a queue, a table entry and a
/// sleeper task for its first timer — what a server keeping an actor per session cannot afford
/// at 100,000 sessions.
@usableFromInline
actor StoreActorTimers {
  @usableFromInline static let shared = StoreActorTimers()
}
