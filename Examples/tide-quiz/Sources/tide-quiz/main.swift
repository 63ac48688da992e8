import Foundation
import Quiz
import TideTerminal

// `tide-quiz [FILE]`: the questions of FILE (capitals.json beside the package by default).
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1 else {
  FileHandle.standardError.write(Data("usage: tide-quiz [FILE]\n".utf8))
  exit(2)
}
let path = arguments.first ?? "capitals.json"
do {
  let questions = try Question.load(fromFile: path)
  let title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  try await Program(Quiz.app(title: "Quiz: \(title)", questions: questions)).run()
} catch let error as QuizFileError {
  FileHandle.standardError.write(Data("tide-quiz: \(error)\n".utf8))
  exit(2)
} catch {
  FileHandle.standardError.write(Data("tide-quiz: \(error)\n".utf8))
  exit(error is TerminalUnavailable ? 2 : 1)
}
