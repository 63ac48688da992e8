import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTerminalTesting

@testable import Quiz

/// The whole program — keys, view, timer, resize — replayed on a virtual clock.
@MainActor
@Suite struct QuizReplayTests {
  /// The questions of the data file that ships beside the package.
  static func capitals() throws -> [Question] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return try Question.load(fromFile: folder.appending(path: "../../capitals.json").path)
  }

  @Test func aRoundOfTheCapitalsQuiz() async throws {
    let clock = VirtualClock()
    let app = Quiz.app(title: "Quiz: capitals", questions: try Self.capitals(), launch: TerminalLaunch(clock: clock))
    await assertReplay(app, clock: clock, scriptFile: "Scripts/round.keys", golden: "Goldens/round.screen")
    #expect(app.store.state.score == "2 of 12 right")
  }

  /// The README's image of the quiz, `assets/examples/tide-quiz.svg` in Tide's repository, is
  /// the final screen of the sibling `tide-quiz.keys` at 64x16; `TIDE_RECORD_GOLDENS=all`
  /// rewrites it.
  @Test func theReadmeImageIsUpToDate() async throws {
    let clock = VirtualClock()
    let app = Quiz.app(title: "Quiz: capitals", questions: try Self.capitals(), launch: TerminalLaunch(clock: clock))
    await assertReplayImage(
      app, clock: clock, scriptFile: "../../../../assets/examples/tide-quiz.keys",
      image: "../../../../assets/examples/tide-quiz.svg", size: TerminalSize(columns: 64, rows: 16))
  }

  @Test func aMissingOrBrokenDataFileIsNamedInPlainWords() throws {
    #expect {
      try Question.load(fromFile: "/nonexistent/quiz.json")
    } throws: { error in
      "\(error)" == "could not read /nonexistent/quiz.json: No such file or directory"
    }
    #expect {
      try Question.load(fromFile: "/")
    } throws: { error in
      "\(error)" == "could not read /: Is a directory"
    }
  }
}
