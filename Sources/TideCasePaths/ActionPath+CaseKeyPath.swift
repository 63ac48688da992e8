#if CasePaths
import Tide

extension ActionPath {
  /// The action path of an enum case, from its case key path: `ActionPath(\.counter)` embeds
  /// with `AppAction.counter(_:)` and extracts the `.counter` payload.
  ///
  /// ```swift
  /// @CasePathable
  /// enum AppAction { case counter(CounterAction), quit }
  ///
  /// let counter = ActionPath(\AppAction.Cases.counter)
  /// ```
  ///
  /// The case key path is resolved once, here; embedding and extracting do not walk it again.
  @inlinable
  public init(_ keyPath: CaseKeyPath<Root, Value>) {
    let casePath = AnyCasePath(keyPath)
    self.init(embed: { casePath.embed($0) }, extract: { casePath.extract(from: $0) })
  }
}
#endif
