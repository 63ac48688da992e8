import Tide

/// Help generated from key maps: a short line for the footer and the full list in an overlay.
///
/// What it shows comes from the same ``KeyMap``s (or ``KeyLayers``) that dispatch the keys, as
/// ``KeyMap/helpLine(maxWidth:)`` and ``KeyHelp`` entries, so help can never disagree with what
/// the keys do. Its state is whether the full help is open and how far it is scrolled when the
/// screen is too short for every entry.
///
/// ```swift
/// Help.drawShort(keys.helpLine(maxWidth: size.columns), in: footer, on: &canvas)
/// if state.help.isShowingAll {
///   Help.drawFull(state.help, entries: keys.helpEntries, title: "Keys", in: canvas.bounds, on: &canvas)
/// }
/// ```
public struct Help: Reducer, Sendable {
  /// Whether the full help is open, and its scroll position.
  public struct State: Equatable, Sendable, Codable {
    /// Whether the full help is open.
    public var isShowingAll: Bool
    /// The first entry shown while the entries do not all fit.
    public var scroll: Int

    /// Help showing the short line only, unless `isShowingAll`.
    public init(isShowingAll: Bool = false, scroll: Int = 0) {
      self.isShowingAll = isShowingAll
      self.scroll = scroll
    }
  }

  /// What help can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Opens or closes the full help, scrolled to the top.
    case toggle
    /// Closes the full help.
    case hide
    /// Scrolls the full help by `delta` entries, within a list of `entryCount`.
    case scroll(by: Int, entryCount: Int)
  }

  /// Help.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      state.isShowingAll.toggle()
      state.scroll = 0
    case .hide:
      state.isShowingAll = false
      state.scroll = 0
    case .scroll(let delta, let entryCount):
      state.scroll = min(max(0, entryCount - 1), max(0, state.scroll + delta))
    }
    return .none
  }

  /// `?` opens and closes the full help.
  public static let keys = KeyMap<Action>([KeyBinding(.character("?"), action: .toggle, help: "help")])

  /// The keys while the full help is open over `entryCount` entries: `?` and esc close it,
  /// ↑/k, ↓/j, pgup and pgdn scroll it.
  public static func fullHelpKeys(entryCount: Int) -> KeyMap<Action> {
    KeyMap([
      KeyBinding(.character("?"), .escape, action: .hide, help: "close help"),
      KeyBinding(.up, .character("k"), action: .scroll(by: -1, entryCount: entryCount), help: "scroll up", showsInFooter: false),
      KeyBinding(.down, .character("j"), action: .scroll(by: 1, entryCount: entryCount), help: "scroll down", showsInFooter: false),
      KeyBinding(.pageUp, action: .scroll(by: -10, entryCount: entryCount), help: "page up", showsInFooter: false),
      KeyBinding(.pageDown, action: .scroll(by: 10, entryCount: entryCount), help: "page down", showsInFooter: false),
    ])
  }

  /// Draws a footer help line (from ``KeyMap/helpLine(maxWidth:)`` or
  /// ``KeyLayers/helpLine(maxWidth:)``) on the first row of `rect`, in the theme's ``Theme/muted``.
  public static func drawShort(_ line: String, in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.drawTruncated(line, atColumn: rect.column, row: rect.row, width: rect.width, style: canvas.theme.muted)
  }

  /// Draws the full help as a box centred in `bounds`, titled `title`: each entry's keys in the
  /// theme's ``Theme/accent``, then what they do. When the entries do not fit it shows a window of them from
  /// ``State/scroll`` and says which in its bottom edge (`3-8/14 ↑↓`).
  ///
  /// The full help is modal, as a ``Dialog`` is: it covers `bounds` for the pointer (see
  /// ``Canvas/coverHitRegions(_:)``), so a click under it or beside it reaches nothing drawn
  /// before it, as no key does while it is open.
  public static func drawFull(
    _ state: State, entries: [KeyHelp], title: String, in bounds: Rect, on canvas: inout Canvas
  ) {
    canvas.coverHitRegions(bounds)
    let keyWidth = entries.map(\.keys.displayWidth).max() ?? 0
    let helpWidth = entries.map(\.help.displayWidth).max() ?? 0
    // The edges, a space inside each, and two spaces between the columns: the longest entry whole.
    let width = min(bounds.width - 4, max(30, 2 + keyWidth + 2 + helpWidth + 2))
    let height = min(bounds.height - 2, entries.count + 2)
    guard width >= 2, height >= 2 else { return }
    let box = Rect(
      column: bounds.column + (bounds.width - width) / 2, row: bounds.row + (bounds.height - height) / 2,
      width: width, height: height)
    let theme = canvas.theme
    canvas.fill(box, style: theme.text)
    Block(title: title).draw(in: box, on: &canvas)
    let visible = max(0, height - 2)
    let first = min(state.scroll, max(0, entries.count - visible))
    for (offset, entry) in entries.dropFirst(first).prefix(visible).enumerated() {
      let row = box.row + 1 + offset
      canvas.drawTruncated(entry.keys, atColumn: box.column + 2, row: row, width: keyWidth, style: theme.accent)
      canvas.drawTruncated(
        entry.help, atColumn: box.column + 4 + keyWidth, row: row, width: box.width - keyWidth - 6, style: theme.text)
    }
    if visible < entries.count {
      let position = " \(first + 1)-\(first + visible)/\(entries.count) ↑↓ "
      canvas.drawTruncated(
        position, atColumn: max(box.column + 1, box.endColumn - 1 - position.displayWidth), row: box.endRow - 1,
        width: box.width - 2, style: theme.muted)
    }
  }
}
