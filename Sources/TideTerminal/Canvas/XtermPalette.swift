/// xterm's default 256-colour palette and the nearest-colour searches that downgrade a colour
/// to a smaller ``ColorProfile``.
///
/// The metric: squared Euclidean distance between sRGB components (no gamma or perceptual
/// weighting), so every result is an exact integer comparison and the same input always gives
/// the same index on every machine. Ties go to the lower index.
///
/// - To 256: the nearest of two candidates, the cube colour nearest channel by channel (the
///   cube's levels are 0, 95, 135, 175, 215, 255) and the grey of the ramp (8, 18, …, 238)
///   nearest the channels' mean; a grey (r = g = b) thus goes to the ramp unless the cube's
///   black, white or one of its four greys is closer. The 16 ANSI colours are never chosen:
///   the user's theme may have changed them.
/// - To 16: the nearest of the 16 ANSI colours as xterm draws them by default.
package enum XtermPalette {
  /// The six levels of each channel of the 6×6×6 cube (indices 16–231).
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The 16 ANSI colours as xterm draws them by default.
  static let ansi: [(red: UInt8, green: UInt8, blue: UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// Palette colour `index` (0–255) as xterm draws it by default.
  package static func rgb(ofIndex index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch index {
    case 0..<16:
      return ansi[index]
    case 16..<232:
      let cube = index - 16
      return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
    default:
      let grey = UInt8(8 + 10 * (min(index, 255) - 232))
      return (grey, grey, grey)
    }
  }

  /// The palette index (16–255) nearest `red`, `green`, `blue`.
  package static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let r = Int(red), g = Int(green), b = Int(blue)
    let cube = 16 + 36 * nearestCubeLevel(r) + 6 * nearestCubeLevel(g) + nearestCubeLevel(b)
    // The ramp's greys are 8 + 10k, k in 0...23: the two around the mean are the candidates.
    let below = min(23, max(0, ((r + g + b) / 3 - 8) / 10))
    var best = cube
    var bestDistance = distance(r, g, b, to: rgb(ofIndex: cube))
    for grey in 232 + below...232 + min(23, below + 1) {
      let d = distance(r, g, b, to: rgb(ofIndex: grey))
      if d < bestDistance {
        best = grey
        bestDistance = d
      }
    }
    return best
  }

  /// The ANSI index (0–15) nearest `red`, `green`, `blue`.
  package static func nearestANSI(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (index, color) in ansi.enumerated() {
      let d = distance(Int(red), Int(green), Int(blue), to: color)
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return best
  }

  /// The index of the cube level nearest `value` (0–255).
  private static func nearestCubeLevel(_ value: Int) -> Int {
    // Midpoints between the levels: 47.5, 115, 155, 195, 235; a tie goes to the lower level.
    if value < 48 { return 0 }
    if value <= 115 { return 1 }
    return min(5, (value - 36) / 40)
  }

  private static func distance(_ r: Int, _ g: Int, _ b: Int, to color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
    let dr = r - Int(color.red), dg = g - Int(color.green), db = b - Int(color.blue)
    return dr * dr + dg * dg + db * db
  }
}
