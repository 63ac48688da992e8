import Tide

/// A fraction drawn as a bar with its percentage: `████████▌       50%`.
///
/// The bar fills in eighths of a cell, so it moves smoothly even when narrow; the percentage is
/// rounded down, so `100%` means done. A fraction beyond 1 — a budget overspent, a download
/// larger than announced — is kept and shown as it is: the bar full in an overflow style and
/// its true percentage (`130%`). The label may be the app's own text (`3 of 10 files`).
///
/// ```swift
/// // reducer: return .send(.progress(.setFraction(Double(done) / Double(total))))
/// // view:    ProgressBar.draw(state.progress, in: row, on: &canvas)
/// ```
public struct ProgressBar: Reducer, Sendable {
  /// How far along.
  public struct State: Equatable, Sendable {
    /// 0 and up: 1 is complete, beyond 1 is over (at most ``maximumFraction``).
    public private(set) var fraction: Double

    /// The largest fraction kept, so the percentage always fits an `Int`: 1,000,000 %.
    public static let maximumFraction: Double = 10_000

    /// A bar at `fraction`, clamped to 0…``maximumFraction`` (not a number is 0).
    public init(fraction: Double = 0) {
      self.fraction = 0
      setFraction(fraction)
    }

    /// The fraction as a whole percentage, rounded down: 100 only when complete, more when over.
    public var percentage: Int {
      // A hair of tolerance, so 0.29 (28.999… in binary) is 29.
      Int((fraction * 100 + 1e-9).rounded(.down))
    }

    /// Whether the bar is full (or over).
    public var isComplete: Bool { fraction >= 1 }

    /// Whether the fraction is beyond 1.
    public var isOver: Bool { fraction > 1 }

    /// Sets the fraction, clamped to 0…``maximumFraction`` (not a number is 0): what
    /// ``Action/setFraction(_:)`` does, for a parent that changes its bar directly.
    public mutating func setFraction(_ value: Double) {
      fraction = value.isNaN ? 0 : min(Self.maximumFraction, max(0, value))
    }
  }

  /// What a progress bar can do.
  public enum Action: Equatable, Sendable {
    /// Sets the fraction, clamped to 0…``State/maximumFraction``.
    case setFraction(Double)
  }

  /// A progress bar.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setFraction(let value): state.setFraction(value)
    }
    return .none
  }

  /// A progress bar takes no keys; an empty table, so it composes with others like any
  /// component's.
  public static let keys = KeyMap<Action>([])

  private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// Draws the bar on the first row of `rect` with `label` right-aligned after it — the
  /// percentage (` 50%`) unless the app gives its own text: the filled part in `style` (the
  /// theme's ``Theme/accent`` unless given), or in `overStyle` (``Theme/warning``) when the
  /// fraction is beyond 1, the empty part in `emptyStyle` (``Theme/muted``), the label in
  /// ``Theme/text``. The label takes at least five columns, so the bar does not jump as the
  /// percentage gains a digit.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, label: String? = nil, style: Style? = nil,
    emptyStyle: Style? = nil, overStyle: Style? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = state.isOver ? overStyle ?? theme.warning : style ?? theme.accent
    let emptyStyle = emptyStyle ?? theme.muted
    let label = label ?? "\(state.percentage)%"
    let labelWidth = min(rect.width, max(5, label.displayWidth + 1))
    let barWidth = rect.width - labelWidth
    canvas.withClip(Rect(column: rect.column, row: rect.row, width: rect.width, height: 1)) { canvas in
      if barWidth > 0 {
        let eighthsFilled = Int((min(1, state.fraction) * Double(barWidth * 8)).rounded(.down))
        let full = eighthsFilled / 8
        var bar = String(repeating: "█", count: full)
        if full < barWidth { bar += eighths[eighthsFilled % 8] }
        let drawn = canvas.draw(bar, atColumn: rect.column, row: rect.row, style: style, maxWidth: barWidth)
        canvas.draw(
          String(repeating: "░", count: barWidth - drawn), atColumn: rect.column + drawn, row: rect.row,
          style: emptyStyle)
      }
      canvas.drawTruncated(
        label, atColumn: rect.endColumn - min(label.displayWidth, labelWidth), row: rect.row,
        width: labelWidth, style: theme.text)
    }
  }
}

extension ProgressBar: Component {
  /// None: a progress bar takes no keys.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// Draws a progress bar in the theme's roles; it has no focus to mark and no region to press.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, label: nil)
  }
}
