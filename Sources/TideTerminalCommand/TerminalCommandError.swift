/// A failure that ends a command with an exit status and a message for standard error.
///
/// ``TerminalCommand`` reports its own failures this way (see its exit statuses); an app's own
/// subcommand may throw one to end with `status`.
public struct TerminalCommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The exit status: 1 for a failure while running (a failed `expect`, a lost output or save),
  /// 2 for a usage error found before anything ran.
  public var status: Int32
  /// The message for standard error, in plain words with any path and the system's reason.
  public var message: String

  /// A failure ending with `status` after `message`.
  public init(status: Int32, message: String) {
    self.status = status
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
