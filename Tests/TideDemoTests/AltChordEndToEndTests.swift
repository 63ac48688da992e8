import Foundation
import Testing
import TideTestSupport

/// Alt-chords in a real terminal: the terminal sends escape and the key together. Before
/// `Key.alt` the app read them as two keys, so alt-d in the input line was esc (the input
/// cancelled, the typed text lost) and then `d` (the selected todo deleted and saved).
@Suite(
  "Alt-chords in tmux", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct AltChordEndToEndTests {
  @Test func anAltChordInTheInputLineNeitherCancelsItNorRunsACommand() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-alt")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")
    try await session.send("a")
    try await session.type("first")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] first")

    try await session.send("a")
    try await session.type("buy milk")
    try await session.waitForScreen(containing: "New todo: buy milk")
    try await session.send("M-d")
    // An escape sequence no terminfo entry names (ESC [ 1 ; 9 Z) is dropped whole, not typed.
    try await session.tmux(["send-keys", "-t", session.name, "-H", "1b", "5b", "31", "3b", "39", "5a"])
    try await session.type("!")
    let screen = try await session.waitForScreen(containing: "New todo: buy milk!")
    #expect(screen.contains("> [ ] first"), "\(screen)")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "2 items left")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    let saved = try String(contentsOfFile: data, encoding: .utf8)
    #expect(saved.contains("first") && saved.contains("buy milk!"), "\(saved)")
  }
}
