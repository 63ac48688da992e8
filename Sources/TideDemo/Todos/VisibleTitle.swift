extension Todo {
  /// The title as it can safely and visibly be drawn; the title itself is kept as it is.
  ///
  /// A file may hold anything: control characters (which would move the cursor or change
  /// colours in the terminal) are drawn as their Unicode pictures (`␀`…`␟`, `␡`); other
  /// invisible or direction-changing characters (C1 controls, zero-width spaces, bidi
  /// overrides) as `<U+XXXX>`; spaces at either end as `·`, so a title is never shown blank
  /// or misleadingly trimmed; an empty title as `(empty title)`.
  package static func visibleTitle(_ title: String) -> String {
    guard !title.isEmpty else { return "(empty title)" }
    let scalars = Array(title.unicodeScalars)
    let firstVisible = scalars.firstIndex { !isEdgeSpace($0) } ?? scalars.count
    let lastVisible = scalars.lastIndex { !isEdgeSpace($0) } ?? -1
    var shown = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if index < firstVisible || index > lastVisible, isEdgeSpace(scalar) {
        shown.append("·")
      } else if scalar.value < 0x20 {
        shown.append(Unicode.Scalar(0x2400 + scalar.value)!)
      } else if scalar.value == 0x7F {
        shown.append("\u{2421}")
      } else if isInvisible(scalar, in: scalars, at: index) {
        shown.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>".unicodeScalars)
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  private static func isEdgeSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace && scalar.value >= 0x20 && scalar.value != 0x7F
  }

  /// Invisible or layout-changing: C1 controls, format characters (but a joiner between
  /// two visible characters, as in emoji sequences), separators, unassigned code points.
  private static func isInvisible(_ scalar: Unicode.Scalar, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return true
    case .format:
      let joinsTwo = scalar == "\u{200D}" && index > 0 && index + 1 < scalars.count
      return !joinsTwo
    default: return false
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
