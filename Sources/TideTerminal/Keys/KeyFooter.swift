import Synchronization

/// A key table's footer help ("KEYS help" for each footer binding, two spaces apart), laid out
/// once: a footer is drawn every frame, and joining the key labels and measuring the entries
/// again each time was a fifteenth of a running stopwatch's frame.
struct KeyFooter: Equatable, Sendable {
  /// `lines[count]`: the first `count` entries joined (`lines[0]` is empty).
  private let lines: [String]
  /// `widths[count]`: the display width of `lines[count]`; it grows with `count`.
  private let widths: [Int]

  /// The footer of `bindings`: those shown in the footer that have help, in order.
  init<Action>(_ bindings: [KeyBinding<Action>]) {
    var lines = [""]
    var widths = [0]
    for binding in bindings where binding.showsInFooter && !binding.help.isEmpty {
      let entry = binding.keyLabel + " " + binding.help
      let separator = lines.count > 1 ? "  " : ""
      lines.append(lines[lines.count - 1] + separator + entry)
      widths.append(widths[widths.count - 1] + separator.utf8.count + entry.displayWidth)
    }
    self.lines = lines
    self.widths = widths
  }

  /// The most leading entries that fit in `maxWidth` columns, and their width: earlier entries
  /// win the space.
  func line(maxWidth: Int) -> (text: String, width: Int) {
    var count = widths.count - 1
    while count > 0, widths[count] > maxWidth { count -= 1 }
    return (lines[count], widths[count])
  }
}

/// Where a ``KeyMap`` keeps its ``KeyFooter``, made at the first footer drawn and shared by the
/// table's copies (a table is usually a `static let`, copied into each frame's layers); a table
/// whose bindings change gets a new one.
@usableFromInline
final class KeyFooterCache: Sendable {
  private struct Memo {
    var footer: KeyFooter?
    var joined: JoinedFooter?
  }

  private let memo = Mutex(Memo())

  /// The footer, made by `make` the first time.
  func footer(_ make: () -> KeyFooter) -> KeyFooter {
    memo.withLock { memo in
      if let footer = memo.footer { return footer }
      let made = make()
      memo.footer = made
      return made
    }
  }

  /// The footer, if it was made.
  var madeFooter: KeyFooter? {
    memo.withLock { $0.footer }
  }

  /// The last help line of layers whose first table is this one (``KeyLayers/helpLine(maxWidth:)``).
  var joined: JoinedFooter? {
    get { memo.withLock { $0.joined } }
    set { memo.withLock { $0.joined = newValue } }
  }
}

/// A help line of several tables' footers, kept by the first table's ``KeyFooterCache``: a
/// screen's layers are the same from frame to frame, and joining them again each time cost as
/// much as drawing them. It holds the footers it was made of, not their tables, so a table that
/// is gone never matches one that takes its place.
struct JoinedFooter: Sendable {
  /// The footers of the tables after the first, in order.
  let followers: [KeyFooter]
  let maxWidth: Int
  let line: String
}
