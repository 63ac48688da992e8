/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change must be asserted, every action an effect sends must be received, and
  /// no effect may still be running at ``TestStore/finish(fileID:filePath:line:column:)``.
  case on
  /// Only what the test asserts is checked: an assertion closure is applied to the actual
  /// state, unreceived actions are skipped and running effects are cancelled at the end.
  case off
}
