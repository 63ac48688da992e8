import Foundation
import Testing
import TideTestSupport

/// `tide-form` in a real terminal (tmux): pointer reports written to the pane as the bytes a
/// terminal sends (SGR, mode 1006) reach the app, and on every way out the terminal has mouse
/// reporting off again (`#{mouse_any_flag}` 0), so the shell never prints `^[[<0;12;5M` on clicks.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct PointerTerminalTests {
  enum Exit: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case escape, ctrlC, sigterm, sighup, crash
    var testDescription: String { rawValue }
  }

  static func form() async throws -> TmuxSession {
    let binary = try requireBuiltExecutable("tide-form")
    let session = TmuxSession(label: "tide-form-e2e", columns: 250, rows: 24)
    try await session.startApp(binary, environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color", recordingStandardError: true)
    return session
  }

  /// An SGR report at 1-based `column`, `row`: `M` for a press or wheel notch, `m` for a release.
  static func report(_ button: Int, _ column: Int, _ row: Int, release: Bool = false) -> String {
    "\u{1B}[<\(button);\(column);\(row)\(release ? "m" : "M")"
  }

  @Test(arguments: Exit.allCases)
  func pressesAndTheWheelReachTheAppAndEveryExitTurnsReportingOff(way: Exit) async throws {
    let tmux = try await Self.form()
    defer { withExtendedLifetime(tmux) {} }
    try await tmux.waitForScreen("the form") { $0.contains("> Name:") && $0.contains("[ Submit ]") }
    #expect(try await tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1", "reporting on, in SGR mode, while it runs")
    // A press on the Plan label (row 5, columns 2…10) moves the focus there.
    try await tmux.type(Self.report(0, 4, 5) + Self.report(0, 4, 5, release: true))
    try await tmux.waitForScreen("the press on Plan focused it") { $0.contains("> Plan:") }
    // The wheel over the list moves the selection, 3 a notch, as far as the list goes (the
    // focus stays where it is).
    try await tmux.type(Self.report(65, 13, 6))
    try await tmux.waitForScreen("the wheel moved the list") { $0.contains("> Team") }
    // A press past column 223, which only SGR coordinates can report, reaches the app: on the
    // empty part of the screen it does nothing, and no byte of it is typed as text.
    try await tmux.type(Self.report(0, 240, 4) + Self.report(0, 240, 4, release: true))
    try await tmux.type(Self.report(0, 12, 4) + Self.report(0, 12, 4, release: true))
    try await tmux.waitForScreen("the press focused Email") { $0.contains("> Email:") }
    try await tmux.type("x")
    try await tmux.waitForScreen("x typed into Email") { $0.contains("> Email: x") }

    switch way {
    case .escape: try await tmux.send("Escape")
    case .ctrlC: try await tmux.send("C-c")
    case .sigterm: #expect(kill(try await tmux.appPID(named: "tide-form"), SIGTERM) == 0)
    case .sighup: #expect(kill(try await tmux.appPID(named: "tide-form"), SIGHUP) == 0)
    case .crash: #expect(kill(try await tmux.appPID(named: "tide-form"), SIGSEGV) == 0)
    }
    let status = try await tmux.waitForFile("status")
    // A quit signal ends the app with 128 + N after the restore (issue 37: it was 0).
    let expected: Int32 = switch way {
    case .escape: 0
    case .ctrlC: 128 + SIGINT
    case .sigterm: 128 + SIGTERM
    case .sighup: 128 + SIGHUP
    case .crash: 128 + SIGSEGV
    }
    #expect(status == "\(expected)", "\(way)")
    #expect(try await tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0", "mouse reporting off after \(way)")
    #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    #expect(try tmux.file("stty-after") == tmux.file("stty-before"))
  }

  /// ctrl-z: reporting is off while the app is stopped (the shell gets no reports) and on again
  /// when it continues (`fg` sends SIGCONT), and the pointer still works then.
  @Test func ctrlZTurnsReportingOffAndContinuingTurnsItOn() async throws {
    let binary = try requireBuiltExecutable("tide-form")
    let tmux = TmuxSession(label: "tide-form-ctrl-z", columns: 100, rows: 24)
    defer { withExtendedLifetime(tmux) {} }
    // A shell with job control (`set -m`), as a user's: the app runs as a foreground job that
    // ctrl-z stops (a process group without one is orphaned, and the kernel never stops it);
    // five seconds later the shell's `fg` continues it.
    let script = """
      set -m
      cd '\(tmux.folder.path)' || exit 99
      LC_ALL=C.UTF-8 TERM=tmux-256color '\(binary)'
      sleep 5
      fg
      echo $? > status.tmp
      mv status.tmp status
      exec sleep 600
      """
    try script.write(toFile: tmux.folder.file("job.sh"), atomically: true, encoding: .utf8)
    try await tmux.start("bash '\(tmux.folder.file("job.sh"))'")
    try await tmux.waitForScreen("the form") { $0.contains("> Name:") && $0.contains("[ Submit ]") }
    #expect(try await tmux.display("#{mouse_any_flag} #{keypad_flag}") == "1 1")
    try await tmux.send("C-z")
    try await tmux.waitForDisplay(
      "#{mouse_any_flag} #{alternate_on}", toBe: "0 0", what: "reporting off and the normal screen while stopped")
    // The keypad mode too: without it the terminal sends its cursor keys in the other form,
    // and the first arrow key after `fg` was lost (keypad_flag stayed 0 before the fix).
    try await tmux.waitForDisplay(
      "#{mouse_any_flag} #{alternate_on} #{keypad_flag}", toBe: "1 1 1",
      what: "reporting, the alternate screen and the keypad mode on again after the app continued")
    try await tmux.type(Self.report(0, 4, 5) + Self.report(0, 4, 5, release: true))
    try await tmux.waitForScreen("a press after fg focused Plan") { $0.contains("> Plan:") }
    try await tmux.send("Escape")
    #expect(try await tmux.waitForFile("status") == "0")
    #expect(try await tmux.display("#{mouse_any_flag}") == "0")
  }
}
