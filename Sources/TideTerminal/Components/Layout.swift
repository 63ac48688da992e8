/// How long one part of a split ``Rect`` is, along the direction of the split.
///
/// ```swift
/// // A header row, the body taking what is left, a two-row footer.
/// let parts = canvas.bounds.rows([.fixed(1), .fill(), .fixed(2)])
/// // A sidebar of a third of the width beside the rest.
/// let sides = parts[1].columns([.percentage(33), .fill()])
/// ```
public enum LayoutSize: Hashable, Sendable {
  /// Exactly this many cells (fewer when the rectangle is too small).
  case fixed(Int)
  /// This share of the whole length, 0…100, rounded down.
  case percentage(Int)
  /// A share of what the fixed and percentage parts leave, in proportion to `weight` (1 by
  /// default): `.fill(2)` gets twice what `.fill()` gets.
  case fill(Int = 1)
}

extension Rect {
  /// The rectangle cut into rows, top to bottom, `sizes` giving each one's height.
  ///
  /// The parts always add up to the whole: see ``split(_:along:)`` for the rounding rules.
  public func rows(_ sizes: [LayoutSize]) -> [Rect] {
    Rect.split(length: height, sizes).map { part in
      Rect(column: column, row: row + part.start, width: width, height: part.length)
    }
  }

  /// The rectangle cut into columns, left to right, `sizes` giving each one's width.
  ///
  /// The parts always add up to the whole: see ``split(_:along:)`` for the rounding rules.
  public func columns(_ sizes: [LayoutSize]) -> [Rect] {
    Rect.split(length: width, sizes).map { part in
      Rect(column: column + part.start, row: row, width: part.length, height: height)
    }
  }

  /// The lengths of the parts of a `length` cells long edge cut by `sizes`, in order, which
  /// always add up to `length` (every part at least 0):
  ///
  /// 1. fixed parts get their size, first come first served while the length lasts;
  /// 2. percentage parts get their share of the whole length, rounded down, while it lasts;
  /// 3. fill parts share what is left by weight; the cells that rounding down leaves over go
  ///    one each to the parts that lost the largest fractions (the earlier part on a tie);
  /// 4. with no fill part, what is left goes to the last part, so the parts still cover the
  ///    whole edge (two `.percentage(50)` of 7 cells are 3 and 4).
  ///
  /// The same sizes and length always give the same parts, so a layout never jitters.
  public static func split(_ sizes: [LayoutSize], along length: Int) -> [Int] {
    split(length: length, sizes).map(\.length)
  }

  private static func split(length: Int, _ sizes: [LayoutSize]) -> [(start: Int, length: Int)] {
    guard !sizes.isEmpty else { return [] }
    let whole = max(0, length)
    var lengths = Array(repeating: 0, count: sizes.count)
    var left = whole
    for (index, size) in sizes.enumerated() {
      if case .fixed(let cells) = size {
        lengths[index] = min(max(0, cells), left)
        left -= lengths[index]
      }
    }
    for (index, size) in sizes.enumerated() {
      if case .percentage(let percent) = size {
        lengths[index] = min(whole * min(max(0, percent), 100) / 100, left)
        left -= lengths[index]
      }
    }
    let weights = sizes.map { size -> Int in
      if case .fill(let weight) = size { return max(0, weight) }
      return 0
    }
    let totalWeight = weights.reduce(0, +)
    let hasFill = sizes.contains { if case .fill = $0 { true } else { false } }
    if totalWeight > 0 {
      // Largest remainder: every fill part gets the floor of its share, and the cells left by
      // rounding go to the largest remainders.
      var given = 0
      var remainders: [(index: Int, remainder: Int)] = []
      for (index, weight) in weights.enumerated() where weight > 0 {
        lengths[index] = left * weight / totalWeight
        given += lengths[index]
        remainders.append((index, left * weight % totalWeight))
      }
      remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
      for extra in remainders.prefix(left - given) { lengths[extra.index] += 1 }
    } else if hasFill, let firstFill = sizes.firstIndex(where: { if case .fill = $0 { true } else { false } }) {
      lengths[firstFill] += left  // only zero-weight fills: the first takes what is left
    } else {
      lengths[lengths.count - 1] += left
    }
    var start = 0
    return lengths.map { length in
      defer { start += length }
      return (start, length)
    }
  }
}
