import Foundation
import Testing
import TideTestSupport

/// Grapheme clusters ncurses cannot hold in one cell — a flag, a skin tone, a ZWJ family — reach
/// the real terminal whole, and the text after them stays where the canvas put it.
@Suite(
  "Grapheme clusters in tmux", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct ClusterEndToEndTests {
  @Test func emojiSequencesAreWrittenWhole() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    try await session.startDemo(binary, ["--data", session.folder.file("todos.json"), "--screen", "todos"])
    try await session.waitForScreen(containing: "No todos yet")
    let title = "flag 🇯🇵 thumb 👍🏽 family 👨‍👩‍👧 end"
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.paste(title)
    try await session.send("Enter")
    let screen = try await session.waitForScreen("the todo with its emoji") { $0.contains("end") && $0.contains("1 item left") }
    let row = try #require(screen.split(separator: "\n").first { $0.contains("flag") })
    #expect(row.contains(title), "every scalar arrived, in order: \(row.unicodeScalars.map { String($0.value, radix: 16) })")
    #expect(!row.contains("\u{3000}"), "no placeholder left over")
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
  }
}
