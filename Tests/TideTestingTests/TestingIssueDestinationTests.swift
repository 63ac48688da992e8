import Testing
import Tide
import TideTesting

/// Tide finds TideTesting's issue destination by its mangled name (``IssueReports``): a
/// renamed or moved type would send every report of Tide's to standard error instead of the test.
@Suite struct TestingIssueDestinationTests {
  @Test func tideNamesTheDestinationAsTheCompilerMangles() {
    #expect(_mangledTypeName(TestingIssueDestination.self) == IssueReports.testingDestinationName)
  }

  @Test func aReportOfTidesIsAnIssueOfTheRunningTest() {
    withKnownIssue {
      IssueReports.report("reported by Tide")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("reported by Tide") }
    }
  }
}
