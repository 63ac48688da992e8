/// Where ``Tide/Effect/copyToClipboard(_:)`` copies to: the terminal of the program that runs
/// the app. A ``Program`` binds it (a task-local value) around everything it hands its app —
/// keys, pastes, resizes, timers, signals — so an effect made by the app's reducer finds the
/// terminal without the app passing anything in, and effects started by those effects inherit
/// it. Outside a program (a `TestStore`, a reducer called directly) there is none, and the
/// effect does nothing.
package final class TerminalClipboard: Sendable {
  /// The clipboard of the program whose app is running now, or `nil`.
  @TaskLocal package static var current: TerminalClipboard?

  private let write: @MainActor @Sendable (String) -> Void

  /// A clipboard whose copies go to `write`, on the main actor.
  package init(_ write: @escaping @MainActor @Sendable (String) -> Void) {
    self.write = write
  }

  /// Copies `text`.
  @MainActor
  package func copy(_ text: String) {
    write(text)
  }
}
