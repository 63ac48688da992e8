import Foundation
import Testing
import TideTestSupport

/// The colours a real terminal gets, as tmux records them (`capture-pane -e`): 24-bit colours
/// under `COLORTERM=truecolor` (written over what ncurses draws, whose terminal type has 256),
/// the palette's without it, and none under `NO_COLOR`.
@Suite(
  "Colours in a real terminal", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct ColorTerminalTests {
  /// tide-list in the dark theme in tmux with `environment`, its screen with escape sequences.
  func screen(environment: String) async throws -> String {
    let binary = try requireBuiltExecutable("tide-list")
    let session = TmuxSession(label: "tide-colors", columns: 60, rows: 12)
    defer { withExtendedLifetime(session) {} }
    try await session.startApp(
      binary, ["--items", "3", "--theme", "dark"],
      environment: "env -u COLORTERM -u NO_COLOR -u TIDE_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color \(environment)")
    try await session.waitForScreen(containing: "3 items")
    let screen = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.name]).stdout
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    return screen
  }

  @Test func trueColorIsWrittenExactly() async throws {
    let screen = try await screen(environment: "COLORTERM=truecolor")
    // The selected row: #c0caf5 on #2e3c64.
    #expect(screen.contains("38;2;192;202;245") && screen.contains("48;2;46;60;100"), "\(screen.debugDescription)")
  }

  @Test func aPaletteTerminalGetsThePalettesNearest() async throws {
    let screen = try await screen(environment: "")
    // #c0caf5 is nearest the cube's 153 (175, 215, 255); #2e3c64 the grey 238 (68, 68, 68).
    #expect(screen.contains("38;5;153") && screen.contains("48;5;238"), "\(screen.debugDescription)")
    #expect(!screen.contains("38;2;") && !screen.contains("48;2;"), "\(screen.debugDescription)")
  }

  @Test func noColorWritesNoColour() async throws {
    let screen = try await screen(environment: "NO_COLOR=1")
    #expect(screen.contains("3 items"))
    let codes = selectGraphicRenditions(in: screen)
    #expect(!codes.isEmpty, "the attributes are still there: \(screen.debugDescription)")
    for code in codes {
      // 39 and 49 are tmux's "default colour": no colour of the app's.
      for parameter in code.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap({ Int($0) }) {
        #expect(![30...38, 40...48, 90...97, 100...107].contains { $0.contains(parameter) }, "a colour in \(code)")
      }
    }
  }

  /// The stopwatch in the dark theme while it runs: every tick rewrites digits on both sides
  /// of the unchanged ".", which ncurses rewrites too (a short run of unchanged cells costs less
  /// than a cursor move). Every byte the app writes after its first frame is recorded
  /// (`pipe-pane -o`): a 24-bit cell is written once, in its exact colour, and never in the
  /// palette's nearest; the screen keeps only exact colours.
  @Test func aRunningStopwatchWritesItsTrueColorCellsOnceAndExactly() async throws {
    let binary = try requireBuiltExecutable("tide-demo")
    let session = TmuxSession(label: "tide-colors-tick", columns: 60, rows: 12)
    defer { withExtendedLifetime(session) {} }
    try await session.startApp(
      binary, ["--screen", "stopwatch", "--theme", "dark", "--data", session.folder.file("todos.json")],
      environment: "env -u NO_COLOR -u TIDE_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor")
    try await session.waitForScreen(containing: "00:00.00")
    let stream = session.folder.file("stream")
    try await session.tmux(["pipe-pane", "-o", "-t", session.name, "cat > '\(stream)'"])
    try await session.send("Space")
    // Two whole seconds: at each, the digits before and after the "." change at once. Any time
    // from 2 s on, not "00:02." itself: on a loaded machine a capture takes longer than the one
    // second that shows it.
    let screen = try await session.waitForScreen("the stopwatch at 2 s or later") { stopwatchSeconds(on: $0) ?? 0 >= 2 }
    try await session.send("Space")
    let colored = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.name]).stdout
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let written = try String(contentsOfFile: stream, encoding: .utf8)
    #expect(written.contains("38;2;125;207;255"), "the digits' exact colour: \(written.debugDescription)")
    #expect(!written.contains("38;5;") && !written.contains("48;5;"), "a palette colour: \(written.debugDescription)")
    #expect(stopwatchSeconds(on: screen) ?? 0 >= 2, "\(screen)")
    #expect(!colored.contains("38;5;") && !colored.contains("48;5;"), "\(colored.debugDescription)")
  }

  /// A resize makes the whole screen be written again: in the dark theme under
  /// `COLORTERM=truecolor`, every cell of it once, in its exact colour — none of it first in
  /// the palette's nearest by ncurses and then again over it.
  @Test func aWholeRedrawWritesTrueColorCellsOnce() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let session = TmuxSession(label: "tide-colors-redraw", columns: 60, rows: 12)
    defer { withExtendedLifetime(session) {} }
    try await session.startApp(
      binary, ["--items", "3", "--theme", "dark"],
      environment: "env -u NO_COLOR -u TIDE_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor")
    try await session.waitForScreen(containing: "3 items")
    let stream = session.folder.file("stream")
    try await session.tmux(["pipe-pane", "-o", "-t", session.name, "cat > '\(stream)'"])
    try await session.tmux(["resize-window", "-t", session.name, "-x", "70", "-y", "14"])
    // Until the redraw's selected row (on #2e3c64) came.
    _ = try await poll { ((try? String(contentsOfFile: stream, encoding: .utf8)) ?? "").contains("48;2;46;60;100") }
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let written = try String(contentsOfFile: stream, encoding: .utf8)
    #expect(written.contains("48;2;46;60;100"), "the redraw with the selected row: \(written.debugDescription)")
    #expect(!written.contains("38;5;") && !written.contains("48;5;"), "a palette colour: \(written.debugDescription)")
  }

  /// A filter that hides the first row moves every row below it up, which ncurses may do by
  /// scrolling the terminal's lines: in the dark theme under `COLORTERM=truecolor`, every cell
  /// still shows its exact colour afterwards, the ones ncurses moved or rewrote included. (Such
  /// an update writes its 24-bit cells twice: ncurses' nearest first, the exact colour over it.)
  @Test func rowsThatMoveKeepTheirTrueColors() async throws {
    let binary = try requireBuiltExecutable("tide-demo")
    let session = TmuxSession(label: "tide-colors-moved", columns: 80, rows: 24)
    defer { withExtendedLifetime(session) {} }
    let todos = ["Buy oat milk", "Café crème", "日本語を勉強する", "Water the plants 🌱", "tea 🍵"].enumerated().map {
      "{\"id\": \($0.offset + 1), \"isDone\": \($0.offset == 0), \"title\": \"\($0.element)\"}"
    }
    let data = session.folder.file("todos.json")
    try "{\"version\": 1, \"todos\": [\(todos.joined(separator: ", "))]}".write(toFile: data, atomically: true, encoding: .utf8)
    try await session.startApp(
      binary, ["--screen", "todos", "--theme", "dark", "--data", data],
      environment: "env -u NO_COLOR -u TIDE_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor")
    try await session.waitForScreen(containing: "Filter: All")
    for (filter, firstRow) in [("Active", "[ ] Café crème"), ("Done", "[x] Buy oat milk"), ("All", "[x] Buy oat milk")] {
      try await session.send("f")
      let screen = try await session.waitForScreen(containing: "Filter: \(filter)")
      #expect(screen.contains(firstRow))
      let colored = try await session.tmux(["capture-pane", "-p", "-e", "-t", session.name]).stdout
      #expect(!colored.contains("38;5;") && !colored.contains("48;5;"), "after Filter: \(filter): \(colored.debugDescription)")
    }
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
  }
}

/// The whole seconds of the first `MM:SS.CC` time on `screen`.
private func stopwatchSeconds(on screen: String) -> Int? {
  let characters = Array(screen)
  guard characters.count >= 8 else { return nil }
  for start in 0...(characters.count - 8) {
    let time = characters[start..<start + 8]
    let digits = [0, 1, 3, 4, 6, 7].map { time[start + $0] }
    guard time[start + 2] == ":", time[start + 5] == ".", digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber)
    else { continue }
    let value = digits.compactMap(\.wholeNumberValue)
    return (value[0] * 10 + value[1]) * 60 + value[2] * 10 + value[3]
  }
  return nil
}

