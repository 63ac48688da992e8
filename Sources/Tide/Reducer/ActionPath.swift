/// How a child action is embedded in a parent action and extracted from it again — the
/// action half of ``Scope``.
///
/// ```swift
/// enum AppAction { case counter(CounterAction), quit }
///
/// extension ActionPath<AppAction, CounterAction> {
///   static let counter = ActionPath(embed: AppAction.counter) {
///     if case .counter(let action) = $0 { action } else { nil }
///   }
/// }
/// ```
public struct ActionPath<Root, Value>: Sendable {
  /// Wraps a child action in the parent action.
  public let embed: @Sendable (Value) -> Root
  /// Returns the child action inside a parent action, or `nil` for other actions.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a path from an embedding function (usually an enum case) and its inverse.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// Composes this path with a path into the child action.
  @inlinable
  public func appending<Leaf>(_ next: ActionPath<Value, Leaf>) -> ActionPath<Root, Leaf> {
    let outer = self
    return ActionPath<Root, Leaf>(
      embed: { outer.embed(next.embed($0)) },
      extract: { outer.extract($0).flatMap(next.extract) }
    )
  }
}
