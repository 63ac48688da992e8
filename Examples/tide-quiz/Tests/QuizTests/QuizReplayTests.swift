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
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../../assets/examples")
    let clock = VirtualClock()
    let app = Quiz.app(title: "Quiz: capitals", questions: try Self.capitals(), launch: TerminalLaunch(clock: clock))
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 64, rows: 16))
    let script = try KeyScript(utf8: try Data(contentsOf: assets.appending(path: "tide-quiz.keys")), file: "tide-quiz.keys")
    _ = try await player.play(script)
    let fresh = SVGWriter.document(for: app.frame(size: player.size))
    let image = assets.appending(path: "tide-quiz.svg")
    if ProcessInfo.processInfo.environment["TIDE_RECORD_GOLDENS"] == "all" {
      try fresh.write(to: image, atomically: true, encoding: .utf8)
    }
    #expect(fresh == (try String(contentsOf: image, encoding: .utf8)), "assets/examples/tide-quiz.svg is out of date")
  }

  @Test func aMissingOrBrokenDataFileIsNamedInPlainWords() throws {
    #expect(throws: QuizFileError.self) { try Question.load(fromFile: "/nonexistent/quiz.json") }
    do {
      _ = try Question.load(fromFile: "/nonexistent/quiz.json")
    } catch {
      #expect(error.description == "could not read /nonexistent/quiz.json: No such file or directory")
    }
    do {
      _ = try Question.load(fromFile: "/")
    } catch {
      #expect(error.description == "could not read /: Is a directory")
    }
  }
}
