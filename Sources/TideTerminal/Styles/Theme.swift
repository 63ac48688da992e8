/// The named styles an app and every component draw with, so that one `--theme` restyles all
/// of it.
///
/// Each role is a whole ``Style``: colours and attributes. Components draw only with these
/// roles; an app's view reads them from the canvas it draws on:
///
/// ```swift
/// static func draw(_ state: State, on canvas: inout Canvas) {
///   let theme = canvas.theme
///   canvas.draw("Total", atColumn: 0, row: 0, style: theme.title)
///   canvas.draw(state.total, atColumn: 8, row: 0, style: theme.accent)
///   canvas.draw("3 unpaid", atColumn: 0, row: 1, style: theme.warning)
/// }
/// ```
///
/// The canvas of every frame carries the theme of the run: the one `--theme NAME` names, else
/// ``default`` — or ``mono`` where there is no colour (`NO_COLOR`, `--color none`, a 2-colour
/// terminal). A view may draw part of the screen with another (`canvas.theme = .dark`).
///
/// A role's colours may be adaptive (``Color/adaptive(light:dark:)``): the canvas draws the side
/// for its ``Canvas/background``. The built-in themes have none: ``default``'s ANSI colours are
/// already the user's palette for its background, and ``dark`` and ``light`` are named for the
/// background they are made for, kept whatever the terminal's is.
public struct Theme: Hashable, Sendable {
  /// The roles, shared by every copy of the theme: a canvas (every frame) and each view that
  /// reads `canvas.theme` copies one reference, not a dozen styles. Changing a role makes a
  /// theme of its own.
  private final class Storage: Sendable {
    let values: Values

    init(_ values: Values) {
      self.values = values
    }
  }

  private struct Values: Hashable, Sendable {
    var name: String
    var text: Style
    var muted: Style
    var accent: Style
    var selection: Style
    var focus: Style
    var error: Style
    var warning: Style
    var success: Style
    var border: Style
    var title: Style
    var cursor: Style
    var borders: Border
    var isLight: Bool
  }

  private var storage: Storage

  /// The name `--theme` takes.
  public var name: String {
    get { storage.values.name }
    set { change { $0.name = newValue } }
  }
  /// Body text.
  public var text: Style {
    get { storage.values.text }
    set { change { $0.text = newValue } }
  }
  /// Secondary text: status lines, descriptions, placeholders, the help footer.
  public var muted: Style {
    get { storage.values.muted }
    set { change { $0.muted = newValue } }
  }
  /// What should catch the eye: a value, a filter's matched characters, a spinner, a full bar.
  public var accent: Style {
    get { storage.values.accent }
    set { change { $0.accent = newValue } }
  }
  /// The selected row of a list or table.
  public var selection: Style {
    get { storage.values.selection }
    set { change { $0.selection = newValue } }
  }
  /// The component that has the keyboard: its border or marker.
  public var focus: Style {
    get { storage.values.focus }
    set { change { $0.focus = newValue } }
  }
  /// Errors.
  public var error: Style {
    get { storage.values.error }
    set { change { $0.error = newValue } }
  }
  /// Warnings.
  public var warning: Style {
    get { storage.values.warning }
    set { change { $0.warning = newValue } }
  }
  /// Success.
  public var success: Style {
    get { storage.values.success }
    set { change { $0.success = newValue } }
  }
  /// Borders of blocks and boxes.
  public var border: Style {
    get { storage.values.border }
    set { change { $0.border = newValue } }
  }
  /// Titles: on a border, over a column, at the top of a screen.
  public var title: Style {
    get { storage.values.title }
    set { change { $0.title = newValue } }
  }
  /// The text cursor of an input.
  public var cursor: Style {
    get { storage.values.cursor }
    set { change { $0.cursor = newValue } }
  }
  /// The shape of borders drawn without one of their own (see ``Block``).
  public var borders: Border {
    get { storage.values.borders }
    set { change { $0.borders = newValue } }
  }
  /// Whether the theme is made for a light terminal background: an SVG export then draws it on
  /// one. False for themes of the user's own palette, which suit either.
  public var isLight: Bool {
    get { storage.values.isLight }
    set { change { $0.isLight = newValue } }
  }

  private mutating func change(_ body: (inout Values) -> Void) {
    var values = storage.values
    body(&values)
    storage = Storage(values)
  }

  /// Themes are equal when their names and roles are.
  public static func == (left: Theme, right: Theme) -> Bool {
    left.storage === right.storage || left.storage.values == right.storage.values
  }

