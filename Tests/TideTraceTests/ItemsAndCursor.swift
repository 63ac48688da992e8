import TideTerminal
import TideTrace

/// A small app for the reader's and browser's tests: a list of items and a cursor, its screen the
/// cursor's place.
struct ItemsAndCursor: Codable, Equatable, Sendable {
  var items: [String]
  var cursor = 0

  /// The app named `name` at version 1, whose actions are numbers.
  static func app(named name: String) -> InspectedApp {
    InspectedApp(
      name: name, version: "1", state: ItemsAndCursor.self, action: Int.self,
      frame: { _ in { state, size in
        var canvas = Canvas(columns: size.columns, rows: size.rows)
        canvas.draw("cursor \(state.cursor)", atColumn: 0, row: 0)
        return canvas
      } })
  }
}
