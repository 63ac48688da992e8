import Foundation
import Testing
import TideTestSupport
import TideDemo
import TideTerminal

/// The README's images, `assets/screenshots/NAME.svg`, are what replaying the sibling
/// `NAME.keys` draws now: `make screenshots` rewrites them, and these tests fail while one is out
/// of date.
@MainActor
@Suite("README screenshots")
struct ScreenshotTests {
  nonisolated static let folder = packageRoot.appendingPathComponent("assets/screenshots")

  /// The screenshot scripts, by name, sorted.
  nonisolated static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".keys") }.map { String($0.dropLast(".keys".count)) }.sorted()
  }()

  @Test func theReadmeImagesAreThere() {
    // Guards the argument list below: an empty folder would make the up-to-date test vacuous.
    for name in ["counter", "stopwatch", "todos", "help"] {
      #expect(Self.names.contains(name), "missing assets/screenshots/\(name).keys")
      #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(name + ".svg").path),
        "missing assets/screenshots/\(name).svg (run `make screenshots`)")
    }
  }

  @Test(arguments: names)
  func theImageIsUpToDate(name: String) async throws {
    let output = TemporaryDirectory()
    defer { withExtendedLifetime(output) {} }
    let image = output.file(name + ".svg")
    // As `make screenshots` runs it: `tide-demo replay NAME.keys --svg NAME.svg`.
    _ = try await runDemoReplay(["replay", Self.folder.appendingPathComponent(name + ".keys").path, "--svg", image])
    let fresh = try String(contentsOfFile: image, encoding: .utf8)
    let committed = try String(contentsOf: Self.folder.appendingPathComponent(name + ".svg"), encoding: .utf8)
    if fresh != committed {
      Issue.record(
        """
        assets/screenshots/\(name).svg is out of date (run `make screenshots` after reviewing):
        \(lineDiff(expected: committed, actual: fresh))
        """)
    }
  }

  /// The theme gallery, `assets/themes/todos-THEME.svg`: the todos screenshot's script replayed
  /// in each built-in theme (`--theme THEME`), as `make screenshots` writes them.
  @Test(arguments: ["default", "dark", "light", "mono"])
  func theThemeImageIsUpToDate(theme: String) async throws {
    let output = TemporaryDirectory()
    defer { withExtendedLifetime(output) {} }
    let image = output.file("todos-\(theme).svg")
    _ = try await runDemoReplay([
      "replay", Self.folder.appendingPathComponent("todos.keys").path, "--theme", theme, "--svg", image,
    ])
    let fresh = try String(contentsOfFile: image, encoding: .utf8)
    let path = packageRoot.appendingPathComponent("assets/themes/todos-\(theme).svg").path
    let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    if fresh != committed {
      Issue.record(
        """
        assets/themes/todos-\(theme).svg is out of date (run `make screenshots` after reviewing):
        \(lineDiff(expected: committed, actual: fresh))
        """)
    }
  }
}
