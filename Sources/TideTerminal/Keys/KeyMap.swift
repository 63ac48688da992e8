/// A screen's key table: it both dispatches keys to actions and generates the help text, so the
/// two can never disagree.
public struct KeyMap<Action> {
  /// The bindings in priority order: the first binding holding a key wins, and help lists them in this order.
  package var bindings: [KeyBinding<Action>] {
    didSet { footerCache = KeyFooterCache() }
  }
  /// The footer help, laid out at the first ``helpLine(maxWidth:)``.
  @usableFromInline private(set) var footerCache = KeyFooterCache()

  /// A table of `bindings`.
  public init(_ bindings: [KeyBinding<Action>]) {
    self.bindings = bindings
  }

  /// The action bound to `key`, or `nil` if no binding holds it.
  public func action(for key: Key) -> Action? {
    for binding in bindings where binding.keys.contains(key) {
      return binding.action
    }
    return nil
  }

  /// The footer help bar: "KEYS help" for each footer binding, two spaces apart, e.g.
  /// "+/k increment  -/j decrement  r reset". Stops before the first entry that would pass `maxWidth`
  /// columns, so earlier bindings win the space.
  public func helpLine(maxWidth: Int) -> String {
    footer.line(maxWidth: maxWidth).text
  }

  /// The footer help, laid out once for this table and its copies.
  var footer: KeyFooter {
    footerCache.footer { KeyFooter(bindings) }
  }

  /// Every binding that has help text, for the full help overlay.
  public var helpEntries: [KeyHelp] {
    bindings.filter { !$0.help.isEmpty }.map { KeyHelp(keys: $0.keyLabel, help: $0.help) }
  }

  /// This table followed by `other`: this table's bindings win for keys both hold.
  public func followed(by other: KeyMap<Action>) -> KeyMap<Action> {
    KeyMap(bindings + other.bindings)
  }

  /// The same table triggering `transform(action)`, to lift a child screen's table into its parent's actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> KeyMap<NewAction> {
    var mapped = KeyMap<NewAction>(bindings.map { $0.map(transform) })
    // The same keys and help: the same footer.
    mapped.footerCache = footerCache
    return mapped
  }
}

extension KeyMap: Sendable where Action: Sendable {}
extension KeyMap: Equatable where Action: Equatable {
  /// Tables are equal when their bindings are: the footer is made from them.
  public static func == (left: KeyMap, right: KeyMap) -> Bool {
    left.bindings == right.bindings
  }
}
