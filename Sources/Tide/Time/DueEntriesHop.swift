/// The hop to a store's actor that fires the timer entries queued with its engine
/// (``EffectEngine/queueDue(_:dueAt:)``), in their order.
struct DueEntriesHop: Sendable {
  let home: any Actor
  let engine: EffectEngine

  /// Fires them, waiting for the store's actor: how a queue shared by many store actors hands
  /// each its entries — each hop onto an idle store takes it over on the caller's thread.
  func run() async {
    await home.fireQueuedDue(of: engine)
  }

  /// Fires them from a task of their own.
  func start() {
    Task { await run() }
  }
}

extension Actor {
  /// Fires the due timer entries of `engine`'s store, which lives here, in their order.
  fileprivate func fireQueuedDue(of engine: EffectEngine) {
    engine.fireQueuedDue()
  }
}
