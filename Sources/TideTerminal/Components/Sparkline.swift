import Tide

/// A series of values drawn as a column each, in one row (`▁▂▄▆█▇▅`) or several.
///
/// The newest values are at the right edge: a series longer than the area shows its last
/// values, one a column; a shorter one starts at the left edge. Values are scaled between the
/// smallest and the largest (or a ``State/range`` the app fixes; values beyond it stop at its
/// ends), in eighths of a cell, and every value shows at least an eighth, so the smallest is
/// `▁`, not a gap. Where the terminal cannot show block characters, it shows ASCII (`_.-=#`),
/// as it does for borders (see ``Border``).
///
/// A value that is not a number is a gap (a blank column); an infinite one is drawn at the end
/// of the range it is beyond; neither counts in the scale.
///
/// ```swift
/// // reducer: return .send(.load(.append(sample)))   (a timer's tick)
/// // view:    Sparkline.draw(state.load, in: row, on: &canvas)
/// ```
public struct Sparkline: Reducer, Sendable {
  /// The series and its scale.
  public struct State: Equatable, Sendable {
    /// The values, oldest first: at most ``capacity``.
    public private(set) var values: [Double]
    /// How many values are kept: appending more drops the oldest. At least 1.
    public private(set) var capacity: Int
    /// The values at the bottom and the top; `nil`: the smallest and largest of the values
    /// drawn, so the line fills its rows whatever their size. Either bound may be infinite, meaning that one comes from the values.
    public var range: ClosedRange<Double>?
    /// What is drawn, in ``Theme/muted``, when there are no values.
    public var emptyText: String

    /// A series of `values` (only the last `capacity` kept), scaled to `range` (the values when
    /// `nil`), showing `emptyText` when there are none.
    public init(
      values: [Double] = [], capacity: Int = 512, range: ClosedRange<Double>? = nil, emptyText: String = "No data"
    ) {
      self.capacity = max(1, capacity)
      self.values = Array(values.suffix(self.capacity))
      self.range = range
      self.emptyText = emptyText
    }

    /// Adds `value` as the newest, dropping the oldest beyond ``capacity``: what
    /// ``Action/append(_:)`` does, for a parent that changes its series directly.
    public mutating func append(_ value: Double) {
      values.append(value)
      if values.count > capacity { values.removeFirst(values.count - capacity) }
    }

    /// Replaces the values (only the last ``capacity`` kept): what ``Action/setValues(_:)`` does.
    public mutating func setValues(_ values: [Double]) {
      self.values = Array(values.suffix(capacity))
    }
  }

  /// What a sparkline can do.
  public enum Action: Equatable, Sendable {
    /// Adds a value as the newest (a timer's sample), dropping the oldest beyond the capacity.
    case append(Double)
    /// Replaces the values.
    case setValues([Double])
  }

  /// A sparkline.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .append(let value): state.append(value)
    case .setValues(let values): state.setValues(values)
    }
    return .none
  }

  /// A sparkline takes no keys; an empty table, so it composes with others like any component's.
  public static let keys = KeyMap<Action>([])

  /// Draws the last values that fit in `rect`, a column each, as tall as its rows, in `style`
  /// (``Theme/accent`` unless given); ``State/emptyText`` when there are no values. Only the
  /// values drawn are looked at, so a long series draws as fast as a short one.
  public static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    canvas.withClip(rect) { canvas in
      guard !state.values.isEmpty else {
        canvas.drawTruncated(state.emptyText, atColumn: rect.column, row: rect.row, width: rect.width, style: theme.muted)
        return
      }
      let style = style ?? theme.accent
      let shown = Array(state.values.suffix(rect.width))
      let scale = ChartScale(values: shown, range: state.range, includingZero: false)
      let levels = rect.height * 8
      for (offset, value) in shown.enumerated() where !value.isNaN {
        // From an eighth (the bottom of the scale) to every eighth of the column (the top).
        let eighths = 1 + Int((scale.fraction(of: value) * Double(levels - 1)).rounded())
        let column = rect.column + offset
        for step in 0..<rect.height {
          let cell = min(8, eighths - step * 8)
          guard cell > 0 else { break }
          canvas.draw(String(BlockElements.lower[cell]), atColumn: column, row: rect.endRow - 1 - step, style: style)
        }
      }
    }
  }
}

extension Sparkline: Component {
  /// None: a sparkline takes no keys.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// Draws a sparkline in the theme's roles; it has no focus to mark and no region to press.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil)
  }
}
