/// The part of a root core that ``StoreTime/now`` reads during the core's drain: the store's
/// clock. A class of its own, without the core's generic parameters, so the time slot can
/// name it in one word; the core sets itself as the slot's store when a drain starts.
///
/// The clock lives here rather than in the store's effect object, which is made only at the
/// first effect: a store's time counts from its creation, and a store that never starts an
/// effect still reads its time.
@usableFromInline
class ClockedCore {
  /// The store's clock: the time since the store was created, and its timers.
  @usableFromInline final let clock: StoreClock

  @usableFromInline
  init(clock: StoreClock) {
    self.clock = clock
  }
}

/// A store that keeps its clock itself and whose time-slot entry is its own address, tagged
/// (a ``StoreActor``): ``StoreTime/now`` asks it for its clock, which its sends never read.
protocol StoreClockOwner: AnyObject {
  /// The store's clock.
  var clock: StoreClock { get }
}
