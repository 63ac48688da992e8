extension Character {
  /// The number of terminal columns this grapheme cluster occupies: 0, 1 or 2.
  ///
  /// - 2 for East Asian Wide and Fullwidth characters (CJK, Hangul, kana, fullwidth forms) and for
  ///   emoji shown in emoji presentation (including ZWJ sequences, flags, skin tones and VS16).
  /// - 0 for control characters, which are never drawn, and for clusters made only of zero-width
  ///   scalars (combining marks, joiners, variation selectors), which join the previous cell.
  /// - 1 for everything else, including ambiguous-width characters, as most Western locales do.
  ///
  /// A `Character` is already a whole grapheme cluster, so "e\u{301}" is one column.
  public var displayWidth: Int {
    if let ascii = asciiValue {
      return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    return DisplayWidth.width(of: unicodeScalars)
  }
}

extension String {
  /// The number of terminal columns the text occupies, the sum of its characters' widths.
  public var displayWidth: Int {
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return utf8.count
    }
    var total = 0
    DisplayWidth.forEachCluster(in: self) { _, width in
      total += width
      return true
    }
    return total
  }

  /// The text cut to at most `width` columns; text that is too wide ends with "…".
  ///
  /// The result never exceeds `width`: a wide character that would straddle the limit is dropped,
  /// so the result can be one column narrower than `width`.
  public func truncated(toDisplayWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return utf8.count <= width ? self : String(utf8.prefix(width - 1))! + "…"
    }
    let budget = width - 1  // one column for the ellipsis
    var used = 0
    var end = startIndex
    var fits = true
    DisplayWidth.forEachCluster(in: self) { range, characterWidth in
      used += characterWidth
      if used <= budget { end = range.upperBound }
      if used > width {
        fits = false
        return false
      }
      return true
    }
    return fits ? self : String(self[..<end]) + "…"
  }
}

/// Width classification of Unicode scalars, kept apart from the extensions so the tables live in one place.
enum DisplayWidth {
  static func width(of scalars: Character.UnicodeScalarView) -> Int {
    guard let first = scalars.first else { return 0 }
    if isControl(first) { return 0 }
    if isZeroWidth(first) { return 0 }
    var hasEmojiSelector = false
    var hasTextSelector = false
    var isMultiScalar = false
    for scalar in scalars.dropFirst() {
      isMultiScalar = true
      if scalar.value == 0xFE0F { hasEmojiSelector = true }
      if scalar.value == 0xFE0E { hasTextSelector = true }
    }
    if isEastAsianWide(first.value) { return 2 }
    let properties = first.properties
    if hasTextSelector { return 1 }
    if properties.isEmojiPresentation { return 2 }
    // VS16 turns a text-default emoji (❤, ☺, digits in keycaps) into its two-column emoji form.
    if hasEmojiSelector && properties.isEmoji { return 2 }
    // A text-default pictograph followed by a skin tone or ZWJ is still shown as an emoji.
    if isMultiScalar && properties.isEmoji && scalars.contains(where: { isEmojiModifierOrJoiner($0) }) {
      return 2
    }
    return 1
  }

  /// Calls `body` with the range and width of each grapheme cluster of `text` until it returns false.
  ///
  /// Scalars that certainly stand alone skip grapheme breaking; from the first one that might
  /// not, the standard `Character` iteration takes over.
  static func forEachCluster(in text: String, _ body: (Range<String.Index>, Int) -> Bool) {
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      guard standsAlone(scalar), next == scalars.endIndex || standsAlone(scalars[next]) else {
        while index < text.endIndex {
          let end = text.index(after: index)
          guard body(index..<end, text[index].displayWidth) else { return }
          index = end
        }
        return
      }
      guard body(index..<next, width(of: scalar)) else { return }
      index = next
    }
  }

  /// The width of a scalar that is a grapheme cluster by itself.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 {
      return isControl(scalar) ? 0 : 1
    }
    if isZeroWidth(scalar) { return 0 }
    if isEastAsianWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Whether the scalar is certain to form a grapheme cluster on its own when its neighbour does
  /// too: it is in a block with no combining marks, joiners, selectors, Hangul jamo, regional
  /// indicators or prepended marks. A cheap test that lets common text skip grapheme breaking.
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x300 { return value != 0x0D }  // CR joins a following LF
    switch value {
    case 0x370...0x482,  // Greek, Cyrillic letters
      0x48A...0x52F,  // Cyrillic
      0x1E00...0x1FFF,  // Latin extended additional, Greek extended
      0x2010...0x2027, 0x2030...0x205E,  // punctuation
      0x20A0...0x20C0,  // currency
      0x2100...0x23FF,  // letterlike, number forms, arrows, math, technical
      0x2500...0x27BF,  // box drawing, blocks, shapes, symbols, dingbats
      0x3000...0x3029, 0x3030...0x303F,  // CJK symbols and punctuation
      0x3041...0x3096, 0x309B...0x30FF,  // kana
      0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
      0xAC00...0xD7A3,  // Hangul syllables
      0xFF01...0xFF60,  // fullwidth forms
      0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:  // emoji, no modifiers
      return true
    default:
      return false
    }
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (value >= 0x7F && value < 0xA0)
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return true
    case .format:
      // Soft hyphen is format but terminals give it a column.
      return scalar.value != 0xAD
    default:
      // Hangul medial vowels and final consonants combine with the leading consonant.
      return (0x1160...0x11FF).contains(scalar.value)
    }
  }

  private static func isEmojiModifierOrJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }

  /// East Asian Width W and F ranges (Unicode 15), without the emoji ones that the emoji
  /// presentation property already covers.
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
      0x2329...0x232A,  // angle brackets
      0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
      0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility Jamo, kanbun, CJK strokes, enclosed, compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // fullwidth forms
      0xFFE0...0xFFE6,  // fullwidth signs
      0x16FE0...0x16FE4,  // ideographic symbols
      0x17000...0x18CFF,  // Tangut, Khitan
      0x1AFF0...0x1B2FF,  // kana extended and supplement, Nushu
      0x1F200...0x1F2FF,  // enclosed ideographic supplement
      0x20000...0x2FFFD,  // CJK extensions B and later
      0x30000...0x3FFFD:  // CJK extension G and later
      return true
    default:
      return false
    }
  }
}
