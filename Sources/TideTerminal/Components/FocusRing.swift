import Tide

/// Which component of a screen has the focus, and the order tab and shift-tab move it in.
///
/// Focus is state like any other, so a `TestStore` checks it; the app routes text keys to the
/// focused component, marks it when drawing, and shows its keys in ``Help``. A press focuses
/// the component under it: the app's hit region sends ``Action/focus(_:)`` with (or before) the
/// component's own action.
///
/// ```swift
/// enum Field: Hashable, Sendable { case name, email, plan, submit }
/// var focus = FocusRing<Field>.State(order: [.name, .email, .plan, .submit])  // focus on .name
/// focus.focus(.email)  // a parent moves the focus itself, as a press would
/// ```
public struct FocusRing<ID: Hashable & Sendable>: Reducer, Sendable {
  /// The focus order and the focused component.
  public struct State: Equatable, Sendable {
    /// The components that can take the focus, in tab order.
    public let order: [ID]
    /// The focused component.
    public private(set) var focused: ID

    /// Focus on `focused`, or on the first of `order` (which must not be empty).
    public init(order: [ID], focused: ID? = nil) {
      precondition(!order.isEmpty, "a focus order needs at least one component")
      self.order = order
      self.focused = focused.flatMap { order.contains($0) ? $0 : nil } ?? order[0]
    }

    /// Whether `id` has the focus.
    public func isFocused(_ id: ID) -> Bool { focused == id }

    mutating func move(by step: Int) {
      let index = order.firstIndex(of: focused) ?? 0
      focused = order[(index + step + order.count) % order.count]
    }

    /// Focuses `id`; an id not in the order is ignored: what ``Action/focus(_:)`` does, for a
    /// parent (or a test) that moves the focus itself.
    public mutating func focus(_ id: ID) {
      if order.contains(id) { focused = id }
    }
  }

  /// What moves the focus.
  public enum Action: Equatable, Sendable {
    /// To the next component, wrapping around (tab).
    case next
    /// To the previous component, wrapping around (shift-tab).
    case previous
    /// To `id` (a press on it); an id not in the order is ignored.
    case focus(ID)
  }

  /// A focus ring.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .next: state.move(by: 1)
    case .previous: state.move(by: -1)
    case .focus(let id): state.focus(id)
    }
    return .none
  }

  /// tab and shift-tab. Only tab is in the footer (`tab next field`, 14 columns); shift-tab is
  /// listed in the full help, as a footer needs its columns for the screen's own keys.
  public static var keys: KeyMap<Action> {
    KeyMap([
      KeyBinding(.tab, action: .next, help: "next field"),
      KeyBinding(.backTab, action: .previous, help: "previous field", showsInFooter: false),
    ])
  }
}

/// A focus ring is saved as its order and its focus, for an app whose state is written to a
/// trace or a file (a ``Form``'s focus, a screen's).
extension FocusRing.State: Codable where ID: Codable {}
