#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Tide's reports of misuse go — an effect that threw, an action sent after its effect
/// returned, an action for an element a `forEach` no longer holds: to the running test when
/// the process links TideTesting, else to standard error.
///
/// Tide reports them without linking a test framework into an app, and without
/// IssueReporting, whose locks and bundle lookups link full Foundation (with CoreFoundation and
/// ICU) into every app. TideTesting's `TestingIssueDestination` hands them to IssueReporting,
/// which records them as Swift Testing issues or XCTest failures — the way `TestStore`'s own
/// failures are reported, so `withKnownIssue` and `withExpectedIssue` see both alike. It is
/// found by its name through the runtime's type lookup: a process that does not link
/// TideTesting, an app, has none, and its reports are written to standard error as
/// `file:line: message`, as IssueReporting wrote them there.
package enum IssueReports {
  /// The mangled name of TideTesting's destination (`TideTesting.TestingIssueDestination`;
  /// TideTestingTests checks it against the compiler's).
  package static let testingDestinationName = "11TideTesting0B16IssueDestinationV"

  /// TideTesting's destination if the process links it, looked up once.
  private static let testingDestination: (any IssueReportDestination.Type)? =
    _typeByName(testingDestinationName) as? any IssueReportDestination.Type

  /// Reports `message` at the given place in the caller's source.
  package static func report(
    _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    if let destination = testingDestination {
      destination.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    } else {
      writeToStandardError("\(fileID):\(line): \(message)\n")
    }
  }

  /// Reports that `error` was caught, with what it stopped, at the given place.
  package static func report(
    _ error: any Error, _ message: String?, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    if let destination = testingDestination {
      destination.report(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    } else {
      writeToStandardError("\(fileID):\(line): Caught error: \(error)\(message.map { ": \($0)" } ?? "")\n")
    }
  }

  private static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { writeWhole(UnsafeRawBufferPointer($0), to: 2) }
  }
}

/// Where ``IssueReports`` sends reports in a process that links TideTesting; TideTesting's
/// `TestingIssueDestination` is the one.
package protocol IssueReportDestination: Sendable {
  static func report(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  static func report(
    _ error: any Error, _ message: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
}

// IssueReporting's spelling, which Tide's files kept when IssueReporting left Tide's
// dependencies: internal (usable from Tide's inlinable code), so that a module importing both
// Tide and IssueReporting sees one `reportIssue`.

/// Reports `message` (see ``IssueReports``).
@usableFromInline
func reportIssue(
  _ message: @autoclosure () -> String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  IssueReports.report(message() ?? "Issue reported", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports that `error` was caught (see ``IssueReports``).
@usableFromInline
func reportIssue(
  _ error: any Error, _ message: @autoclosure () -> String? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  IssueReports.report(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
}
