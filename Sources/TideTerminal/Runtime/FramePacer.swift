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
///
/// A frame drawn more than half an interval after its slot still moves the rhythm later (so
/// that the frames after it do not come in a bunch), and a frame that waits for its slot keeps
/// it; so after one tick of an animation came that late, every later tick, back on its own grid,
/// would wait for a slot a little after it — a second wake-up each frame, for good. A frame held
/// back for its slot therefore moves the rhythm back towards when it was wanted, a little each
/// frame: by up to 1/64 of an interval when it was wanted at least half an interval after the
/// frame before (a tick of an animation), by up to 1/256 otherwise (a change right after a
/// frame, as in a burst). An animation's ticks are then drawn when they arrive again within a
/// second of a late one, and no stream of changes gets more than 1.6 % over the rate.
struct FramePacer {
  let interval: Duration
  /// How far before it is due a frame is drawn anyway: jitter of the wake-ups that ask for it.
  let tolerance: Duration
  /// How far a held frame moves the rhythm back (see the type's doc), worked out once: a
  /// `Duration` divided by an integer is a generic 128-bit division.
  private let animationStep: Duration
  private let burstStep: Duration
  private let halfInterval: Duration
  /// When the next frame is due at the full rate; `nil` before the first frame.
  private(set) var nextDue: Duration?
  /// When the last frame was drawn; `nil` before the first.
  private var lastFrame: Duration?
  /// When the frame now held back for its slot was first wanted; `nil` when none is.
  private var heldSince: Duration?

  init(framesPerSecond: Int) {
    interval = .seconds(1) / framesPerSecond
    tolerance = interval / 4
    animationStep = interval / 64
    burstStep = interval / 256
    halfInterval = interval / 2
  }

  /// When a frame wanted at `now` may be drawn: `now`, or the earliest time within the tolerance
  /// of when the next frame is due.
  func slot(at now: Duration) -> Duration {
    guard let nextDue else { return now }
    return max(now, nextDue - tolerance)
  }

  /// Notes that the frame wanted at `now` waits for its slot (``slot(at:)`` is later than `now`).
  mutating func holdFrame(wantedAt now: Duration) {
    if heldSince == nil { heldSince = now }
  }

  mutating func recordFrame(at now: Duration) {
    let held = heldSince
    let previous = lastFrame
    heldSince = nil
    lastFrame = now
    guard let due = nextDue, now < due + interval else {
      // The first frame, or one after a pause: the rhythm starts again from it.
      nextDue = now + interval
      return
    }
    // A frame of a running animation, late by less than an interval: the rhythm keeps to when
    // it was due, or to a tolerance before it came, so that its lateness is not held against
    // the next one.
    var rhythm = max(due, now - tolerance)
    if let held, let previous {
      // Held back: the rhythm may be what is late, not the frame early (see the type's doc).
      let step = held - previous >= halfInterval ? animationStep : burstStep
      rhythm -= min(step, max(.zero, due - tolerance - held))
    }
    nextDue = rhythm + interval
  }
}
