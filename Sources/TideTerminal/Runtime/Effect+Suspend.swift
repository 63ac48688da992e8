import Tide

extension Effect {
  /// Stops the app as ctrl-z does — the terminal given back to the shell with every mode Tide
  /// turned on off — until the shell continues it (`fg`), then redraws it and sends `action`,
  /// when given.
  ///
  /// ```swift
  /// case .suspendKey:  // an app that binds its own key to suspend, say alt-z
  ///   return .suspend(then: .resumed)
  /// ```
  ///
  /// Where ctrl-z was ignored when the app started (a shell without job control, which could
  /// never continue it) the app does not stop. In a replay, and outside a program (a
  /// `TestStore`), nothing stops either; `action` is sent at once, as if continued at once.
  public static func suspend(then action: Action? = nil) -> Self {
    let terminal = ProgramTerminal.current
    return .run { send in
      _ = await terminal?.suspend()
      if let action { await send(action) }
    }
  }
}
