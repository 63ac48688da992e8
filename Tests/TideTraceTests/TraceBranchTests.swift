import TideJSON
import Foundation
import Synchronization
import Testing
import TideTerminal
import TideTestSupport
import TideTrace

/// A jump back in time written into a trace (live time travel): the recorder writes a branch
/// line with the whole state, and a reader leaves the actions after the jump behind, reading
/// the state and the actions that came after the jump as the trace's own.
@Suite("TideTrace: branches")
struct TraceBranchTests {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case add(Int)
  }

  /// A trace of `body`'s recording, written to a file in `folder`.
  func trace(in folder: TemporaryDirectory, _ body: (TraceRecorder<State, Action>) -> Void) -> String {
    let path = folder.file("app.trace")
    let lines = LockedBytes()
    let recorder = TraceRecorder<State, Action>(app: "branchy", appVersion: "1", elapsed: { .zero }, write: { lines.append($0) })
    body(recorder)
    recorder.finishWriting()
    #expect(FileManager.default.createFile(atPath: path, contents: Data(lines.bytes)))
    return path
  }

  final class LockedBytes: Sendable {
    private let stored = Mutex<[UInt8]>([])
    func append(_ bytes: [UInt8]) { stored.withLock { $0 += bytes } }
    var bytes: [UInt8] { stored.withLock { $0 } }
  }

  /// Each action adds its number to the count and logs it.
  func reduce(_ state: inout State, _ action: Action) {
    if case .add(let number) = action {
      state.count += number
      state.log.append("+\(number)")
    }
  }

  @Test func theActionsAfterTheJumpAreLeftBehindAndNumberingGoesOnFromIt() throws {
    let folder = TemporaryDirectory("trace-branch")
    var state = State()
    var afterTwo = State()
    let path = trace(in: folder) { recorder in
      recorder.start(from: state)
      for number in 1...5 {
        reduce(&state, .add(number))
        recorder.reduced(.add(number), state: state)
        if number == 2 { afterTwo = state }
      }
      recorder.jumped(to: 2, state: afterTwo)
      state = afterTwo
      for number in [10, 20] {
        reduce(&state, .add(number))
        recorder.reduced(.add(number), state: state)
      }
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#"{"branch":2,"t":0.0,"state":{"count":3,"log":["+1","+2"]}}"#), "\(text)")
    let reader = try TraceReader(path: path, app: "branchy", appVersion: "1")
    #expect(reader.actionCount == 4, "actions 1, 2 and the two after the jump")
    #expect(try reader.state(after: 2)["count"] == .integer(3))
    #expect(try reader.state(after: 3)["count"] == .integer(13))
    #expect(try reader.state(after: 4)["log"] == .array([.string("+1"), .string("+2"), .string("+10"), .string("+20")]))
    #expect(try reader.step(3).action == JSONValueEncoder.encode(Action.add(10)))
  }

  @Test func aJumpToTheStartKeepsNoAction() throws {
    let folder = TemporaryDirectory("trace-branch-start")
    let path = trace(in: folder) { recorder in
      var state = State()
      recorder.start(from: state)
      reduce(&state, .add(1))
      recorder.reduced(.add(1), state: state)
      recorder.jumped(to: 0, state: State())
    }
    let reader = try TraceReader(path: path, app: "branchy", appVersion: "1")
    #expect(reader.actionCount == 0)
    #expect(try reader.state(after: 0)["count"] == .integer(0))
  }

  /// A branch back to an action the trace never had is named with its line.
  @Test func aBranchPastTheLastActionIsReported() throws {
    let folder = TemporaryDirectory("trace-branch-bad")
    let path = trace(in: folder) { recorder in
      recorder.start(from: State())
      recorder.jumped(to: 7, state: State())
    }
    let reader = try TraceReader(path: path, app: "branchy", appVersion: "1")
    let problem = try #require(reader.problem)
    #expect(problem.description.contains(":2:") && problem.description.contains("a branch back to action 7, after only 0"), "\(problem)")
  }
}
