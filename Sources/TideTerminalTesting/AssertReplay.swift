import CustomDump
import Foundation
import IssueReporting
import Tide
import TideTerminal

/// Replays a key script against `app` headlessly, on `clock`, and reports what went wrong as
/// test issues: a script error, an `expect` that did not hold, a line after the app quit, and a
/// final screen that differs from the golden file.
///
/// ```swift
/// @Test @MainActor func addingTwoTodos() async {
///   let clock = VirtualClock()
///   await assertReplay(MyApp.make(clock: clock), clock: clock, script: """
///     keys a
///     type "buy milk"
///     keys enter
///     expect "1 item left"
///     """, golden: "Goldens/two-todos.screen")
/// }
/// ```
///
/// The app's store must run on `clock`, so that the script's `wait` lines control all its time:
/// timers then fire at their exact instants and every run gives the same screens. Issues are
/// reported at the call, their message starting `SCRIPT:LINE:`; under Swift Testing they point at
/// the script's own line instead when the script is a file (``assertReplay(_:clock:scriptFile:golden:size:fileID:filePath:line:column:)``).
///
/// - Parameters:
///   - app: The program under test, freshly made: the replay starts from its current state.
///   - clock: The virtual clock `app`'s store runs on.
///   - script: The key script's text (see `KeyScript` in TideTerminal for the syntax).
///   - golden: A file holding the expected final screen — rows with trailing spaces removed,
///     as `tide-demo replay` prints them. A relative path is taken from the folder of the file
///     calling this. When the file does not exist it is written from this run and an issue asks
///     you to check it, so a new golden is one run away. A mismatch is reported with a line diff.
///   - size: The terminal's size when the replay starts.
///   - fileID: The calling file's ID, for issue locations; leave the default.
///   - filePath: The calling file's path: issues are reported there, and relative paths are
///     taken from its folder; leave the default.
///   - line: The line of the call; leave the default.
///   - column: The column of the call; leave the default.
/// - Returns: The final screen, each row with its trailing spaces removed.
@MainActor
@discardableResult
public func assertReplay<State, Action: Sendable>(
  _ app: TerminalApp<State, Action>,
  clock: VirtualClock,
  script: String,
  golden: String? = nil,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async -> String {
  let caller = ReplayCaller(fileID: fileID, filePath: filePath, line: line, column: column)
  let parsed: KeyScript
  do {
    parsed = try KeyScript(parsing: script, file: "script")
  } catch {
    caller.report(error.description, scriptPath: nil, scriptLine: error.line, scriptColumn: error.column)
    return ""
  }
  return await replay(parsed, scriptPath: nil, app: app, clock: clock, golden: golden, size: size, caller: caller)
}

/// Replays the key script in the file at `scriptFile` against `app`; see
/// ``assertReplay(_:clock:script:golden:size:fileID:filePath:line:column:)``.
///
/// A relative `scriptFile` is taken from the folder of the file calling this. Under Swift
/// Testing, a script error, a failed `expect` and a line after the quit are reported at the
/// script's own file and line, so an editor shows them in the `.keys` file; elsewhere at the
/// call, the message starting with `SCRIPT:LINE:`.
@MainActor
@discardableResult
public func assertReplay<State, Action: Sendable>(
  _ app: TerminalApp<State, Action>,
  clock: VirtualClock,
  scriptFile: String,
  golden: String? = nil,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async -> String {
  let caller = ReplayCaller(fileID: fileID, filePath: filePath, line: line, column: column)
  let path = caller.resolve(scriptFile)
  let parsed: KeyScript
  do {
    parsed = try KeyScript(utf8: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
  } catch let error as KeyScriptError {
    caller.report(error.description, scriptPath: path, scriptLine: error.line, scriptColumn: error.column)
    return ""
  } catch {
    caller.report("\(path): cannot read the script: \(error.localizedDescription)", scriptPath: nil)
    return ""
  }
  return await replay(parsed, scriptPath: path, app: app, clock: clock, golden: golden, size: size, caller: caller)
}

@MainActor
private func replay<State, Action: Sendable>(
  _ script: KeyScript, scriptPath: String?, app: TerminalApp<State, Action>, clock: VirtualClock,
  golden: String?, size: TerminalSize, caller: ReplayCaller
) async -> String {
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  do {
    try await player.play(script)
  } catch {
    switch error {
    case .expectation(let failure):
      caller.report(failure.description, scriptPath: scriptPath, scriptLine: failure.line)
    case .linesAfterQuit(let failure):
      caller.report(failure.description, scriptPath: scriptPath, scriptLine: failure.line)
    }
  }
  let screen = player.screenText
  if let golden {
    compare(screen, withGolden: caller.resolve(golden), caller: caller)
  }
  return screen
}

/// Compares `screen` with the golden file's text, line by line; writes a missing golden.
private func compare(_ screen: String, withGolden path: String, caller: ReplayCaller) {
  let expected: String
  do {
    expected = try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    guard !FileManager.default.fileExists(atPath: path) else {
      caller.report("\(path): cannot read the golden screen: \(error.localizedDescription)", scriptPath: nil)
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
      try Data((screen + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      caller.report("\(path): no golden screen yet; wrote this run's final screen there — check it and commit it:\n\(screen)", scriptPath: nil)
    } catch {
      caller.report("\(path): cannot write the golden screen: \(error.localizedDescription)", scriptPath: nil)
    }
    return
  }
  // A golden file ends in a newline, as `tide-demo replay` prints the screen.
  let golden = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
  guard golden != screen else { return }
  let difference = diff(golden, screen, format: .proportional) ?? "(they differ only in invisible characters)"
  caller.report(
    """
    The final screen differs from the golden \(path) (− golden, + replay):

    \(difference)
    """,
    scriptPath: nil)
}
