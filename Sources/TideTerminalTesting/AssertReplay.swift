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
///     calling this. A mismatch is reported with a line diff, and a missing file is a failure;
///     neither is written unless you ask: run the tests with `TIDE_RECORD_GOLDENS=missing` (or
///     `all`) to record them. A replay whose script failed is never compared with its golden.
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
  guard let parsed = readScript(at: path, caller: caller) else { return "" }
  return await replay(parsed, scriptPath: path, app: app, clock: clock, golden: golden, size: size, caller: caller)
}

/// Replays the key script in the file at `scriptFile` against `app`, like
/// ``assertReplay(_:clock:scriptFile:golden:size:fileID:filePath:line:column:)``, and compares
/// the final screen drawn as an SVG image — the image `replay --svg` writes — with the file
/// `image`: a screenshot in a README that a test keeps up to date.
///
/// Relative paths are taken from the folder of the file calling this. The image is compared as
/// text and recorded as a golden screen is: only when `TIDE_RECORD_GOLDENS` asks for it.
@MainActor
public func assertReplayImage<State, Action: Sendable>(
  _ app: TerminalApp<State, Action>,
  clock: VirtualClock,
  scriptFile: String,
  image: String,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
  let caller = ReplayCaller(fileID: fileID, filePath: filePath, line: line, column: column)
  let path = caller.resolve(scriptFile)
  guard let parsed = readScript(at: path, caller: caller) else { return }
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  guard await play(parsed, on: player, scriptPath: path, caller: caller) else { return }
  let document = SVGWriter.document(for: app.frame(size: player.size), theme: .forTheme(app.theme, background: app.background))
  // compareGolden keeps one final newline out of the comparison and adds it back when it writes.
  compareGolden(
    document.hasSuffix("\n") ? String(document.dropLast()) : document, at: caller.resolve(image),
    recording: GoldenRecording(environment: ProcessInfo.processInfo.environment),
    report: { caller.report($0, scriptPath: nil) })
}

/// The key script in the file at `path`, or nil after reporting why it cannot be read or parsed.
private func readScript(at path: String, caller: ReplayCaller) -> KeyScript? {
  do {
    return try KeyScript(utf8: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
  } catch let error as KeyScriptError {
    caller.report(error.description, scriptPath: path, scriptLine: error.line, scriptColumn: error.column)
  } catch {
    caller.report("\(path): cannot read the script: \(error.localizedDescription)", scriptPath: nil)
  }
  return nil
}

@MainActor
private func replay<State, Action: Sendable>(
  _ script: KeyScript, scriptPath: String?, app: TerminalApp<State, Action>, clock: VirtualClock,
  golden: String?, size: TerminalSize, caller: ReplayCaller
) async -> String {
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  // The screen of a script that went wrong is not the one its golden is about: comparing it
  // would only add noise, and writing it would make the next run fail against it.
  guard await play(script, on: player, scriptPath: scriptPath, caller: caller) else { return player.screenText }
  let screen = player.screenText
  if let golden {
    compareGolden(
      screen, at: caller.resolve(golden), recording: GoldenRecording(environment: ProcessInfo.processInfo.environment),
      report: { caller.report($0, scriptPath: nil) })
  }
  return screen
}

/// Plays `script` on `player`; false after reporting an `expect` that did not hold or a line
/// after the quit.
@MainActor
private func play<State, Action: Sendable>(
  _ script: KeyScript, on player: KeyScriptPlayer<State, Action>, scriptPath: String?, caller: ReplayCaller
) async -> Bool {
  do {
    try await player.play(script)
    return true
  } catch {
    switch error {
    case .expectation(let failure):
      caller.report(failure.description, scriptPath: scriptPath, scriptLine: failure.line)
    case .linesAfterQuit(let failure):
      caller.report(failure.description, scriptPath: scriptPath, scriptLine: failure.line)
    }
    return false
  }
}

/// Compares `screen` with the golden file at `path`, line by line, reporting a difference or a
/// missing file through `report`; writes the file only when `recording` asks for it.
package func compareGolden(
  _ screen: String, at path: String, recording: GoldenRecording, report: (String) -> Void
) {
  let expected: String
  do {
    expected = try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    guard !FileManager.default.fileExists(atPath: path) else {
      report("\(path): cannot read the golden screen: \(error.localizedDescription)")
      return
    }
    guard recording != .never else {
      report(
        "\(path): no golden screen; to record it from this run, run the tests with "
          + "TIDE_RECORD_GOLDENS=missing and check the file before committing it. This run's final screen:\n\(screen)")
      return
    }
    writeGolden(screen, at: path, saying: "no golden screen yet; recorded this run's final screen", report: report)
    return
  }
  // A golden file ends in a newline, as `tide-demo replay` prints the screen.
  let golden = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
  guard golden != screen else { return }
  if recording == .all {
    writeGolden(screen, at: path, saying: "the final screen differed; recorded this run's", report: report)
    return
  }
  let difference = diff(golden, screen, format: .proportional) ?? "(they differ only in invisible characters)"
  report(
    """
    The final screen differs from the golden \(path) (− golden, + replay):

    \(difference)
    """)
}

/// Writes a golden screen as asked by ``GoldenRecording``, and reports it: a recorded golden is
/// looked at before it is trusted.
private func writeGolden(_ screen: String, at path: String, saying what: String, report: (String) -> Void) {
  do {
    // The project's one atomic writer, which also creates the golden's missing folders.
    try AtomicFile.write(Array((screen + "\n").utf8), to: path)
    report("\(path): \(what) (TIDE_RECORD_GOLDENS is set) — check it and commit it:\n\(screen)")
  } catch {
    report("\(path): cannot write the golden screen: \(systemReason(error.code))")
  }
}
