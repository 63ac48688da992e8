import Foundation
import TideTestSupport
import Testing

@MainActor
@Suite("Global pool blocker")
struct GlobalPoolBlockerTests {
  /// A blocker asked to fill more threads than the pool has cannot: it must give up at its
  /// deadline with a recorded failure and let the pool go, rather than spin forever and hang
  /// every test that runs after it.
  @Test func aPoolNarrowerThanAskedFailsTheTestInsteadOfHangingIt() async {
    let width = ProcessInfo.processInfo.activeProcessorCount + 1
    let start = ContinuousClock.now
    await withKnownIssue("only the pool's width of spinners can start") {
      let blocker = GlobalPoolBlocker(width: width, deadline: .milliseconds(200))
      await blocker.release()
    }
    #expect(ContinuousClock.now - start < .seconds(5), "the blocker gave up at its deadline")
  }
}
