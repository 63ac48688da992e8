import Synchronization

/// Interns the styles a ``Cell`` cannot hold in its own bits — those with 256-palette or RGB
/// colours, an underline colour or a link — so that a cell stays one 64-bit word and a frame is
/// still diffed like raw memory.
///
/// The table is process-wide and only grows: it holds each distinct such style ever drawn (a
/// theme's dozen roles, a few hundred for a gradient), and ids never change meaning, so cells
/// from different canvases compare correctly. It holds at most 2^23 styles; past that, a new
/// style is stored as its nearest 16-colour form (see ``ColorProfile``), without its link,
/// never a crash.
enum StyleTable {
  /// The bit of a packed style that says the rest is a table id.
  static let flag: UInt32 = 1 << 23
  static let capacity = 1 << 23

  private struct Storage {
    var identifiers: [Style: UInt32] = [:]
    var styles: [Style] = []
  }

  private static let storage = Mutex(Storage())

  /// The packed bits of `style`: ``flag`` and its id.
  static func identifier(for style: Style) -> UInt32 {
    let identifier: UInt32? = storage.withLock { storage in
      if let identifier = storage.identifiers[style] { return identifier }
      guard storage.styles.count < capacity else { return nil }
      let identifier = flag | UInt32(storage.styles.count)
      storage.styles.append(style)
      storage.identifiers[style] = identifier
      return identifier
    }
    if let identifier { return identifier }
    var fallback = ColorProfile.ansi16.downgrade(style)
    fallback.underlineColor = .default
    fallback.link = nil
    return fallback.directBits ?? 0
  }

  /// The style stored under the packed bits `bits`; plain for an id never handed out.
  static func style(for bits: UInt32) -> Style {
    storage.withLock { storage in
      let index = Int(bits & ~flag)
      return index < storage.styles.count ? storage.styles[index] : .plain
    }
  }
}
