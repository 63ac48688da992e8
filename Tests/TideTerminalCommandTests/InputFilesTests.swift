import ArgumentParser
import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTestSupport

/// An app that shows a file it reads, as an outside developer would write one: `show FILE`, or
/// `show` alone for its default `notes.txt`, which only its declaration names.
@MainActor
enum Show {
  struct Options: ParsableArguments {
    @Argument var file: String?
    @Option var other: String?
  }

  enum Action: Sendable { case quit }

  static func command(defaultFile: String) -> TerminalCommand<Options, String, Action> {
    TerminalCommand(
      "show", version: "1.0.0", options: Options.self, inputFiles: { [$0.file ?? defaultFile] }
    ) { options, launch in
      let text = String(decoding: try FileContents.read(atPath: options.file ?? defaultFile), as: UTF8.self)
      return TerminalApp(
        store: launch.store(initialState: text, reducer: Reduce { _, _ in .none }),
        view: { state, canvas in canvas.draw(state, atColumn: 0, row: 0) },
        keyAction: { _, _ in nil },
        quitAction: .quit,
        isFinished: { _ in false })
    }
  }
}

/// Issue 37, finding 1: an app's own input file was overwritten by its outputs
/// (`tide-pager replay f.txt p.keys --svg f.txt` exited 0 with f.txt replaced by the SVG).
/// Every file a run reads — however the output spells it — is refused as an output, with status
/// 2 before anything runs, and left as it was.
@MainActor
@Suite("Inputs are never outputs")
struct InputFilesTests {
  let folder = TemporaryDirectory("tide-inputs")

  func file(_ name: String, _ text: String) throws -> String {
    let path = folder.file(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func expectRefused(_ arguments: [String], keeps path: String, naming expected: String, defaultFile: String? = nil) async throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let outcome = await run(Show.command(defaultFile: defaultFile ?? folder.file("notes.txt")), arguments)
    #expect(outcome.status == 2, "\(arguments): \(outcome)")
    #expect(outcome.stderr.contains(expected), "\(arguments): \(outcome)")
    #expect(outcome.output.isEmpty, "nothing ran: \(outcome)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(path) is untouched after \(arguments)")
  }

  @Test func noReplayOutputMayNameTheAppsFileHoweverSpelled() async throws {
    let text = try file("f.txt", "the user's text\n")
    let script = try file("p.keys", "screen\n")
    symlink(text, folder.file("link.txt"))
    link(text, folder.file("hard.txt"))
    let relative = "./" + String(text.dropFirst(FileManager.default.currentDirectoryPath.count + 1))
    let spellings = [text, folder.file("link.txt"), folder.file("hard.txt")]
      + (text.hasPrefix(FileManager.default.currentDirectoryPath + "/") ? [relative] : [])
    for option in ["--svg", "--cast", "--trace"] {
      for spelling in spellings {
        try await expectRefused(
          ["replay", text, script, option, spelling], keeps: text,
          naming: "\(option) names \(text), which show reads; give it a path of its own")
      }
    }
    try await expectRefused(
      ["replay", text, script, "--svg=\(text)"], keeps: text, naming: "--svg names \(text), which show reads")
  }

  @Test func noInteractiveOutputMayNameTheAppsFile() async throws {
    let text = try file("f.txt", "the user's text\n")
    for option in ["--record", "--trace"] {
      try await expectRefused([text, option, text], keeps: text, naming: "\(option) names \(text), which show reads")
    }
  }

  /// A file the command line does not show — the app's default — is known by its declaration.
  @Test func aDeclaredDefaultInputIsRefusedAsAnOutput() async throws {
    let notes = try file("notes.txt", "default notes\n")
    for option in ["--record", "--trace"] {
      try await expectRefused(
        [option, notes], keeps: notes, naming: "\(option) names \(notes), which show reads", defaultFile: notes)
    }
  }

  /// Any option's value that names a file may be read: an app that forgot to declare it still
  /// keeps it.
  @Test func anUndeclaredOptionValueNamingAFileIsKeptToo() async throws {
    let other = try file("other.txt", "kept\n")
    let text = try file("f.txt", "text\n")
    let script = try file("p.keys", "screen\n")
    try await expectRefused(
      ["replay", text, "--other", other, script, "--cast", other], keeps: other, naming: "--cast names \(other)")
  }

  /// Two scripts' runs in one trace read as one, and the inspector read only the last
  /// (issue 37's hostile test, F13): refused, status 2, nothing written.
  @Test func aTraceRecordsOneScript() async throws {
    let text = try file("f.txt", "text\n")
    let first = try file("a.keys", "screen\n")
    let second = try file("b.keys", "screen\n")
    let outcome = await run(
      Show.command(defaultFile: text), ["replay", text, first, second, "--trace", folder.file("t.trace")])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.contains("--trace records one run"), "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("t.trace")))
  }

  /// Outputs of their own still work, and a value that names no file costs nothing.
  @Test func outputsOfTheirOwnAreWritten() async throws {
    let text = try file("f.txt", "the user's text\n")
    let script = try file("p.keys", "screen\n")
    let outcome = await run(
      Show.command(defaultFile: text), ["replay", text, "--other", "no-such-file", script, "--svg", folder.file("out.svg")])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try String(contentsOfFile: folder.file("out.svg"), encoding: .utf8).contains("the user"))
    #expect(try String(contentsOfFile: text, encoding: .utf8) == "the user's text\n")
  }
}
