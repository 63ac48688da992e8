import ArgumentParser

/// The options of an app that has none of its own: ``TerminalCommand``'s default.
public struct NoAppOptions: ParsableArguments {
  /// No options.
  public init() {}
}
