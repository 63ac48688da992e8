import Foundation
import TideTestSupport
import Testing

@MainActor
@Suite("Global pool blocker")
struct GlobalPoolBlockerTests {
  /// A blocker asked to fill more threads than the pool has cannot: it must give up at its
  /// deadline with a recorded failure and let the pool go, rather than spin forever and hang
  /// every test that runs after it.
  @Test(.holdsTheGlobalPool, .hangLimit)
  func aPoolNarrowerThanAskedFailsTheTestInsteadOfHangingIt() async {
    // A deadline of zero: the pool is not held up for the tests running beside this one.
    let width = ProcessInfo.processInfo.activeProcessorCount + 1
    await withKnownIssue("only the pool's width of spinners can start") {
      let blocker = GlobalPoolBlocker(width: width, deadline: .zero)
      // Returns: the spinners were let go, so each ends as soon as the pool runs it.
      await blocker.release()
    }
  }
}
