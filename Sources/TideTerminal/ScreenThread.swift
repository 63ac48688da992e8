import Foundation
import Synchronization

/// The one thread that touches ncurses: it starts the terminal, draws the frames the main actor
/// hands it, reads keys, and restores the terminal when told to stop — on every exit path.
///
/// It sleeps in ``CursesTerminal/readKey(timeout:)`` until a key, a resize or a wake-up for a new
/// frame or a stop arrives, so an idle program uses no CPU.
final class ScreenThread: Sendable {
  /// What the main actor and the thread share.
  private struct Shared {
    var pendingFrame: Canvas?
    var size = TerminalSize(columns: 80, rows: 24)
    var stopRequested = false
    var statistics = RenderStatistics()
  }

  private let shared = Mutex(Shared())
  private let waker = TerminalWaker()

  /// Starts the thread and returns once the terminal is set up, or throws why it could not be.
  /// `onKey` is called on the thread for every key read.
  func start(onKey: @escaping @Sendable (Key) -> Void, onStop: @escaping @Sendable () -> Void) async throws {
    try await withCheckedThrowingContinuation { (started: CheckedContinuation<Void, any Error>) in
      let thread = Thread { [self] in
        self.main(started: started, onKey: onKey)
        onStop()
      }
      thread.name = "tide-screen"
      thread.start()
    }
  }

  private func main(
    started: CheckedContinuation<Void, any Error>, onKey: @escaping @Sendable (Key) -> Void
  ) {
    let terminal = CursesTerminal()
    do {
      try terminal.begin()
    } catch {
      started.resume(throwing: error)
      return
    }
    defer { terminal.restore() }
    shared.withLock { $0.size = terminal.size }
    started.resume()
    var renderer = Renderer()
    while true {
      let (frame, stop) = shared.withLock { shared in
        defer { shared.pendingFrame = nil }
        return (shared.pendingFrame, shared.stopRequested)
      }
      if stop { return }
      if let frame {
        renderer.render(frame, to: terminal)
        shared.withLock {
          $0.statistics = RenderStatistics(
            frames: renderer.framesWritten, cells: renderer.cellsWritten, bytes: renderer.bytesWritten)
        }
      }
      if let key = terminal.readKey(timeout: nil) {
        if key == .resize {
          let size = terminal.size
          shared.withLock { $0.size = size }
          renderer.invalidate()
        }
        onKey(key)
      }
    }
  }

  /// The terminal's size as the thread last read it.
  var size: TerminalSize { shared.withLock { $0.size } }

  /// What the renderer has written so far.
  var statistics: RenderStatistics { shared.withLock { $0.statistics } }

  /// Hands the thread a frame to draw; a frame not yet drawn is replaced by the newer one.
  func draw(_ frame: Canvas) {
    shared.withLock { $0.pendingFrame = frame }
    waker.wake()
  }

  /// Asks the thread to restore the terminal and end.
  func stop() {
    shared.withLock { $0.stopRequested = true }
    waker.wake()
  }
}

/// Counters of what a renderer wrote, for tests, `--frames` and the benchmarks.
public struct RenderStatistics: Sendable, Equatable {
  /// Frames that changed at least one cell.
  public var frames = 0
  /// Cells written.
  public var cells = 0
  /// Bytes of text written.
  public var bytes = 0
}
