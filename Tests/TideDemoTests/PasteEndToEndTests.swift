import Foundation
import Testing
import TideTestSupport

/// Bracketed paste in a real terminal: tmux's `paste-buffer -p` wraps the text in the paste
/// markers because the app turned bracketed paste on.
@Suite(
  "Bracketed paste in tmux", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct PasteEndToEndTests {
  /// Pasted into the input line, then pasted on the list, where it must run no command: the
  /// first text is shown as `title`.
  @Test(arguments: [
    // A line break becomes a space; the tab and the bell are dropped. On the list, no new todo,
    // no toggle, no delete (without bracketed paste tmux would send keys, and `dd` would delete).
    ("buy\nmilk\tnow\u{7}!", "buy milknow!", "x\ndd\nab"),
    // The text holds ESC [ 201 ~, the end marker: the terminal sends it as it is, then its own
    // marker, so what follows it in the text is text too (the ESC dropped as every control
    // character is), and on the list `dda` after it is no command either.
    ("buy\u{1B}[201~ milk", "buy[201~ milk", "x\u{1B}[201~dda"),
  ])
  func aPasteIsTextInTheInputLineAndNoCommandElsewhere(text: String, title: String, onTheList: String) async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")

    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.paste(text)
    try await session.waitForScreen(containing: "New todo: \(title)")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] \(title)")

    try await session.paste(onTheList)
    try await session.send("j")  // a key after the paste: once it is handled, so was the paste
    try await session.send("x")
    let screen = try await session.waitForScreen(containing: "> [x] \(title)")
    #expect(!screen.contains("New todo"), "\(screen)")
    #expect(screen.contains("0 items left"), "\(screen)")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }
}
