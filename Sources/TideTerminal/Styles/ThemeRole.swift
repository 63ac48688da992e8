extension Theme {
  /// One of a theme's named styles, named before the theme is known.
  ///
  /// Data an app keeps in its state — a bar of a ``BarChart`` drawn as a success or a warning —
  /// cannot hold the style itself, or `--theme` would not restyle it: it holds the role, and the
  /// component looks the style up in the theme of the canvas it draws on (``Theme/subscript(_:)``).
  public enum Role: String, Hashable, Sendable, CaseIterable, Codable {
    /// ``Theme/text``.
    case text
    /// ``Theme/muted``.
    case muted
    /// ``Theme/accent``.
    case accent
    /// ``Theme/selection``.
    case selection
    /// ``Theme/focus``.
    case focus
    /// ``Theme/error``.
    case error
    /// ``Theme/warning``.
    case warning
    /// ``Theme/success``.
    case success
    /// ``Theme/border``.
    case border
    /// ``Theme/title``.
    case title
    /// ``Theme/cursor``.
    case cursor
  }

  /// The style this theme gives `role`: `canvas.theme[.warning]` is `canvas.theme.warning`.
  public subscript(_ role: Role) -> Style {
    switch role {
    case .text: text
    case .muted: muted
    case .accent: accent
    case .selection: selection
    case .focus: focus
    case .error: error
    case .warning: warning
    case .success: success
    case .border: border
    case .title: title
    case .cursor: cursor
    }
  }
}
