/// The terminal of the program that runs the app, for the effects that reach it:
/// ``Tide/Effect/copyToClipboard(_:)`` and ``Tide/Effect/runInTerminal(_:then:)``. A ``Program``
/// binds it (a task-local value) around everything it hands its app — keys, pastes, resizes,
/// timers, signals — so an effect made by the app's reducer finds the terminal without the app
/// passing anything in, and effects started by those effects inherit it. Outside a program (a
/// `TestStore`, a reducer called directly) there is none: a copy does nothing, and a program is
/// reported as not started.
package final class ProgramTerminal: Sendable {
  /// The terminal of the program whose app is running now, or `nil`.
  @TaskLocal package static var current: ProgramTerminal?

  private let write: @MainActor @Sendable (String) -> Void
  private let run: @MainActor @Sendable (ExternalProgram) async -> ExternalProgram.Outcome
  private let stop: @MainActor @Sendable () async -> Bool

  /// A terminal whose copies go to `copy`, whose hand-overs to `handOver` and whose suspends to
  /// `suspend`, on the main actor.
  package init(
    copy: @escaping @MainActor @Sendable (String) -> Void,
    handOver: @escaping @MainActor @Sendable (ExternalProgram) async -> ExternalProgram.Outcome,
    suspend: @escaping @MainActor @Sendable () async -> Bool
  ) {
    write = copy
    run = handOver
    stop = suspend
  }

  /// Stops the process as ctrl-z does, until it is continued; whether it stopped.
  @MainActor
  package func suspend() async -> Bool {
    await stop()
  }

  /// Copies `text`.
  @MainActor
  package func copy(_ text: String) {
    write(text)
  }

  /// Runs `program` on the terminal and returns how it ended.
  @MainActor
  package func handOver(to program: ExternalProgram) async -> ExternalProgram.Outcome {
    await run(program)
  }
}
