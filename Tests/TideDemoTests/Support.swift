import Foundation
import Testing
import Tide
import TideDemo
import TideTesting
import TideTerminal

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  let path: String

  init(_ label: String = "tide-demo-tests") {
    path = NSTemporaryDirectory() + "\(label)-\(getpid())-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    // Give back write permission first, in case a test took it away.
    chmodTree(path)
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String { path + "/" + name }

  /// The names in the folder, sorted.
  func contents(_ subfolder: String? = nil) -> [String] {
    let folder = subfolder.map { path + "/" + $0 } ?? path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  private func chmodTree(_ path: String) {
    chmod(path, 0o755)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      var isDirectory: ObjCBool = false
      let child = path + "/" + name
      if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue {
        chmodTree(child)
      }
    }
  }
}

/// The package root, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // TideDemoTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()

/// The folder of replay scripts and their goldens.
let replaysFolder = packageRoot.appendingPathComponent("assets/replays")

/// Replays `script` on a fresh app over a virtual clock and returns the player, for reading its
/// screen and the app's state.
@MainActor
func play(
  _ script: String, screen: Screen = .counter, storage: TodoStorage? = nil,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24)
) async throws -> (app: TerminalApp<AppFeature.State, AppFeature.Action>, player: KeyScriptPlayer<AppFeature.State, AppFeature.Action>) {
  let clock = VirtualClock()
  let app = DemoApp.make(screen: screen, storage: storage, clock: clock)
  let player = KeyScriptPlayer(app: app, clock: clock, size: size)
  try await player.play(KeyScript(parsing: script, file: "inline.keys"))
  return (app, player)
}

/// A line-by-line comparison of two texts for failure messages: each differing line with its
/// number, expected (−) above actual (+).
func lineDiff(expected: String, actual: String) -> String {
  let expectedLines = expected.components(separatedBy: "\n")
  let actualLines = actual.components(separatedBy: "\n")
  var report: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let old = index < expectedLines.count ? expectedLines[index] : nil
    let new = index < actualLines.count ? actualLines[index] : nil
    guard old != new else { continue }
    report.append(String(format: "line %3d", index + 1))
    report.append("  − " + (old.map { "|\($0)|" } ?? "(no line)"))
    report.append("  + " + (new.map { "|\($0)|" } ?? "(no line)"))
  }
  return report.isEmpty ? "(texts are equal line by line; they differ in bytes)" : report.joined(separator: "\n")
}

/// Waits until every effect task of `store` has ended, failing if one is still running after
/// `limit` of real time: an interval that was cancelled ends, one that was not runs on.
///
/// `finish()` checks this only when exhaustive; this also serves tests that turned exhaustivity
/// off. It waits event by event on the store's own count of effect tasks, never by sleeping;
/// `limit` only bounds a task that was never cancelled.
@MainActor
func expectEffectsEnded<State, Action>(
  _ store: TestStore<State, Action>, limit: Duration = .seconds(2),
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let activity = store.store.effectActivity
  let guardTask = Task {
    try? await Task.sleep(for: limit)
    activity.signal()
  }
  defer { guardTask.cancel() }
  let start = ContinuousClock.now
  while true {
    let counts = activity.counts
    if counts.running == 0 { return }
    if ContinuousClock.now - start >= limit {
      Issue.record("\(counts.running) effect(s) still running \(limit) after they should have ended", sourceLocation: sourceLocation)
      return
    }
    await activity.waitForChange(after: counts.version)
  }
}