  /// Hashes the name and roles.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.values)
  }

  /// A theme named `name` with these roles.
  public init(
    name: String, text: Style, muted: Style, accent: Style, selection: Style, focus: Style, error: Style,
    warning: Style, success: Style, border: Style, title: Style, cursor: Style, borders: Border = .normal,
    isLight: Bool = false
  ) {
    storage = Storage(
      Values(
        name: name, text: text, muted: muted, accent: accent, selection: selection, focus: focus, error: error,
        warning: warning, success: success, border: border, title: title, cursor: cursor, borders: borders,
        isLight: isLight))
  }

  /// The 16 ANSI colours and attributes: follows the user's terminal palette, light or dark.
  public static let `default` = Theme(
    name: "default", text: .plain, muted: Style(dim: true), accent: Style(bold: true, foreground: .cyan),
    selection: Style(reverse: true), focus: Style(bold: true, foreground: .blue), error: Style(bold: true, foreground: .red),
    warning: Style(foreground: .yellow), success: Style(foreground: .green), border: Style(dim: true), title: Style(bold: true),
    cursor: Style(reverse: true))

  /// 24-bit colours for a dark background (downgraded where the terminal has fewer), rounded borders.
  public static let dark = Theme(
    name: "dark", text: Style(foreground: Color(hex: "#c0caf5")), muted: Style(foreground: Color(hex: "#737aa2")),
    accent: Style(bold: true, foreground: Color(hex: "#7aa2f7")),
    selection: Style(bold: true, foreground: Color(hex: "#c0caf5"), background: Color(hex: "#2e3c64")),
    focus: Style(bold: true, foreground: Color(hex: "#bb9af7")), error: Style(bold: true, foreground: Color(hex: "#f7768e")),
    warning: Style(foreground: Color(hex: "#e0af68")), success: Style(foreground: Color(hex: "#9ece6a")),
    border: Style(foreground: Color(hex: "#545c7e")), title: Style(bold: true, foreground: Color(hex: "#7dcfff")),
    cursor: Style(foreground: Color(hex: "#1a1b26"), background: Color(hex: "#c0caf5")), borders: .rounded)

  /// 24-bit colours for a light background (downgraded where the terminal has fewer), rounded borders.
  public static let light = Theme(
    name: "light", text: Style(foreground: Color(hex: "#24292f")), muted: Style(foreground: Color(hex: "#6e7781")),
    accent: Style(bold: true, foreground: Color(hex: "#0969da")),
    selection: Style(bold: true, foreground: Color(hex: "#24292f"), background: Color(hex: "#ddf4ff")),
    focus: Style(bold: true, foreground: Color(hex: "#8250df")), error: Style(bold: true, foreground: Color(hex: "#cf222e")),
    warning: Style(foreground: Color(hex: "#9a6700")), success: Style(foreground: Color(hex: "#1a7f37")),
    border: Style(foreground: Color(hex: "#8c959f")), title: Style(bold: true, foreground: Color(hex: "#0550ae")),
    cursor: Style(foreground: Color(hex: "#ffffff"), background: Color(hex: "#24292f")), borders: .rounded, isLight: true)

  /// Attributes only, no colour: the theme where there is none (`NO_COLOR`, a 2-colour terminal).
  public static let mono = Theme(
    name: "mono", text: .plain, muted: Style(dim: true), accent: Style(bold: true), selection: Style(reverse: true),
    focus: Style(bold: true, underline: .single), error: Style(bold: true, reverse: true), warning: Style(bold: true),
    success: .plain, border: Style(dim: true), title: Style(bold: true), cursor: Style(reverse: true))

  /// The themes `--theme` names: ``default``, ``dark``, ``light`` and ``mono``.
  package static let builtIn: [Theme] = [.default, .dark, .light, .mono]

  /// The built-in theme called `name`, or an error naming the allowed ones.
  package static func named(_ name: String) throws(UnknownName) -> Theme {
    guard let theme = builtIn.first(where: { $0.name == name }) else {
      throw UnknownName(source: "--theme", value: name, allowed: builtIn.map(\.name))
    }
    return theme
  }

  /// The names of the roles, as a key script's `expect-style` takes them.
  package static let roleNames = [
    "text", "muted", "accent", "selection", "focus", "error", "warning", "success", "border", "title", "cursor",
  ]

  /// The role called `name` (one of ``roleNames``), or `nil`.
  package func role(named name: String) -> Style? {
    Theme.roleNames.firstIndex(of: name).map { roles[$0] }
  }

  /// Every role, for tests that check a component draws with nothing else.
  package var roles: [Style] {
    [text, muted, accent, selection, focus, error, warning, success, border, title, cursor]
  }
}
