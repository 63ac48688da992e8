/// A mouse (or touchpad) event at a cell of the screen: a button pressed or released, or a
/// notch of the wheel.
///
/// Only apps that ask for pointer input get it (`acceptsPointer` of ``TerminalApp``); the
/// terminal reports it with SGR extended coordinates, so every column and row of any size of
/// screen is exact. Motion is not reported, so a moving pointer costs the app nothing.
///
/// Coordinates are cells, 0-based, from the top left of the screen — or, inside a hit region's
/// handler, from the top left of that region (see ``Canvas/addHitRegion(_:handler:)``).
public struct PointerEvent: Hashable, Sendable {
  /// What happened.
  public var kind: Kind
  /// The cell's column, from 0.
  public var column: Int
  /// The cell's row, from 0.
  public var row: Int
  /// The modifier keys held.
  public var modifiers: Modifiers

  /// An event of `kind` at `column`, `row`.
  public init(_ kind: Kind, column: Int, row: Int, modifiers: Modifiers = []) {
    self.kind = kind
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }

  /// What a pointer event is.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button came up.
    case release(Button)
    /// One notch of the wheel away from the user: content moves down, the view up.
    case scrollUp
    /// One notch of the wheel towards the user.
    case scrollDown
  }

  /// A pointer button.
  public enum Button: Hashable, Sendable {
    /// The primary button.
    case left
    /// The wheel's button.
    case middle
    /// The secondary button.
    case right
  }

  /// Modifier keys held during a pointer event (as far as the terminal reports them).
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Creates modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift (many terminals keep shift-clicks for their own text selection).
    public static let shift = Modifiers(rawValue: 1)
    /// Alt (meta).
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// Whether this is a press of the primary button: what "clicking" something means.
  public var isPrimaryPress: Bool { kind == .press(.left) }

  /// The same event with its coordinates counted from `rect`'s top left corner.
  public func relative(to rect: Rect) -> PointerEvent {
    var event = self
    event.column -= rect.column
    event.row -= rect.row
    return event
  }

  /// The event as a terminal in SGR mode (1006) reports it: `ESC [ < B ; X ; Y M` (`m` for a
  /// release), coordinates from 1.
  package var sgrReport: String {
    var code: Int
    switch kind {
    case .press(let button), .release(let button):
      code = button == .left ? 0 : button == .middle ? 1 : 2
    case .scrollUp: code = 64
    case .scrollDown: code = 65
    }
    if modifiers.contains(.shift) { code += 4 }
    if modifiers.contains(.alt) { code += 8 }
    if modifiers.contains(.control) { code += 16 }
    let final = if case .release = kind { "m" } else { "M" }
    return "\u{1B}[<\(code);\(column + 1);\(row + 1)\(final)"
  }
}
