import IssueReporting
import Tide
import TideTerminal

/// Checks that `component` holds the contract every Tide component holds (see `Component`) in
/// each of `states`, and reports each way it breaks it as a test failure.
///
/// For each state, drawn focused and not, in rectangles from 0×0 and 1×1 to 200×3, it checks
/// that the component:
///
/// - draws inside its rectangle and nowhere else on a canvas with room all round it (as wide
///   and as high again on each side), and marks hit regions only inside it;
/// - shows the terminal's cursor (`Canvas.showCursor(atColumn:row:)`) only when focused, and
///   only inside its rectangle;
/// - draws with the canvas theme's roles only, so `--theme` restyles it: the check's theme gives
///   every role a foreground, background and underline colour of its own, so a cell drawn in a
///   colour from elsewhere, or in the terminal's default colours (`Style.plain`, a style made
///   on the spot), shows;
/// - marks hit regions whose actions reach the app through `sending` (a region that sends
///   anything else is reported where it is drawn);
/// - has help text for every key of `keys(for:)`, and `action(for:in:)`
///   gives each key's binding;
/// - takes every action its keys and its regions (a press on each cell, the wheel) send without
///   a crash, and draws the state each one leaves by the same rules.
///
/// Give it the states that try it hardest: empty, one item, more than fits, wide, zero-width and
/// control characters, and a selection or scroll position out of range, set as an app would.
///
/// ```swift
/// @Test func holdsTheComponentContract() {
///   var outOfRange = Ratings.State(stars: 3)
///   outOfRange.stars = 99
///   assertComponentContract(Ratings(), states: [Ratings.State(stars: 0), outOfRange])
/// }
/// ```
public func assertComponentContract<C: Component>(
  _ component: C, states: [C.State],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  var failures: [String] = []
  for (index, state) in states.enumerated() {
    var checker = ContractChecker(component: component, stateName: "state \(index)")
    checker.check(state)
    failures += checker.failures
  }
  for failure in failures.prefix(20) {
    reportIssue("\(C.self): \(failure)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
  if failures.count > 20 {
    reportIssue(
      "\(C.self): \(failures.count - 20) more ways it breaks the contract", fileID: fileID, filePath: filePath,
      line: line, column: column)
  }
}

/// The app's action around a component's in a contract check: a region whose value is not this
/// is one the app would never receive.
private enum EmbeddedAction<Child: Sendable>: Sendable {
  case child(Child)
}

/// One state's checks, collecting what fails.
private struct ContractChecker<C: Component> {
  let component: C
  let stateName: String
  var failures: [String] = []

  /// The rectangles every state is drawn in: nothing, one cell, one row, one column, small, wide.
  static var sizes: [(columns: Int, rows: Int)] {
    [(0, 0), (1, 1), (2, 1), (1, 3), (4, 2), (12, 4), (40, 12), (200, 3)]
  }

  mutating func check(_ state: C.State) {
    for size in Self.sizes {
      for isFocused in [true, false] {
        let canvas = drawn(state, size: size, isFocused: isFocused)
        checkDrawing(canvas, size: size, isFocused: isFocused, what: stateName)
      }
    }
    checkKeys(in: state)
    checkRegions(of: state)
  }

  /// The room around the rectangle on each side: as wide and as high as the rectangle, at
  /// least 8 columns and 4 rows, so that drawing a rectangle's width off is caught.
  static func margin(for size: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
    (max(8, size.columns), max(4, size.rows))
  }

  /// Where the component is drawn: in the middle of the canvas, ``margin(for:)`` in from each
  /// edge.
  static func rect(for size: (columns: Int, rows: Int)) -> Rect {
    let margin = margin(for: size)
    return Rect(column: margin.columns, row: margin.rows, width: size.columns, height: size.rows)
  }

  func drawn(_ state: C.State, size: (columns: Int, rows: Int), isFocused: Bool) -> Canvas {
    let margin = Self.margin(for: size)
    var canvas = Canvas(columns: size.columns + 2 * margin.columns, rows: size.rows + 2 * margin.rows)
    canvas.fill(canvas.bounds, with: ContractTheme.outside, style: ContractTheme.outsideStyle)
    canvas.theme = ContractTheme.theme
    canvas.actionScope = .root(EmbeddedAction<C.Action>.self)
    C.draw(
      state, in: Self.rect(for: size), on: &canvas, isFocused: isFocused,
      sending: { EmbeddedAction.child($0) })
    return canvas
  }

  mutating func checkDrawing(_ canvas: Canvas, size: (columns: Int, rows: Int), isFocused: Bool, what: String) {
    let rect = Self.rect(for: size)
    let place = "\(what) drawn \(isFocused ? "focused" : "unfocused") in \(size.columns)x\(size.rows)"
    for row in 0..<canvas.rows {
      for column in 0..<canvas.columns {
        let cell = canvas[column, row]
        // A cell left as it was is one the component did not draw on, which is its choice inside
        // its rectangle and its duty outside.
        let isUntouched = cell.character == ContractTheme.outside && cell.style == ContractTheme.outsideStyle
        if !rect.contains(column: column, row: row) {
          if !isUntouched {
            failures.append(
              "\(place) wrote \"\(cell.text)\" outside its rectangle, at column \(column - rect.column), row \(row - rect.row)")
            return
          }
        } else if !isUntouched, !ContractTheme.isMadeOfRoles(cell.style) {
          failures.append(
            "\(place) drew \"\(cell.text)\" at column \(column - rect.column), row \(row - rect.row) in a colour that is not the theme's (\(ContractTheme.describe(cell.style))): draw with canvas.theme's roles")
          return
        }
      }
    }
    if let cursor = canvas.cursorPosition {
      if !isFocused {
        failures.append("\(place) shows the terminal's cursor, which only the focused component may")
      } else if !rect.contains(column: cursor.column, row: cursor.row) {
        failures.append(
          "\(place) shows the terminal's cursor outside its rectangle, at \(cursor.column - rect.column),\(cursor.row - rect.row)")
      }
    }
    for region in canvas.hitRegions where rect.intersection(region.rect) != region.rect {
      failures.append("\(place) marked a hit region outside its rectangle: \(region.rect)")
      return
    }
  }

  mutating func checkKeys(in state: C.State) {
    let keys = C.keys(for: state)
    for binding in keys.bindings {
      if binding.help.allSatisfy(\.isWhitespace) {
        failures.append("\(stateName): the binding of \(binding.keyLabel) has no help text, so Help cannot show it")
      }
      for key in binding.keys where C.action(for: key, in: state) != keys.action(for: key) {
        failures.append("\(stateName): action(for: \(key), in:) is not the binding keys(for:) has for it")
      }
      checkAction(binding.action, from: "key \(binding.keyLabel)", on: state)
    }
  }

  mutating func checkRegions(of state: C.State) {
    let size = (columns: 40, rows: 12)
    let rect = Self.rect(for: size)
    let map = HitMap(drawn(state, size: size, isFocused: true))
    var sent: [(String, C.Action)] = []
    for row in rect.row..<rect.endRow {
      for column in rect.column..<rect.endColumn {
        for kind in [PointerEvent.Kind.press(.left), .scrollUp, .scrollDown] {
          guard let target = map.target(of: PointerEvent(kind, column: column, row: row)) else { continue }
          guard case .child(let action) = target as? EmbeddedAction<C.Action> else {
            failures.append(
              "\(stateName): a \(kind) at column \(column - rect.column), row \(row - rect.row) sends \(target), not through sending")
            return
          }
          if !sent.contains(where: { $0.1 == action }) {
            sent.append(("\(kind) at \(column - rect.column),\(row - rect.row)", action))
          }
        }
      }
    }
    // A press on every cell of a text sends as many actions as cells: a spread of them tries
    // the same code at a fraction of the cost.
    let stride = max(1, sent.count / 32)
    for (what, action) in sent.enumerated().filter({ $0.offset.isMultiple(of: stride) }).map(\.element) {
      checkAction(action, from: what, on: state)
    }
  }

  /// Applies `action` and checks the state it leaves is drawn by the same rules.
  mutating func checkAction(_ action: C.Action, from source: String, on state: C.State) {
    var after = state
    _ = component.reduce(into: &after, action: action)
    for size in [(columns: 1, rows: 1), (columns: 40, rows: 12)] {
      for isFocused in [true, false] {
        checkDrawing(
          drawn(after, size: size, isFocused: isFocused), size: size, isFocused: isFocused,
          what: "\(stateName) after \(source)")
      }
    }
  }
}

/// A theme whose every role has a foreground, background and underline colour of its own, so a
/// colour from anywhere else shows.
private enum ContractTheme {
  static let roleColors: [Color] = (0..<11).map { Color(red: 10 + UInt8($0), green: 200, blue: 100) }
  static let backgrounds: [Color] = (0..<11).map { Color(red: 100, green: 10 + UInt8($0), blue: 200) }

  static func role(_ index: Int, _ style: Style) -> Style {
    var style = style
    style.foreground = roleColors[index]
    style.background = backgrounds[index]
    style.underlineColor = roleColors[index]
    return style
  }

  static let theme = Theme(
    name: "contract", text: role(0, .plain), muted: role(1, Style(dim: true)), accent: role(2, Style(bold: true)),
    selection: role(3, Style(reverse: true)), focus: role(4, Style(bold: true)), error: role(5, Style(bold: true)),
    warning: role(6, .plain), success: role(7, .plain), border: role(8, Style(dim: true)), title: role(9, Style(bold: true)),
    cursor: role(10, Style(reverse: true)))

  static let outside: Character = "░"
  static let outsideStyle = Style(foreground: Color(red: 1, green: 2, blue: 3))

  /// Whether `style`'s colours all come from the theme's roles. Every role has colours of its
  /// own, so the terminal's default colour is not one of them: a cell drawn in it was drawn in a
  /// style made on the spot.
  static func isMadeOfRoles(_ style: Style) -> Bool {
    roleColors.contains(style.foreground) && backgrounds.contains(style.background)
      && roleColors.contains(style.underlineColor)
  }

  /// The colours of `style` that are not the theme's, for a failure's message.
  static func describe(_ style: Style) -> String {
    var parts: [String] = []
    if !roleColors.contains(style.foreground) { parts.append("foreground \(style.foreground)") }
    if !backgrounds.contains(style.background) { parts.append("background \(style.background)") }
    if !roleColors.contains(style.underlineColor) { parts.append("underline colour \(style.underlineColor)") }
    return parts.joined(separator: ", ")
  }
}
