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
}
