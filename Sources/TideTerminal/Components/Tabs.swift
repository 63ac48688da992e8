import Tide

/// A row of tab titles, one of them selected: the switch between a screen's pages.
///
/// The tabs are the app's: it gives their titles (``State/setTitles(_:)`` when they change) and
/// draws the selected page itself under the row. ← and → (`h`, `l`) move the selection, wrapping
/// around, and a click on a title selects it; the wheel over the row moves it too
/// (``Action/scroll(by:)``). A title is the tab's identity: when the titles change, the selected
/// title stays selected wherever it moved, and when it is gone the tab now at its place is.
///
/// ```swift
/// var tabs = Tabs.State(titles: ["Overview", "Table"])
/// // keys, while focused: Tabs.keys(for: state.tabs).action(for: key).map(Action.tabs)
/// // view: Tabs.draw(state.tabs, in: header, on: &canvas, isFocused: true, sending: { Action.tabs($0) })
/// // the page: switch state.tabs.selectedTitle { … }
/// ```
///
/// Drawn with the canvas's ``Theme``: titles in ``Theme/text``, separated by `│` in
/// ``Theme/border``; the selected one in ``Theme/selection`` while the row has the focus, else
/// in ``Theme/accent``; the empty-state text in ``Theme/muted``. Titles that do not fit scroll so
/// that the selected one is always in view, with `‹` and `›` in ``Theme/muted`` where more lie.
public struct Tabs: Reducer, Sendable {
  /// The titles and the selected one.
  public struct State: Hashable, Sendable, Codable {
    /// The titles, left to right.
    public private(set) var titles: [String]
    /// The position of the selected tab in ``titles``; 0 when there are none.
    public private(set) var selected: Int
    /// What the row shows when there are no tabs.
    public var emptyText: String

    /// Tabs titled `titles`, the one at `selected` selected (clamped to the titles).
    public init(titles: [String], selected: Int = 0, emptyText: String = "No tabs") {
      self.titles = titles
      self.selected = 0
      self.emptyText = emptyText
      select(selected)
    }

    /// The selected tab's title; `nil` when there are no tabs.
    public var selectedTitle: String? { titles.indices.contains(selected) ? titles[selected] : nil }

    /// Selects the tab at `position`, clamped to the tabs: what ``Action/select(_:)`` does, for
    /// a parent that switches the page itself.
    public mutating func select(_ position: Int) {
      selected = min(max(0, position), max(0, titles.count - 1))
    }

    /// Moves the selection `steps` tabs right (left when negative), wrapping around: the keys
    /// and the wheel, for a parent that scrolls the tabs itself.
    public mutating func scroll(by steps: Int) {
      guard !titles.isEmpty else { return }
      let count = titles.count
      selected = ((selected + steps % count) % count + count) % count
    }

    /// Gives the tabs new titles, keeping the selected title selected wherever it moved (the
    /// equal title nearest its old place); when it is gone, the tab now at its place is selected
    /// (the last one, when it was past the end).
    public mutating func setTitles(_ newTitles: [String]) {
      let old = selected
      let kept = selectedTitle.flatMap { title in
        newTitles.indices.filter { newTitles[$0] == title }.min { abs($0 - old) < abs($1 - old) }
      }
      titles = newTitles
      select(kept ?? old)
    }
  }

  /// What the tabs can do.
  public enum Action: Hashable, Sendable, Codable {
    /// Selects the tab at this position (a click on its title), clamped to the tabs.
    case select(Int)
    /// Moves the selection by this many tabs, wrapping around: ← and → are -1 and 1, a wheel
    /// notch one tab.
    case scroll(by: Int)
    /// Replaces the titles, keeping the selected title selected (see ``State/setTitles(_:)``).
    case setTitles([String])
  }

  /// Tabs.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .select(let position): state.select(position)
    case .scroll(let steps): state.scroll(by: steps)
    case .setTitles(let titles): state.setTitles(titles)
    }
    return .none
  }

  /// ← or `h` and → or `l`: the previous and the next tab, wrapping around.
  public static let keys = KeyMap<Action>([
    KeyBinding(.left, .character("h"), action: .scroll(by: -1), help: "previous tab"),
    KeyBinding(.right, .character("l"), action: .scroll(by: 1), help: "next tab"),
  ])

  /// The keys of `state`: ``keys``, or none while there are no tabs to move between.
  public static func keys(for state: State) -> KeyMap<Action> {
    state.titles.count > 1 ? keys : KeyMap([])
  }

  /// The columns a title takes in the row: ` title ` and the separator after it.
  static func width(of title: String) -> Int { title.displayWidth + 3 }

  /// The first tab drawn in `width` columns so that `selected` is in view: the first one while
  /// everything up to the selected tab fits, else as few before it as fit.
  static func firstShown(_ state: State, width: Int) -> Int {
    var first = 0
    var used = state.titles[0...state.selected].reduce(0) { $0 + Self.width(of: $1) }
    // Room for the `‹` drawn when tabs are hidden on the left.
    while first < state.selected, used + (first > 0 ? 1 : 0) > width {
      used -= Self.width(of: state.titles[first])
      first += 1
    }
    return first
  }

  /// Draws the titles on the first row of `rect`, ` Overview │ Table `, scrolled so that the
  /// selected one is in view; a title wider than the row is cut with `…`.
  ///
  /// With `sending`, a click on a title sends ``Action/select(_:)`` and the wheel
  /// ``Action/scroll(by:)``, embedded in the app's action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let row = Rect(column: rect.column, row: rect.row, width: rect.width, height: 1)
    if let sending { canvas.addWheelRegion(row, up: sending(.scroll(by: -1)), down: sending(.scroll(by: 1))) }
    guard !state.titles.isEmpty else {
      canvas.drawTruncated(state.emptyText, atColumn: row.column, row: row.row, width: row.width, style: theme.muted)
      return
    }
    let state = clamped(state)
    canvas.withClip(row) { canvas in
      let first = firstShown(state, width: row.width)
      var x = row.column
      if first > 0 { x += canvas.draw("‹", atColumn: x, row: row.row, style: theme.muted) }
      for position in first..<state.titles.count {
        guard x < row.endColumn else { break }
        if position > first { x += canvas.draw("│", atColumn: x, row: row.row, style: theme.border) }
        let isSelected = position == state.selected
        let style = isSelected ? (isFocused ? theme.selection : theme.accent) : theme.text
        let available = row.endColumn - x
        let title = " " + state.titles[position].truncated(toDisplayWidth: max(0, available - 2)) + " "
        let start = x
        x += canvas.draw(title, atColumn: x, row: row.row, style: style, maxWidth: available)
        if let sending { canvas.addHitRegion(Rect(column: start, row: row.row, width: x - start, height: 1), onPress: sending(.select(position))) }
        if x >= row.endColumn, position < state.titles.count - 1 {
          canvas.draw("›", atColumn: row.endColumn - 1, row: row.row, style: theme.muted)
        }
      }
    }
  }

  /// `state` with its selection in range, for drawing a state an app built by hand.
  private static func clamped(_ state: State) -> State {
    var state = state
    state.select(state.selected)
    return state
  }
}

extension Tabs: Component {}
