#if CasePaths
import CasePaths
import CustomDump
import Tide
import TideTesting

extension TestStore {
  /// Asserts that an effect sent an action of the enum case at `actionCase`, whatever its
  /// payload, and the state right after it was reduced.
  ///
  /// ```swift
  /// await store.send(.load)
  /// await store.receive(\.loaded) { $0.isLoading = false }
  /// ```
  ///
  /// It waits, moves the clock and treats non-exhaustive stores exactly as
  /// `receive(_:timeout:assert:fileID:filePath:line:column:)` does; an action of another case
  /// is reported as unexpected.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration = .zero,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    // A case without a payload names exactly one action: show it, and diff against it.
    let only = Value.self == Void.self ? (() as? Value).map(casePath.embed) : nil
    await receive(
      matching: { casePath.extract(from: $0) != nil },
      expected: only.map { String(customDumping: $0) }
        ?? "an action of the \(String(reflecting: Action.self)) case carrying \(String(reflecting: Value.self))",
      expectedAction: only,
      timeout: timeout, update: update,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent the action of the enum case at `actionCase` carrying `value`,
  /// and the state right after it was reduced; a different payload is shown as a diff.
  ///
  /// ```swift
  /// await store.receive(\.loaded, "Hello") { $0.greeting = "Hello" }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration = .zero,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    let expected = casePath.embed(value)
    await receive(
      matching: { casePath.extract(from: $0) == value },
      expected: String(customDumping: expected), expectedAction: expected,
      timeout: timeout, update: update,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
#endif
