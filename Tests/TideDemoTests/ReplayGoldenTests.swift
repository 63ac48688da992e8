import Foundation
import Testing
import TideTestSupport
import Tide
import TideTerminal

@testable import TideDemo

/// Every `assets/replays/NAME.keys` with a sibling `NAME.screen` is replayed in-process and must
/// print exactly its golden, byte for byte (`make goldens` rewrites them from the binary).
@MainActor
@Suite("Replay goldens")
struct ReplayGoldenTests {
  /// The script names that have a golden, sorted.
  nonisolated static let scriptsWithGoldens: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: replaysFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".keys") }
      .map { String($0.dropLast(".keys".count)) }
      .filter { names.contains($0 + ".screen") }
      .sorted()
  }()

  /// What `tide-demo replay SCRIPT` writes to standard output: each output line ends in "\n".
  @MainActor
  static func replay(_ path: String, frames: Bool = false) async throws(CommandOutcome) -> String {
    try await runDemoReplay(["replay", path] + (frames ? ["--frames"] : [])).map { $0 + "\n" }.joined()
  }

  @Test func theGoldensAreThere() {
    // Guards the argument list below: an empty folder would make the golden test vacuous.
    #expect(Self.scriptsWithGoldens.count >= 10, "found \(Self.scriptsWithGoldens) in \(replaysFolder.path)")
    for name in ["counter", "counter-alert", "stopwatch", "todos-add", "todos-list", "help", "resize"] {
      #expect(Self.scriptsWithGoldens.contains(name), "missing \(name).keys/.screen")
    }
  }

  @Test(arguments: scriptsWithGoldens)
  func replayMatchesItsGolden(name: String) async throws {
    let script = replaysFolder.appendingPathComponent(name + ".keys").path
    let golden = try String(contentsOf: replaysFolder.appendingPathComponent(name + ".screen"), encoding: .utf8)
    let actual: String
    do {
      actual = try await Self.replay(script)
    } catch {
      Issue.record("\(name).keys failed: \(error)")
      return
    }
    if Array(actual.utf8) != Array(golden.utf8) {
      Issue.record(
        """
        \(name).keys no longer prints \(name).screen (run `make goldens` after reviewing):
        \(lineDiff(expected: golden, actual: actual))
        """)
    }
  }

  @Test func theSameScriptGivesTheSameFramesEveryTime() async throws {
    let script = replaysFolder.appendingPathComponent("stopwatch.keys").path
    let first = try await Self.replay(script, frames: true)
    let second = try await Self.replay(script, frames: true)
    #expect(first.contains("--- frame 1 (after 0: start)"))
    let frameCount = first.components(separatedBy: "\n--- frame ").count
    #expect(frameCount > 50, "expected a frame per redraw while running, got \(frameCount)")
    if first != second {
      Issue.record("Two replays of stopwatch.keys differ:\n\(lineDiff(expected: first, actual: second))")
    }
  }

  @Test func framesWhileRunningAreRedrawnAtTheTickRate() async throws {
    let clock = VirtualClock()
    let app = DemoApp.make(screen: .stopwatch, storage: nil, clock: clock)
    var frames: [KeyScriptPlayer<AppFeature.State, AppFeature.Action>.Frame] = []
    _ = try await TideTestSupport.replay("keys space\nwait 1s\nkeys space\n", on: app, clock: clock, onFrame: { frames.append($0) })
    let times = frames.compactMap { frame in
      frame.screen.split(separator: "\n").lazy.compactMap { $0.wholeMatch(of: /\s*(\d\d:\d\d\.\d\d)/)?.1 }.first
    }.map(String.init)
    // Every tick (60 a second) gives a new frame showing the clock's time.
    #expect(times.first == "00:00.00")
    #expect(times.contains("00:00.01"))
    #expect(times.contains("00:00.50"))
    #expect(times.last == "00:01.00")
    #expect(frames.filter { $0.source == "wait 1s" }.count == 60)
  }

  @Test func aFailingExpectationReportsTheLineAndTheScreen() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("failing.keys")
    try "keys +\nexpect \"Count: 2\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    do {
      _ = try await Self.replay(path)
      Issue.record("the replay should have failed")
    } catch {
      #expect(error.status == 1)
      #expect(error.message.hasPrefix("\(path):2: expectation failed: expect \"Count: 2\""))
      #expect(error.message.contains("Count: 1"))
    }
  }

  @Test func aLineAfterTheQuitIsStatusOneNamingTheLine() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("late.keys")
    try "keys + q\n\n# never runs:\nexpect \"Count: 5\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    do {
      _ = try await Self.replay(path)
      Issue.record("a script with lines after the quit must not pass")
    } catch {
      #expect(error.status == 1)
      #expect(error.message == "\(path):4: the app quit at line 1; this line never ran")
    }
  }

  @Test func aScriptErrorIsStatusTwoWithItsPosition() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("bad.keys")
    try "keys +\nkeys tab ctrl-1\n".write(toFile: path, atomically: true, encoding: .utf8)
    do {
      _ = try await Self.replay(path)
      Issue.record("the replay should have failed")
    } catch {
      #expect(error.status == 2)
      #expect(error.message == "\(path):2:10: error: unknown key 'ctrl-1'")
    }
  }

  @Test func quittingOnTheLastLineEndsTheScriptThere() async throws {
    let (app, player) = try await play("keys + q +\n# only a comment after the quit\n")
    #expect(app.store.state.isQuitting)
    #expect(app.store.state.counter.count == 1)
    #expect(player.screenText.contains("Count: 1"))
  }
}
