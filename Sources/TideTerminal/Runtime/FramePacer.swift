/// Decides when the next frame may be drawn: at most `framesPerSecond` frames a second, measured
/// on whatever clock the caller reads (real time in a terminal, virtual time in a replay).
///
/// The rate is kept over the long run rather than between each two frames (the generic cell
/// rate algorithm): each frame moves the time the next one is due on by one interval, from when
/// it was due or from a quarter of an interval before it was drawn, whichever is later (from
/// when it was drawn after a pause of an interval or more), and a
/// frame is drawn at once when it comes at most a quarter of an interval before it is due. An
/// animation whose ticks come at the frame rate, each late by its own wake-up delay, thus draws
/// each tick when it arrives, instead of waking once for the tick and once more for the frame
/// whenever a tick comes a little less late than the one before it — even after one tick came
/// very late, which would otherwise move every later frame's slot after its tick's arrival. A
/// burst of changes still gets no more frames than the rate.
struct FramePacer {
  let interval: Duration
  /// How far before it is due a frame is drawn anyway: jitter of the wake-ups that ask for it.
  let tolerance: Duration
  /// When the next frame is due at the full rate; `nil` before the first frame.
  private(set) var nextDue: Duration?

  init(framesPerSecond: Int) {
    interval = .seconds(1) / framesPerSecond
    tolerance = interval / 4
  }

  /// When a frame wanted at `now` may be drawn: `now`, or the earliest time within the tolerance
  /// of when the next frame is due.
  func slot(at now: Duration) -> Duration {
    guard let nextDue else { return now }
    return max(now, nextDue - tolerance)
  }

  mutating func recordFrame(at now: Duration) {
    guard let due = nextDue, now < due + interval else {
      // The first frame, or one after a pause: the rhythm starts again from it.
      nextDue = now + interval
      return
    }
    // A frame of a running animation, late by less than an interval: the rhythm keeps to when
    // it was due, or to a tolerance before it came, so that its lateness is not held against
    // the next one.
    nextDue = max(due, now - tolerance) + interval
  }
}
