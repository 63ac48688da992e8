import Synchronization
import Testing
import Tide

/// A feature with every kind of effect a TestStore must handle.
struct Feature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "Feature"
    var response: String?
    var isTimerRunning = false
    var ticks = 0
    @Presented var alert: String?
  }

  enum Action: Equatable, Sendable {
    case increment
    case noop
    /// Returns `.send(.increment)`.
    case incrementLater
    /// Returns `.send(.noop)`: a received action that changes nothing.
    case ping
    /// A `.run` effect answering with `.loaded`.
    case load
    case loaded(String)
    /// Two `.run` answers in order.
    case loadTwice
    case startTimer
    case stopTimer
    case tick
    /// `.pong` five seconds later on the store's clock.
    case delayedPong
    case pong
    case rename(String)
    case showAlert(String)
    /// Sends `.connected`, then waits an hour of real time: a long-living effect the test
    /// cannot move on, like a stream subscription.
    case listen
    case connected
    /// Sleeps three seconds on the store's clock inside a `.run` body, then sends `.pong`.
    case nap
  }

  enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .noop:
      return .none
    case .incrementLater:
      return .send(.increment)
    case .ping:
      return .send(.noop)
    case .load:
      return .run { send in
        await Task.yield()
        await send(.loaded("hello"))
      }
    case .loaded(let text):
      state.response = text
      return .none
    case .loadTwice:
      return .run { send in
        await send(.loaded("one"))
        await send(.loaded("two"))
      }
    case .startTimer:
      state.isTimerRunning = true
      return .interval(.tick, every: .seconds(1)).cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      state.isTimerRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .delayedPong:
      return .send(.pong, after: .seconds(5))
    case .pong:
      state.title = "pong"
      return .none
    case .rename(let title):
      state.title = title
      return .none
    case .showAlert(let message):
      state.alert = message
      return .none
    case .listen:
      return .run { send in
        await send(.connected)
        try await ContinuousClock().sleep(for: .seconds(3600))
      }
    case .connected:
      state.response = "connected"
      return .none
    case .nap:
      return .run { send in
        try await send.sleep(for: .seconds(3))
        await send(.pong)
      }
    }
  }
}

/// Collects the issues `withKnownIssue` matched, to assert what a failure said.
final class IssueLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// Records the issue's text (its comments and error) and matches it.
  func match(_ issue: Issue) -> Bool {
    let text = (issue.comments.map(\.rawValue) + [issue.error.map { "\($0)" }].compactMap { $0 })
      .joined(separator: "\n")
    storage.withLock { $0.append(text) }
    return true
  }

  var messages: [String] { storage.withLock { $0 } }
}

/// Runs `body`, which must record at least one issue (`withKnownIssue` fails the test
/// otherwise), and returns the text of every issue it recorded.
@MainActor
func failures(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async -> [String] {
  let log = IssueLog()
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    log.match(issue)
  }
  return log.messages
}
