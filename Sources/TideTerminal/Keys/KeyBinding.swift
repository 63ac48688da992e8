/// One row of a key table: the keys that trigger an action and how help text describes it.
public struct KeyBinding<Action> {
  /// The keys that trigger ``action``; the first one is the one help text shows first.
  public var keys: [Key]
  /// What the keys do.
  public var action: Action
  /// A few words for the help bar and overlay, e.g. "increment". Empty hides the binding from help.
  public var help: String
  /// Whether the footer help bar (``KeyMap/helpLine(maxWidth:)``) lists this binding; `false`
  /// keeps it for the full help overlay only (``KeyMap/helpEntries`` lists every binding with
  /// help), for an alternative key or a rarely needed one, so the footer keeps its columns for
  /// the keys a screen is about: `KeyBinding(.backTab, action: .previous, help: "previous field",
  /// showsInFooter: false)`.
  public var showsInFooter: Bool

  /// A binding of `keys` to `action`, described by `help`.
  init(_ keys: [Key], action: Action, help: String, showsInFooter: Bool = true) {
    self.keys = keys
    self.action = action
    self.help = help
    self.showsInFooter = showsInFooter
  }

  /// A binding of `keys` to `action`, described by `help`.
  public init(_ keys: Key..., action: Action, help: String, showsInFooter: Bool = true) {
    self.init(keys, action: action, help: help, showsInFooter: showsInFooter)
  }

  /// The keys as help text shows them, e.g. "+/k".
  package var keyLabel: String {
    keys.map(\.label).joined(separator: "/")
  }

  /// The same binding triggering `transform(action)`, to lift a child screen's table into its parent's actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> KeyBinding<NewAction> {
    KeyBinding<NewAction>(keys, action: transform(action), help: help, showsInFooter: showsInFooter)
  }
}

extension KeyBinding: Sendable where Action: Sendable {}
extension KeyBinding: Equatable where Action: Equatable {}
