/// The values at the two ends of a chart's axis, and where a value falls between them: what
/// ``BarChart`` and ``Sparkline`` scale their values by.
///
/// Only finite values count: not a number and the infinities are left out of the bounds, so
/// one bad sample cannot flatten the rest of a chart. Arithmetic is done on halves, so the
/// span of `-Double.greatestFiniteMagnitude…Double.greatestFiniteMagnitude` is finite too.
struct ChartScale: Equatable {
  /// The value at the start of the axis.
  let lower: Double
  /// The value at the end of the axis, never below ``lower``.
  let upper: Double

  /// The bounds of the finite `values`, widened to hold 0 when `includingZero` (bars grow from
  /// 0), each replaced by `range`'s bound where that one is finite. With nothing to go by, both
  /// are 0.
  init(values: [Double], range: ClosedRange<Double>?, includingZero: Bool) {
    var low: Double?
    var high: Double?
    for value in values where value.isFinite {
      low = min(low ?? value, value)
      high = max(high ?? value, value)
    }
    if includingZero {
      low = min(low ?? 0, 0)
      high = max(high ?? 0, 0)
    }
    if let range {
      if range.lowerBound.isFinite { low = range.lowerBound }
      if range.upperBound.isFinite { high = range.upperBound }
    }
    let lower = low ?? high ?? 0
    let upper = high ?? lower
    self.lower = min(lower, upper)
    self.upper = upper
  }

  /// Whether the bounds are one value, so nothing can be placed between them.
  var isFlat: Bool { !(lower < upper) }

  /// `value` clamped to the bounds (not a number stays not a number).
  func clamped(_ value: Double) -> Double {
    value.isNaN ? value : min(max(value, lower), upper)
  }

  /// Where `value` (clamped to the bounds) falls between them: 0 at ``lower``, 1 at ``upper``;
  /// 0 when the scale ``isFlat`` or `value` is not a number.
  func fraction(of value: Double) -> Double {
    guard !isFlat, !value.isNaN else { return 0 }
    let fraction = (clamped(value) / 2 - lower / 2) / (upper / 2 - lower / 2)
    return fraction.isFinite ? min(max(fraction, 0), 1) : 0
  }

  /// `fraction` (0…1) of `cells` cells, in eighths of a cell, rounded to the nearest.
  static func eighths(_ fraction: Double, of cells: Int) -> Int {
    guard fraction.isFinite, cells > 0 else { return 0 }
    return Int((min(max(fraction, 0), 1) * Double(cells * 8)).rounded())
  }
}
