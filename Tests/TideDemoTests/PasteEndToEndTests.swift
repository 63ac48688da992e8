import Foundation
import Testing

/// Bracketed paste in a real terminal: tmux's `paste-buffer -p` wraps the text in the paste
/// markers because the app turned bracketed paste on.
@Suite(
  "Bracketed paste in tmux", .serialized,
  .enabled(if: tmuxPath != nil, "tmux is not installed; run `make deps`"))
struct PasteEndToEndTests {
  func paste(_ text: String, into session: EndToEndTests.Session) async throws {
    try await session.tmux(["set-buffer", "-b", "paste", "--", text])
    try await session.tmux(["paste-buffer", "-p", "-b", "paste", "-t", session.name])
  }

  @Test func aPasteIsTextInTheInputLineAndNoCommandElsewhere() async throws {
    let binary = try requireTideDemo()
    let session = EndToEndTests.Session(tmux: tmuxPath!)
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("todos.json")
    try await session.start(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")

    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    // A line break becomes a space; the tab and the bell are dropped.
    try await paste("buy\nmilk\tnow\u{7}!", into: session)
    try await session.waitForScreen(containing: "New todo: buy milknow!")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] buy milknow!")

    // On the list, pasted text is not a series of commands: no new todo, no toggle, no delete.
    // (Without bracketed paste tmux would send these as keys, and `dd` would delete.)
    try await paste("x\ndd\nab", into: session)
    try await session.send("j")  // a key after the paste: once it is handled, so was the paste
    try await session.send("x")
    let screen = try await session.waitForScreen(containing: "> [x] buy milknow!")
    #expect(!screen.contains("New todo"), "\(screen)")
    #expect(screen.contains("0 items left"), "\(screen)")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }
}
