/// One line of the full help overlay: the keys and what they do.
public struct KeyHelp: Hashable, Sendable {
  /// The keys as shown, e.g. "+/=/↑/k".
  public var keys: String
  /// What they do, e.g. "increment".
  public var help: String

  /// A help entry.
  public init(keys: String, help: String) {
    self.keys = keys
    self.help = help
  }
}
