import ArgumentParser
import Quiz
import TideTerminalCommand

// `tide-quiz [FILE]`, and `tide-quiz replay [FILE] SCRIPT...` with every option the command
// gives an app (--record, --trace, --svg, --cast, --frames, --size).
struct QuizOptions: ParsableArguments {
  @Argument(help: "The questions: a JSON array of {\"question\", \"answer\"}.")
  var file = "capitals.json"
}

await TerminalCommand(
  "tide-quiz", version: "1.0.0", abstract: "Answer each question before its time runs out.",
  options: QuizOptions.self, inputFiles: { [$0.file] }, replayArguments: { [$0.file] }
) { options, launch in
  let name = options.file.split(separator: "/").last.map { String($0.split(separator: ".")[0]) } ?? options.file
  return Quiz.app(title: "Quiz: \(name)", questions: try Question.load(fromFile: options.file), launch: launch)
}.main()
