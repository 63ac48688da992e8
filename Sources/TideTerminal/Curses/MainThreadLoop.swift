import CNcurses

/// The main thread's run loop, where the screen loop and the main actor share one thread.
///
/// With an async `main`, the Swift runtime would hand the main queue — the main actor — to a
/// thread of dispatch's pool, and the screen loop ran on a thread of its own: each tick of a
/// running animation woke both. A C hook (`main_thread_loop.c`) keeps the main thread instead
/// when the program claims it in its first turn: the main queue is drained there, and the
/// screen loop runs there too, its wait also waiting for the main queue. A tick then wakes one
/// thread, whose poll times out, fires the timer, reduces, builds the frame and draws it; the
/// screen loop hands the program its events between two of the main actor's jobs, so the
/// program takes them at once, with no hop through the main queue (``ProgramInput``).
package enum MainThreadLoop {
  /// Keeps the main thread for the main actor and the screen. Call it from top-level code (or
  /// what it calls) before its first suspension, on a path that runs the terminal: `true` if
  /// the main thread is kept. Otherwise — too late, another thread, no async `main` — `false`,
  /// and the screen loop gets a thread of its own.
  package static func claim() -> Bool {
    tide_main_loop_claim() != 0
  }

  /// The body a hosted session runs, carried through the C loop's context pointer.
  private final class Session: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on the main thread once the main actor's current job returns; `false` (and
  /// `body` never runs) if the main thread was not claimed or already runs a session.
  static func host(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Session(body)).toOpaque()
    let hosted = tide_main_loop_host(
      { context in Unmanaged<Session>.fromOpaque(context!).takeRetainedValue().body() }, context)
    if hosted == 0 { Unmanaged<Session>.fromOpaque(context).release() }
    return hosted != 0
  }

  /// Whether the caller runs on the main thread while it hosts a session: the session's loop
  /// then reads what the caller changed before it waits again, with no wake-up needed.
  static var isHostingThread: Bool { tide_main_loop_is_current() != 0 }
}
