import IssueReporting
import Tide

/// Where Tide's reports of misuse go in a process that links TideTesting (a test): to
/// IssueReporting, which records them in the running test as it records `TestStore`'s
/// failures. Tide finds it by name (`IssueReports`), so an app, which does not link
/// TideTesting, links neither IssueReporting nor a test framework.
package struct TestingIssueDestination: IssueReportDestination {
  package static func report(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  package static func report(
    _ error: any Error, _ message: String?, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
