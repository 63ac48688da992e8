/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change must be asserted, every action an effect sends must be received, and
  /// no effect may still be running at ``TestStore/finish(fileID:filePath:line:column:)``.
  case on
  /// Only what the test asserts is checked: an assertion closure is applied to the actual
  /// state, actions received before a `send` or before the action a `receive` names are
  /// skipped, and running effects are cancelled at the end.
  ///
  /// With `showSkippedAssertions`, everything skipped is recorded as an expected (known)
  /// issue, so the test passes but its log shows what went unasserted.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
