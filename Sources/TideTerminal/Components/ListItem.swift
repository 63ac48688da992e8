import Tide

/// A row of a list of plain titles: what `SelectionList<ListItem>` shows when an app has no
/// type of its own for its rows (a menu, a list of names, a select's options).
///
/// An item is its own identity: the list keeps the items themselves as its ids, so a list of
/// items needs no collection beside it and draws without one (``SelectionList/State/items``).
/// Equal items are one identity; when items change, the selected one stays selected where the
/// equal item nearest its old place is.
///
/// ```swift
/// var list = SelectionList.State(items: ["Apples", "Pears"].map { ListItem($0) })
/// // view: SelectionList.draw(state.list, in: body, on: &canvas)
/// // the choice: state.list.selectedItem?.title
/// ```
public struct ListItem: Identifiable, Hashable, Sendable, Codable {
  /// The first line, which the filter searches.
  public var title: String
  /// A second line under the title, dimmed; `nil` for none.
  public var description: String?

  /// An item titled `title`, with `description` under it.
  public init(_ title: String, description: String? = nil) {
    self.title = title
    self.description = description
  }

  /// The item itself: two items with the same title and description are the same row.
  public var id: ListItem { self }
}

extension SelectionList.State where Row == ListItem {
  /// A list of `items`, the first one selected, drawn in `height` rows (0: not yet known), the
  /// first of them the status unless `showsStatus` is false.
  public init(items: [ListItem], height: Int = 0, showsStatus: Bool = true) {
    self.init(height: height, showsStatus: showsStatus)
    setItems(items)
  }

  /// The items, filtered or not.
  public var items: [ListItem] { ids }

  /// The selected item; `nil` when nothing is shown.
  public var selectedItem: ListItem? { selectedID }

  /// Gives the list new items, as ``setRows(_:title:description:)`` does: the selected item stays
  /// selected wherever it moved, else the item now at its position is.
  public mutating func setItems(_ items: [ListItem]) {
    // The items are the ids, and hold the titles: folded when a filter first needs them.
    replaceRows(
      ids: items, showsDescriptions: items.contains { $0.description != nil }, folded: nil,
      foldLater: { FilterIndex(titles: items.lazy.map { $0.title }) })
  }
}

extension SelectionList where Row == ListItem {
  /// Draws a list of items, each its title and description, as
  /// ``draw(_:rows:title:description:in:on:style:isFocused:sending:)`` does.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    draw(
      state, rows: state.items, title: { $0.title }, description: { $0.description }, in: rect, on: &canvas,
      style: style, isFocused: isFocused, sending: sending)
  }
}

extension SelectionList: Component where Row == ListItem {
  /// Draws the list of items in the theme's ``Theme/text`` with `>` rows (see
  /// ``draw(_:rows:title:description:in:on:style:isFocused:sending:)``).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(
      state, rows: state.items, title: { $0.title }, description: { $0.description }, in: rect, on: &canvas,
      style: nil, isFocused: isFocused, sending: sending)
  }
}
