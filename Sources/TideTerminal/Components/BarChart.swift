import Tide

/// Labelled values drawn as bars, across or up, each with its value: `Disk ██████▌    42`.
///
/// Bars grow from 0 — right (or up) for positive values, left (or down) for negative ones — and
/// are scaled so the largest fills the area, or to a ``State/range`` the app fixes (values
/// beyond it stop at its end). They grow in eighths of a cell where Unicode has the blocks (up
/// and right); down and left to the nearest eighth, half or whole cell. Where the terminal cannot
/// show block characters, it shows ASCII (`#`), as it does for borders (see ``Border``).
///
/// A value that is not a number draws no bar and shows `NaN`; an infinite one draws its bar to
/// the end of its side and shows `∞` or `-∞`; neither counts in the scale.
///
/// ```swift
/// var usage = BarChart.State(bars: [
///   BarChart.Bar("cpu", value: 42), BarChart.Bar("disk", value: 91, role: .warning),
/// ])
/// // reducer: return .send(.usage(.setBars(samples.map { BarChart.Bar($0.name, value: $0.value) })))
/// // view:    BarChart.draw(state.usage, in: body, on: &canvas)
/// ```
public struct BarChart: Reducer, Sendable {
  /// One bar: its label, its value, and how it is shown.
  public struct Bar: Hashable, Sendable {
    /// The text beside (or under) the bar, truncated with `…` when there is no room.
    public var label: String
    /// The bar's length, scaled to the chart.
    public var value: Double
    /// The theme's style the bar is drawn in; `nil`: the chart's (``Theme/accent`` unless
    /// ``BarChart/draw(_:in:on:style:)`` is given another).
    public var role: Theme.Role?
    /// The text shown for the value (`42 GB`); `nil`: the value as a number, to one decimal
    /// place (`42`, `3.5`).
    public var valueLabel: String?

    /// A bar labelled `label`, `value` long, in `role` (the chart's style when `nil`), showing
    /// `valueLabel` (the number when `nil`).
    public init(_ label: String, value: Double, role: Theme.Role? = nil, valueLabel: String? = nil) {
      self.label = label
      self.value = value
      self.role = role
      self.valueLabel = valueLabel
    }

    /// What is shown for the value.
    var shownValue: String { valueLabel ?? BarChart.text(of: value) }
  }

  /// Which way bars grow.
  public enum Orientation: Hashable, Sendable, Codable {
    /// A bar a row, growing right: labels on the left, values on the right.
    case horizontal
    /// A bar a column, growing up: values over the bars, labels under them.
    case vertical
  }

  /// The bars and how they are laid out.
  public struct State: Equatable, Sendable {
    /// The bars, top to bottom (or left to right). Those beyond the area are not drawn.
    public var bars: [Bar]
    /// Which way the bars grow.
    public var orientation: Orientation
    /// The values at the two ends of the axis; `nil`: from the values, 0 included. Either bound
    /// may be infinite, meaning that one comes from the values.
    public var range: ClosedRange<Double>?
    /// What is drawn, in ``Theme/muted``, when there are no bars.
    public var emptyText: String

    /// A chart of `bars` growing along `orientation`, scaled to `range` (the values when `nil`),
    /// showing `emptyText` when there are none.
    public init(
      bars: [Bar] = [], orientation: Orientation = .horizontal, range: ClosedRange<Double>? = nil,
      emptyText: String = "No data"
    ) {
      self.bars = bars
      self.orientation = orientation
      self.range = range
      self.emptyText = emptyText
    }

    /// The scale the bars are drawn to.
    var scale: ChartScale { ChartScale(values: bars.map(\.value), range: range, includingZero: true) }
  }

  /// What a bar chart can do.
  public enum Action: Equatable, Sendable {
    /// Replaces the bars: new data, from a timer or a response.
    case setBars([Bar])
  }

