/// What a terminal app leaves when it ends: text for standard output and the exit status (see
/// the `exitResult` of ``TerminalApp``).
///
/// The terminal is given back first, so the text is the command's own output, not part of the
/// screen: `choice=$(printf 'a\nb\n' | tide-pick)` captures the item chosen while the picker
/// draws on the terminal.
public struct ExitResult: Sendable, Hashable {
  /// Written to standard output with a line break after it, or nothing for `nil`.
  public var output: String?
  /// The command's exit status, unless something else failed (an unsaved change, an output
  /// that could not be written) or a signal ended the app (128 + its number).
  public var status: Int32

  /// `output` (followed by a line break) and `status`.
  public init(output: String? = nil, status: Int32 = 0) {
    self.output = output
    self.status = status
  }

  /// Nothing printed, status 0.
  public static let success = ExitResult()

  /// `line` printed on a line of its own, status 0.
  public static func printing(_ line: String) -> ExitResult {
    ExitResult(output: line, status: 0)
  }

  /// Nothing printed, status `status` (1 unless given).
  public static func failure(status: Int32 = 1) -> ExitResult {
    ExitResult(output: nil, status: status)
  }
}
