/// Decides when the next frame may be drawn: at most `framesPerSecond` frames a second, measured
/// on whatever clock the caller reads (real time in a terminal, virtual time in a replay).
struct FramePacer {
  let interval: Duration
  private(set) var lastFrame: Duration?

  init(framesPerSecond: Int) {
    interval = .seconds(1) / framesPerSecond
  }

  /// When a frame wanted at `now` may be drawn: `now`, or the end of the current interval.
  func slot(at now: Duration) -> Duration {
    guard let lastFrame else { return now }
    return max(now, lastFrame + interval)
  }

  mutating func recordFrame(at now: Duration) {
    lastFrame = now
  }
}
