import Tide

extension Effect {
  /// Hands the terminal to `program` and sends `action` with how it ended.
  ///
  /// ```swift
  /// case .edit:
  ///   return .runInTerminal(.editor(for: state.path)) { .edited($0) }
  /// case .edited(.exited(0)):
  ///   let path = state.path
  ///   return .run { send in
  ///     let bytes = (try? FileContents.read(atPath: path)) ?? []
  ///     await send(.loaded(String(decoding: bytes, as: UTF8.self)))
  ///   }
  /// case .edited(let outcome):
  ///   state.message = "the editor \(outcome)"  // the editor exited with status 1
  /// ```
  ///
  /// Between two frames the runtime leaves the screen as ctrl-z does — the modes Tide turned on
  /// (pointer, paste, focus, keypad) off, the tty in the shell's modes, the normal screen —
  /// runs the program with the terminal as its input and output and every signal at its
  /// default, waits for it, and comes back: the app's modes, the whole screen redrawn. Keys
  /// typed meanwhile are the program's; ctrl-c there is the program's too. A quit signal sent
  /// to the app (SIGTERM, SIGHUP) is passed on to the program, and the app then ends as for any
  /// quit signal. Whatever modes the program leaves the terminal in, the app's come back, and
  /// the shell's are restored at the app's exit.
  ///
  /// In a replay no program runs: `action` gets ``ExternalProgram/Outcome/couldNotStart(_:)``,
  /// as it does outside a program (a `TestStore`), so a test sends the outcome it wants to try.
  public static func runInTerminal(
    _ program: ExternalProgram, then action: @escaping @Sendable (ExternalProgram.Outcome) -> Action
  ) -> Self {
    let terminal = ProgramTerminal.current
    return .run { send in
      let outcome = await terminal?.handOver(to: program) ?? .couldNotStart("no terminal runs the app")
      await send(action(outcome))
    }
  }
}
