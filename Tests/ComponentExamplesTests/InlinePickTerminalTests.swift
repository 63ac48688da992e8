import Foundation
import Testing
import TideTestSupport

/// tide-pick in a real terminal (tmux): an inline app under lines of the shell's scrollback,
/// run as `x=$(printf … | tide-pick)` — its items from a pipe, its keys from the terminal, its
/// choice captured from standard output — leaving the lines above intact and the terminal as
/// it found it on every way out.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct InlinePickTerminalTests {
  /// A pane that prints five lines of history, then runs `command` (a shell command line that
  /// sets `x` to what to print) and prints `chose=[X] status=N` (when `reportsChoice`) and a
  /// prompt line `PROMPT$`, recording the tty's modes before and after (`stty -g`) and `stty -a`
  /// after. By default `x=$(printf 'apple\nbanana\ncherry\n' | tide-pick)`.
  func session(
    _ label: String, columns: Int = 60, rows: Int = 16, command: ((String) -> String)? = nil,
    executable: String = "tide-pick", reportsChoice: Bool = true
  ) throws -> TmuxSession {
    let binary = try requireBuiltExecutable(executable)
    let session = TmuxSession(label: "inline40-\(label)", columns: columns, rows: rows)
    let run = command?(binary) ?? "x=$(printf 'apple\\nbanana\\ncherry\\n' | '\(binary)')"
    let script = """
      trap : INT QUIT TSTP
      cd '\(session.folder.path)' || exit 99
      for i in 1 2 3 4 5; do echo "history line $i"; done
      stty -g > stty-before
      \(run)
      status=$?
      stty -g > stty-after
      stty -a > stty-a
      \(reportsChoice ? "printf 'chose=[%s] status=%s\\n' \"$x\" \"$status\"" : "")
      echo 'PROMPT$'
      echo $status > status
      exec sleep 600
      """
    try script.write(toFile: session.folder.file("run.sh"), atomically: true, encoding: .utf8)
    return session
  }

  func start(_ session: TmuxSession) async throws {
    try await session.start("env LC_ALL=C.UTF-8 TERM=tmux-256color sh '\(session.folder.file("run.sh"))'")
    // The picker's first frame: the query line and every item under the history.
    try await session.waitForScreen("the picker under the history") { screen in
      screen.contains("history line 5") && screen.contains("cherry") && screen.contains("3 items")
    }
  }

  /// The pane's lines, trailing blank lines dropped.
  func lines(_ screen: String) -> [String] {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    while lines.last?.trimmingCharacters(in: .whitespaces) == "" { lines.removeLast() }
    return lines
  }

  let history = (1...5).map { "history line \($0)" }

  /// The pane's scrollback and screen.
  func wholePane(_ session: TmuxSession) async throws -> String {
    try await session.tmux(["capture-pane", "-p", "-S", "-", "-t", session.name]).stdout
  }

  /// What every way out leaves: the shell's tty modes, no alternate screen, no pointer reporting.
  func expectRestored(_ session: TmuxSession) async throws {
    #expect(try session.file("stty-after") == session.file("stty-before"), "the shell's tty modes")
    let modes = try session.file("stty-a")
    let flags = Set(modes.split(whereSeparator: \.isWhitespace))
    #expect(flags.isSuperset(of: ["icanon", "echo", "isig", "icrnl", "ixon"]), "sane: \(modes)")
    #expect(try await session.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
    #expect(try await session.display("#{cursor_flag}") == "1", "the cursor is visible")
  }

  @Test func thePickerDrawsBelowTheHistoryFiltersAndPrintsTheChoice() async throws {
    let session = try session("pick")
    try await start(session)
    let first = lines(try await session.capture())
    #expect(Array(first.prefix(5)) == history, "the history above is intact:\n\(first.joined(separator: "\n"))")
    #expect(first[5].contains("3 items") && first[6].contains("apple"), "the list right below the history: \(first)")
    #expect(try await session.display("#{alternate_on}") == "0", "inline: no alternate screen")
    // Narrower: the frame is drawn again at the new width from its first line, once, under the
    // history. tmux reflows what it holds (the live area's wide lines become two each) and so
    // scrolls the top lines into its scrollback: the history is looked for there too.
    try await session.tmux(["resize-window", "-t", session.name, "-x", "30", "-y", "16"])
    let narrow = try await session.waitForScreen("the picker at 30 columns") { screen in
      screen.split(separator: "\n").contains { $0.count <= 30 && $0.contains("3 items") }
        && !screen.split(separator: "\n").contains { $0.count > 30 }
    }
    let narrowWhole = try await wholePane(session)
    #expect(Array(lines(narrowWhole).prefix(5)) == history, "\(narrowWhole)")
    #expect(narrowWhole.components(separatedBy: "3 items").count == 2, "one live area: \(narrowWhole)")
    #expect(narrowWhole.components(separatedBy: "cherry").count == 2, "one live area: \(narrow)")
    try await session.type("an")
    // "an" matches banana only.
    try await session.waitForScreen("the filtered list") { $0.contains("1 of 3") && !$0.contains("cherry") }
    try await session.send("Enter")
    #expect(try await session.waitForExit() == 0)
    try await session.waitForScreen(containing: "PROMPT$")
    let screen = try await wholePane(session)
    let after = lines(screen)
    #expect(
      after == history + ["chose=[banana] status=0", "PROMPT$"],
      "the picker cleared, its choice captured, the prompt below:\n\(screen)")
    try await expectRestored(session)
  }

  @Test func escapePrintsNothingAndExitsOne() async throws {
    let session = try session("escape")
    try await start(session)
    try await session.send("Escape")
    #expect(try await session.waitForExit() == 1)
    let screen = try await session.waitForScreen(containing: "PROMPT$")
    #expect(lines(screen) == history + ["chose=[] status=1", "PROMPT$"], "\(screen)")
    try await expectRestored(session)
  }

  /// SIGTERM, a typed ctrl-c and a crash (SIGSEGV, restored by the crash guard in the signal
  /// handler) each leave the history, no live area and the shell's terminal.
  @Test func sigtermCtrlCAndACrashRestoreTheTerminal() async throws {
    for (label, signal) in [("term", "TERM"), ("int", "ctrl-c"), ("segv", "SEGV")] {
      let session = try session(label)
      try await start(session)
      if signal == "TERM" || signal == "SEGV" {
        let pid = try await session.appPID(named: "tide-pick")
        #expect(kill(pid, signal == "TERM" ? SIGTERM : SIGSEGV) == 0)
        #expect(try await session.waitForExit() == (signal == "TERM" ? 143 : 139))
      } else {
        try await session.send("C-c")
        #expect(try await session.waitForExit() == 130)
      }
      let screen = try await session.waitForScreen(containing: "PROMPT$")
      #expect(lines(screen).prefix(5).elementsEqual(history), "\(screen)")
      #expect(!screen.contains("cherry"), "the live area is cleared: \(screen)")
      try await expectRestored(session)
    }
  }

  /// inline-log-probe (40x12) under the history, its caret shown on the frame's second line:
  /// the terminal's cursor at row 6, column 3.
  func startWithCaretBelowTheFirstLine(_ label: String) async throws -> TmuxSession {
    let session = try session(
      label, columns: 40, rows: 12, command: { "'\($0)'" }, executable: "inline-log-probe", reportsChoice: false)
    try await session.start("env LC_ALL=C.UTF-8 TERM=tmux-256color sh '\(session.folder.file("run.sh"))'")
    try await session.waitForScreen(containing: "Working: 0")
    try await session.send("c")
    try await session.waitForDisplay(
      "#{cursor_flag} #{cursor_y} #{cursor_x}", toBe: "1 6 3", what: "the caret on the frame's second line, below the history")
    return session
  }

  /// A crash while the terminal's cursor shows at a caret below the live area's first line
  /// erases the whole live area: the crash path moves up to the first line before erasing, as
  /// the ordered exit does, so no row of the frame is left above the prompt.
  @Test func aCrashWithTheCaretBelowTheFirstLineErasesTheWholeLiveArea() async throws {
    let session = try await startWithCaretBelowTheFirstLine("caret-segv")
    let pid = try await session.appPID(named: "inline-log-probe")
    #expect(kill(pid, SIGSEGV) == 0)
    #expect(try await session.waitForExit() == 139)
    let screen = try await session.waitForScreen(containing: "PROMPT$")
    // The shell may say "Segmentation fault" on the line where the live area began.
    #expect(Array(lines(screen).prefix(5)) == history, "\(screen)")
    #expect(!screen.contains("Working") && !screen.contains("["), "no row of the live area is left:\n\(screen)")
    try await expectRestored(session)
  }

  /// A resize while the caret shows on the frame's second line redraws the frame from its first
  /// line (up from the caret's), once: the rows above the caret are narrower than the new width,
  /// so even tmux, which reflows, keeps them where they were.
  @Test func aResizeWithTheCaretBelowTheFirstLineRedrawsTheFrameOnce() async throws {
    let session = try await startWithCaretBelowTheFirstLine("caret-resize")
    try await session.tmux(["resize-window", "-t", session.name, "-x", "24", "-y", "12"])
    try await session.send("p")
    try await session.waitForScreen(containing: "Working: 1")
    let whole = try await wholePane(session)
    #expect(whole.components(separatedBy: "Working").count == 2, "one live area:\n\(whole)")
    #expect(Array(lines(whole).prefix(5)) == history, "\(whole)")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await expectRestored(session)
  }

  /// ctrl-z stops the picker — a job of an interactive shell with job control, as a user runs
  /// it (a job inside `$(…)` is in the shell's own group, which no stop signal reaches: so it
  /// is for fzf too) — with the live area erased and the shell's modes on the tty; `fg` draws it
  /// again below the history, and it still works.
  @Test func ctrlZErasesTheLiveAreaAndFgDrawsItAgain() async throws {
    let binary = try requireBuiltExecutable("tide-pick")
    let session = TmuxSession(label: "inline40-stop", columns: 60, rows: 16)
    try await session.start(
      "env -i PATH=/usr/bin:/bin HOME=/tmp LC_ALL=C.UTF-8 TERM=tmux-256color PS1='$ ' bash --norc --noprofile -i")
    try await session.waitForScreen(containing: "$")
    try await session.type("for i in 1 2 3 4 5; do echo \"history line $i\"; done; '\(binary)' apple banana cherry")
    try await session.send("Enter")
    try await session.waitForScreen("the picker under the history") { $0.contains("cherry") && $0.contains("3 items") }
    try await session.send("C-z")
    // What was waited for: bash's report of the stopped job.
    let stopped = try await session.waitForScreen(containing: "Stopped")
    #expect(!stopped.contains("3 items"), "the live area is erased while stopped: \(stopped)")
    let tty = try await session.display("#{pane_tty}")
    let modes = try await runProcess("/bin/sh", ["-c", "stty -a < '\(tty)'"]).stdout
    let flags = Set(modes.split(whereSeparator: \.isWhitespace))
    // bash's readline reads the line raw itself (-icanon -echo), but with the signal characters
    // and flow control the app turns off.
    #expect(flags.isSuperset(of: ["isig", "ixon"]), "the shell's modes while stopped: \(modes)")
    #expect(try await session.display("#{cursor_flag} #{mouse_any_flag} #{alternate_on}") == "1 0 0")
    try await session.type("fg")
    try await session.send("Enter")
    try await session.waitForScreen("the picker again after fg") { $0.contains("cherry") && $0.contains("3 items") }
    try await session.type("che")
    try await session.waitForScreen("the filtered list") { $0.contains("1 of 3") }
    try await session.send("Enter")
    // The choice on standard output (the terminal here), then bash's prompt.
    let screen = try await session.waitForScreen("the choice and the prompt") { screen in
      let all = lines(screen)
      return all.count >= 2 && all[all.count - 2] == "cherry" && all[all.count - 1].hasPrefix("$")
    }
    let all = lines(screen)
    let start = try #require(all.firstIndex(of: "history line 1"), "\(screen)")
    #expect(Array(all[start..<min(all.count, start + 5)]) == history, "the history intact: \(screen)")
    #expect(try await session.display("#{cursor_flag} #{mouse_any_flag} #{alternate_on}") == "1 0 0")
  }

  /// Lines printed above the live area (`Effect.printAbove`) go into the scrollback in order,
  /// wrapped by the terminal where longer than its width, wide characters whole, never over the
  /// live area or under it; at the exit the last frame stays and the prompt comes below it.
  @Test func linesPrintedAboveGoIntoTheScrollbackAndTheLastFrameStays() async throws {
    let session = try session(
      "log", columns: 40, rows: 8, command: { "'\($0)'" }, executable: "inline-log-probe", reportsChoice: false)
    try await session.start("env LC_ALL=C.UTF-8 TERM=tmux-256color sh '\(session.folder.file("run.sh"))'")
    try await session.waitForScreen(containing: "Working: 0")
    for count in 1...4 {
      try await session.send("p")
      try await session.waitForScreen(containing: "Working: \(count)")
    }
    // The whole pane, its scrollback too (an 8-line screen: the history has scrolled into it).
    let expectedPrinted = (1...4).flatMap { number in
      ["printed \(number): " + String(repeating: "-", count: 29), String(repeating: "-", count: 11) + " end \(number)", "日本語 \(number)"]
    }
    let whole = lines(try await wholePane(session))
    #expect(whole == history + expectedPrinted + ["Working: 4", "[####]"], "\(whole.joined(separator: "\n"))")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.waitForScreen(containing: "PROMPT$")
    let after = lines(try await wholePane(session))
    #expect(after == history + expectedPrinted + ["Working: 4", "[####]", "PROMPT$"], "\(after.joined(separator: "\n"))")
    try await expectRestored(session)
  }
}
