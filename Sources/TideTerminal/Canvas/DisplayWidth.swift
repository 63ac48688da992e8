extension Character {
  /// The number of terminal columns this grapheme cluster occupies.
  ///
  /// - 2 for East Asian Wide and Fullwidth characters (CJK, Hangul, kana, fullwidth forms) and for
  ///   emoji shown in emoji presentation, including ZWJ sequences (👨‍👩‍👧) and flags (two
  ///   one-column regional indicators).
  /// - 0 for control characters, which are never drawn, and for clusters made only of zero-width
  ///   scalars (combining marks, joiners, variation selectors), which join the previous cell.
  /// - 1 for everything else, including ambiguous-width characters, as most Western locales do.
  /// - Other clusters take what the terminal gives their scalars one by one (glibc `wcwidth`, as
  ///   ncurses and tmux use): `kा` (a spacing mark) is 2, halfwidth `ｶﾞ` is 2, a skin tone after a
  ///   letter is 3 and after 👍 is 4, two Hangul leading consonants are 4, and VS16 adds nothing
  ///   (`❤️` is 1).
  ///
  /// A `Character` is already a whole grapheme cluster, so "e\u{301}" is one column.
  public var displayWidth: Int {
    if let ascii = singleASCIIByte {
      return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    // "\r\n", the one cluster of two ASCII scalars, is two controls: 0.
    return DisplayWidth.width(of: unicodeScalars)
  }

  /// The character's byte when it is a single ASCII scalar. Read from its UTF-8: `asciiValue`
  /// first compares the character with "\r\n", a string comparison, in every frame's fills.
  package var singleASCIIByte: UInt8? {
    let utf8 = self.utf8
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
    return byte
  }
}

extension String {
  /// The number of terminal columns the text occupies, the sum of its characters' widths.
  public var displayWidth: Int {
    if utf8.isPrintableASCII {
      return utf8.count
    }
    var total = 0
    DisplayWidth.forEachCluster(in: self) { _, width in
      total += width
      return true
    }
    return total
  }

  /// Calls `body` with the range and display width (``Character/displayWidth``) of each
  /// grapheme cluster of the text, in order, until it returns `false`.
  ///
  /// The way to lay text out by columns — wrapping it, placing a cursor — without building a
  /// `Character` for each cluster: runs of characters that cannot combine with their neighbours
  /// (ASCII, CJK, kana, Hangul syllables, most emoji) are walked scalar by scalar, and grapheme
  /// breaking runs only from the first scalar that might join another.
  package func forEachCluster(_ body: (_ range: Range<String.Index>, _ width: Int) -> Bool) {
    DisplayWidth.forEachCluster(in: self, body)
  }

  /// The text cut to at most `width` columns; text that is too wide ends with "…".
  ///
  /// The result never exceeds `width`: a wide character that would straddle the limit is dropped,
  /// so the result can be one column narrower than `width`.
  public func truncated(toDisplayWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if utf8.isPrintableASCII {
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

extension String.UTF8View {
  /// Whether every byte is printable ASCII (space to `~`): one byte, one column, no lookup.
  ///
  /// Views measure and draw their text every frame; a byte at a time through the view's
  /// iterator took 25 instructions a byte, the contiguous bytes checked without a branch a
  /// fraction of one.
  package var isPrintableASCII: Bool {
    withContiguousStorageIfAvailable(DisplayWidth.isPrintableASCII) ?? allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Whether every byte is ASCII, control characters included.
  package var isASCII: Bool {
    withContiguousStorageIfAvailable { bytes in
      var all: UInt8 = 0
      for byte in bytes { all |= byte }
      return all < 0x80
    } ?? allSatisfy { $0 < 0x80 }
  }
}

/// Width classification of Unicode scalars, kept apart from the extensions so the tables live in one place.
enum DisplayWidth {
  /// Whether every byte is printable ASCII (space to `~`), checked without a branch a byte.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var outside: UInt8 = 0
    for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
    return outside == 0
  }

  /// The columns a terminal gives the cluster: what ncurses (glibc `wcwidth`) gives its scalars
  /// one by one, except that a scalar after a zero-width joiner joins the cell before it, as
  /// terminals draw ZWJ sequences — also when the joiner starts the cluster, so that a spacing
  /// mark after `◌́‍` takes no column (tmux 3.3a: `\u{301}\u{200D}\u{93E}` advances 0).
  static func width(of scalars: Character.UnicodeScalarView) -> Int {
    guard let first = scalars.first else { return 0 }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex { return width(of: first) }
    var total = 0
    var afterJoiner = false
    for scalar in scalars {
      if !afterJoiner { total += width(of: scalar) }
      afterJoiner = scalar.value == 0x200D
    }
    return total
  }

  /// The cells a cluster takes in the terminal: each scalar with a width starts a cell, and the
  /// zero-width scalars after it (combining marks, selectors, Hangul vowels) and anything joined
  /// by a ZWJ go into that cell. Zero-width scalars before the first spacing one are returned as
  /// a cell of width 0, for the caller to join to the cell before.
  static func cells(of character: Character) -> [(text: String, width: Int)] {
    var result: [(text: String, width: Int)] = []
    var text = String.UnicodeScalarView()
    var columns = 0
    var afterJoiner = false
    for scalar in character.unicodeScalars {
      let scalarWidth = afterJoiner ? 0 : width(of: scalar)
      afterJoiner = scalar.value == 0x200D
      if scalarWidth > 0, !text.isEmpty {
        result.append((String(text), columns))
        text = String.UnicodeScalarView()
        columns = 0
      }
      text.append(scalar)
      columns += scalarWidth
    }
    if !text.isEmpty { result.append((String(text), columns)) }
    return result
  }

  /// Whether a cell's cluster holds more than one scalar with a width (a ZWJ sequence), which an
  /// ncurses cell cannot store: it is written whole over a placeholder instead.
  static func needsWholeWrite(_ scalars: String.UnicodeScalarView) -> Bool {
    var spacing = 0
    for scalar in scalars where width(of: scalar) > 0 {
      spacing += 1
      if spacing > 1 { return true }
    }
    return false
  }

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
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
    switch value {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A1...0x30FA:
      // CJK ideographs, kana and Hangul syllables, most of any CJK text, are letters of the wide
      // ranges: no property lookup needed.
      return 2
    case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x259F:
      // Punctuation (… ‖ •), arrows, box drawing and blocks: one column each, no marks and no
      // emoji presentation among them. Views draw rules and frames of them every frame, and
      // the property lookups below cost about a hundred instructions a scalar.
      return 1
    default:
      break
    }
    if isZeroWidth(scalar) { return 0 }
    // A lone regional indicator is one column (glibc); a pair is a flag, an emoji sequence.
    if isRegionalIndicator(scalar) { return 1 }
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
      // Soft hyphen and the prepended concatenation marks (U+0600…) are format characters, but
      // terminals (glibc wcwidth) give them a column.
      switch scalar.value {
      case 0xAD, 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return false
      default: return true
      }
    default:
      // Hangul medial vowels and final consonants combine with the leading consonant; U+200B
      // is zero width in glibc too.
      return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        || scalar.value == 0x200B
    }
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
