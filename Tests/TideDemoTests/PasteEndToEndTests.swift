import Foundation
import Testing
import TideTestSupport

/// Bracketed paste in a real terminal: tmux's `paste-buffer -p` wraps the text in the paste
/// markers because the app turned bracketed paste on.
@Suite(
  "Bracketed paste in tmux", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct PasteEndToEndTests {
  @Test func aPasteIsTextInTheInputLineAndNoCommandElsewhere() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")

    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    // A line break becomes a space; the tab and the bell are dropped.
    try await session.paste("buy\nmilk\tnow\u{7}!")
    try await session.waitForScreen(containing: "New todo: buy milknow!")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] buy milknow!")

    // On the list, pasted text is not a series of commands: no new todo, no toggle, no delete.
    // (Without bracketed paste tmux would send these as keys, and `dd` would delete.)
    try await session.paste("x\ndd\nab")
    try await session.send("j")  // a key after the paste: once it is handled, so was the paste
    try await session.send("x")
    let screen = try await session.waitForScreen(containing: "> [x] buy milknow!")
    #expect(!screen.contains("New todo"), "\(screen)")
    #expect(screen.contains("0 items left"), "\(screen)")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }

  @Test func aPasteHoldingTheEndMarkersBytesStaysOnePaste() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    // The text holds ESC [ 201 ~, the end marker: the terminal sends it as it is, then its own.
    try await session.paste("buy\u{1B}[201~ milk")
    try await session.waitForScreen(containing: "New todo: buy[201~ milk")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] buy[201~ milk")

    // On the list, what follows the marker in the text is no command either: d would delete,
    // a would open the input line.
    try await session.paste("x\u{1B}[201~dda")
    try await session.send("x")  // a key after the paste: once it is handled, so was the paste
    let screen = try await session.waitForScreen(containing: "> [x] buy[201~ milk")
    #expect(!screen.contains("New todo"), "\(screen)")
    #expect(screen.contains("0 items left"), "\(screen)")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }
}
