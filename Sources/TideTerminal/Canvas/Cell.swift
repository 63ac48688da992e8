/// One column of a ``Canvas`` row: a grapheme cluster and its style.
///
/// A wide character (2 columns) is stored in its first cell; the cell to its right is a
/// continuation cell that draws nothing, so the grid stays indexable by column.
///
/// A cell is plain data (no references), so a frame is copied and diffed like raw memory: a
/// one-scalar character is stored as its scalar value, and longer clusters (combining
/// sequences, emoji ZWJ sequences, flags) as an id in a process-wide table.
///
/// All of it is packed into one 64-bit word — the content, the style's bits and the width — so
/// comparing two cells is comparing two integers and a row of cells is compared like memory: the
/// renderer diffs a whole 80×24 frame in a few thousand instructions.
package struct Cell: Hashable, Sendable {
  /// Bits 0–31: ``content``; bits 32–55: ``Style/packed``; bits 56–63: ``width``.
  let bits: UInt64

  /// The scalar value, or a ``ClusterTable`` id (≥ `ClusterTable.firstIdentifier`).
  var content: UInt32 { UInt32(truncatingIfNeeded: bits) }
  /// How the cell is drawn.
  package var style: Style { Style(packed: styleBits) }
  /// The style as the cell stores it: two cells have the same style exactly when these are
  /// equal, so a writer compares them to know when the style changes, without decoding it.
  package var styleBits: UInt32 { UInt32(truncatingIfNeeded: bits &>> 32) & 0xFF_FFFF }
  /// Columns taken by ``character``: 1, 2, or 0 for a continuation cell.
  package var width: Int8 { Int8(truncatingIfNeeded: bits &>> 56) }

  /// A cell showing `character` with its display width; a character that draws nothing
  /// (a control character or a lone combining mark) becomes a space.
  package init(_ character: Character, style: Style = .plain) {
    let width = character.displayWidth
    self.init(content: width == 0 ? 0x20 : Cell.content(of: character), style: style, width: width == 2 ? 2 : 1)
  }

  init(content: UInt32, style: Style, width: Int8) {
    self.init(content: content, styleBits: style.packed, width: width)
  }

  init(content: UInt32, styleBits: UInt32, width: Int8) {
    bits = UInt64(content) | UInt64(styleBits) &<< 32 | UInt64(UInt8(bitPattern: width)) &<< 56
  }

  /// This cell with `content` in place of its own (a cell made once per string, then one per character).
  func with(content: UInt32) -> Cell {
    Cell(bits: bits & ~0xFFFF_FFFF | UInt64(content))
  }

  /// This cell with `width` in place of its own.
  func with(width: Int8) -> Cell {
    Cell(bits: bits & ~(0xFF &<< 56) | UInt64(UInt8(bitPattern: width)) &<< 56)
  }

  private init(bits: UInt64) {
    self.bits = bits
  }

  /// A space in the plain style: what an untouched canvas holds.
  package static let blank = Cell(content: 0x20, style: .plain, width: 1)

  /// The grapheme cluster drawn in this cell; a space for blanks and continuation cells. When
  /// the terminal splits a cluster over several cells (`👍🏽` is 👍 then 🏽), the part in this
  /// cell; see ``text`` for all of it.
  package var character: Character {
    if let scalar = Unicode.Scalar(content) {
      return Character(scalar)
    }
    return ClusterTable.cluster(for: content).first ?? " "
  }

  /// Everything this cell writes to the terminal: ``character``, or the whole part of a ZWJ
  /// sequence the terminal joins into this cell (`🏽‍💻`).
  package var text: String {
    if let scalar = Unicode.Scalar(content) {
      return String(scalar)
    }
    return ClusterTable.cluster(for: content)
  }

  /// Whether this cell is the right half of a wide character to its left.
  package var isContinuation: Bool { width == 0 }

  /// Whether the cell holds a single Unicode scalar (every character but multi-scalar clusters).
  var scalar: Unicode.Scalar? { Unicode.Scalar(content) }

  /// The number of UTF-8 bytes of ``character``, without building it for single scalars.
  var utf8Count: Int {
    switch content {
    case 0..<0x80: return 1
    case 0x80..<0x800: return 2
    case 0x800..<0x10000: return 3
    case 0x10000..<0x110000: return 4
    default: return ClusterTable.cluster(for: content).utf8.count
    }
  }

  static func content(of character: Character) -> UInt32 {
    if let byte = character.singleASCIIByte { return UInt32(byte) }
    return content(of: String(character))
  }

  /// The content for a cell's text (not empty): its scalar, or its id in the ``ClusterTable``.
  static func content(of text: String) -> UInt32 {
    let scalars = text.unicodeScalars
    let first = scalars.first!
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return first.value
    }
    return ClusterTable.identifier(for: text)
  }
}