  /// A bar chart.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setBars(let bars): state.bars = bars
    }
    return .none
  }

  /// A bar chart takes no keys; an empty table, so it composes with others like any component's.
  public static let keys = KeyMap<Action>([])

  /// Draws the bars in `rect`: each in its ``Bar/role`` or in `style` (``Theme/accent`` unless
  /// given), labels in ``Theme/text``, values in ``Theme/muted``; ``State/emptyText`` when there
  /// are no bars.
  ///
  /// Across, a bar a row: the labels take up to a third of the width, the values up to a
  /// quarter, the bars the rest. Up, a bar a column (one column of space between them where
  /// there is room, else none, else only the bars that fit): values on the first row when there
  /// are three rows or more, labels on the last when there are two.
  public static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    canvas.withClip(rect) { canvas in
      guard !state.bars.isEmpty else {
        canvas.drawTruncated(state.emptyText, atColumn: rect.column, row: rect.row, width: rect.width, style: theme.muted)
        return
      }
      let style = style ?? theme.accent
      switch state.orientation {
      case .horizontal: drawAcross(state, in: rect, on: &canvas, style: style)
      case .vertical: drawUp(state, in: rect, on: &canvas, style: style)
      }
    }
  }

  private static func drawAcross(_ state: State, in rect: Rect, on canvas: inout Canvas, style: Style) {
    let theme = canvas.theme
    let bars = state.bars.prefix(rect.height)
    let labelWidth = min(bars.map(\.label.displayWidth).max() ?? 0, (rect.width - 1) / 3)
    let valueWidth = min(bars.map(\.shownValue.displayWidth).max() ?? 0, (rect.width - 1) / 4)
    let barColumn = rect.column + labelWidth + (labelWidth > 0 ? 1 : 0)
    let barWidth = rect.endColumn - (valueWidth > 0 ? valueWidth + 1 : 0) - barColumn
    let axis = Axis(scale: state.scale, cells: barWidth)
    for (offset, bar) in bars.enumerated() {
      let row = rect.row + offset
      canvas.drawTruncated(bar.label, atColumn: rect.column, row: row, width: labelWidth, style: theme.text)
      let value = bar.shownValue.truncated(toDisplayWidth: valueWidth)
      canvas.draw(value, atColumn: rect.endColumn - value.displayWidth, row: row, style: theme.muted)
      let barStyle = bar.role.map { theme[$0] } ?? style
      let length = axis.eighths(of: bar.value)
      if length > 0 {
        let text = String(repeating: "█", count: length / 8) + (length % 8 > 0 ? String(BlockElements.left[length % 8]) : "")
        canvas.draw(text, atColumn: barColumn + axis.negativeCells, row: row, style: barStyle)
      } else if length < 0 {
        let whole = -length / 8
        let part = -length % 8
        let text = (part > 0 ? String(BlockElements.right(part)) : "") + String(repeating: "█", count: whole)
        let start = barColumn + axis.negativeCells - whole - (part > 0 ? 1 : 0)
        canvas.draw(text, atColumn: start, row: row, style: barStyle)
      }
    }
  }

  private static func drawUp(_ state: State, in rect: Rect, on canvas: inout Canvas, style: Style) {
    let theme = canvas.theme
    let hasLabels = rect.height >= 2 && state.bars.contains { !$0.label.isEmpty }
    let hasValues = rect.height - (hasLabels ? 1 : 0) >= 2
    let barTop = rect.row + (hasValues ? 1 : 0)
    let barHeight = rect.endRow - (hasLabels ? 1 : 0) - barTop
    let count = state.bars.count
    let gap = rect.width >= 2 * count - 1 ? 1 : 0
    let shown = min(count, gap == 1 ? count : rect.width)
    var sizes: [LayoutSize] = []
    for index in 0..<shown {
      if index > 0, gap > 0 { sizes.append(.fixed(gap)) }
      sizes.append(.fill())
    }
    let columns = rect.columns(sizes).enumerated().filter { gap == 0 || $0.offset.isMultiple(of: 2) }.map(\.element)
    let axis = Axis(scale: state.scale, cells: barHeight)
    // The row the positive bars stand on: negative ones hang from the row under it.
    let zeroRow = barTop + barHeight - axis.negativeCells
    for (bar, column) in zip(state.bars, columns) {
      let width = column.width
      if hasValues {
        let value = bar.shownValue.truncated(toDisplayWidth: width)
        let offset = Alignment.center.offset(of: value.displayWidth, in: width)
        canvas.draw(value, atColumn: column.column + offset, row: rect.row, style: theme.muted)
      }
      if hasLabels {
        let label = bar.label.truncated(toDisplayWidth: width)
        let offset = Alignment.center.offset(of: label.displayWidth, in: width)
        canvas.draw(label, atColumn: column.column + offset, row: rect.endRow - 1, style: theme.text)
      }
      let barStyle = bar.role.map { theme[$0] } ?? style
      let length = axis.eighths(of: bar.value)
      let whole = abs(length) / 8
      let part = abs(length) % 8
      for step in 0..<(whole + (part > 0 ? 1 : 0)) {
        let eighths = step < whole ? 8 : part
        let row = length > 0 ? zeroRow - 1 - step : zeroRow + step
        let block = length > 0 ? BlockElements.lower[eighths] : BlockElements.upper(eighths)
        canvas.fill(Rect(column: column.column, row: row, width: width, height: 1), with: block, style: barStyle)
      }
    }
  }

  /// A bar's axis laid over `cells` cells: the cells left of (or under) 0 for negative values,
  /// the rest for positive ones, split where the scale puts 0 (or the bound nearer it).
  private struct Axis {
    let scale: ChartScale
    /// Where the bars start: 0, or the bound nearer it when the scale does not hold 0.
    let base: Double
    /// The cells for values below ``base``.
    let negativeCells: Int
    /// The cells for values above ``base``.
    let positiveCells: Int

    init(scale: ChartScale, cells: Int) {
      self.scale = scale
      base = min(max(0, scale.lower), scale.upper)
      let cells = max(0, cells)
      negativeCells = Int((scale.fraction(of: base) * Double(cells)).rounded())
      positiveCells = cells - negativeCells
    }

    /// The length of the bar for `value` in eighths of a cell: positive to the right (or up),
    /// negative to the left (or down), 0 for no bar.
    func eighths(of value: Double) -> Int {
      guard !value.isNaN, !scale.isFlat else { return 0 }
      let baseFraction = scale.fraction(of: base)
      let fraction = scale.fraction(of: value)
      if value > base, baseFraction < 1 {
        return ChartScale.eighths((fraction - baseFraction) / (1 - baseFraction), of: positiveCells)
      }
      if value < base, baseFraction > 0 {
        return -ChartScale.eighths((baseFraction - fraction) / baseFraction, of: negativeCells)
      }
      return 0
    }
  }

  /// `value` as a chart shows it: whole numbers as they are, others to one decimal place
  /// (`3.5`, `-0.2`), those too large for that in Swift's notation (`1e+20`), and `NaN`, `∞`, `-∞`.
  static func text(of value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-∞" : "∞" }
    guard abs(value) < 1e15 else { return "\(value)" }
    let tenths = Int((value * 10).rounded())
    let magnitude = tenths.magnitude
    let sign = tenths < 0 ? "-" : ""
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}

extension BarChart: Component {
  /// None: a bar chart takes no keys.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// Draws a bar chart in the theme's roles; it has no focus to mark and no region to press.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil)
  }
}
