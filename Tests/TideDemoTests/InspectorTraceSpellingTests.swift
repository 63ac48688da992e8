import Foundation
import Synchronization
import Testing
import Tide
import TideTrace
import TideDemo
import TideTerminal

/// A trace writes each text exactly as the app held it: Swift's `==` calls "é" (one scalar) and
/// "e\u{301}" (e and a combining accent) equal, but a trace that swapped one for the other would
/// replay another title, another paste, another width on screen.
@MainActor
@Suite("Inspector: a trace keeps each text's own spelling")
struct InspectorTraceSpellingTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  enum Action: Encodable, Equatable, Sendable {
    case say(String)
  }

  struct State: Encodable, Sendable {
    var text: String
  }

  /// The lines a recorder writes for these actions, each leaving its text as the state.
  func traceLines(of texts: [String]) async throws -> [[UInt8]] {
    let written = Mutex<[UInt8]>([])
    let recorder = TraceRecorder<State, Action>(
      app: "spelling", appVersion: "1", elapsed: TraceRecorder<State, Action>.elapsedTime(on: VirtualClock()),
      write: { bytes in written.withLock { $0 += bytes } })
    recorder.start(from: State(text: ""))
    for text in texts { recorder.reduced(.say(text), state: State(text: text)) }
    await recorder.finish()
    return written.withLock { $0 }.split(separator: UInt8(ascii: "\n")).map(Array.init)
  }

  @Test func equalActionsOfAnotherSpellingAreWrittenInTheirOwn() async throws {
    #expect(Self.composed == Self.decomposed)
    let lines = try await traceLines(of: [Self.composed, Self.decomposed, Self.composed])
    let expected = [Self.composed, Self.decomposed, Self.composed].enumerated().map { index, text in
      Array(#"{"n":\#(index + 1),"t":0.0,"action":{"say":{"_0":"\#(text)"}},"changes":[["text","\#(text)"]]}"#.utf8)
    }
    #expect(Array(lines.dropFirst()) == expected)
  }
}
