extension Duration {
  private static let attosecondsPerNanosecond: Int128 = 1_000_000_000

  /// The whole nanosecond nearest to this duration, a half away from zero: where a timer's tick
  /// falls (a sixtieth of a second is not a whole number of nanoseconds), and where a time read
  /// back from a trace's seconds is put.
  package var roundedToNanosecond: Duration {
    let nanosecond = Self.attosecondsPerNanosecond
    let attoseconds = self.attoseconds
    let nanoseconds = attoseconds >= 0
      ? (attoseconds + nanosecond / 2) / nanosecond : -((-attoseconds + nanosecond / 2) / nanosecond)
    return Duration(attoseconds: nanoseconds * nanosecond)
  }

  /// The first whole nanosecond at or after this duration: how far a clock that moves in whole
  /// nanoseconds must go to reach it.
  package var roundedUpToNanosecond: Duration {
    let nanosecond = Self.attosecondsPerNanosecond
    let attoseconds = self.attoseconds
    let below = attoseconds % nanosecond
    return Duration(attoseconds: below <= 0 ? attoseconds - below : attoseconds - below + nanosecond)
  }

  /// The whole nanoseconds in this duration, the part of one left over dropped (toward zero):
  /// exact for a duration rounded to a nanosecond.
  package var wholeNanoseconds: Int64 {
    Int64(attoseconds / Self.attosecondsPerNanosecond)
  }
}
