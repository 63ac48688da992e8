import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTestSupport

@testable import tide_dashboard
@testable import tide_files
@testable import tide_edit
@testable import tide_form
@testable import tide_editor
@testable import tide_list
@testable import tide_pager
@testable import tide_progress
@testable import tide_textinput

/// The README's image of each example, `assets/examples/NAME.svg`, is what replaying the sibling
/// `NAME.keys` at 80x24 draws now — what `NAME replay NAME.keys --svg NAME.svg` writes. These
/// tests fail while an image is out of date; `TIDE_RECORD_GOLDENS=all` rewrites them.
@MainActor
@Suite("README images of the examples")
struct ReadmeImageTests {
  nonisolated static let folder = packageRoot.appendingPathComponent("assets/examples")

  @Test(arguments: ["tide-textinput", "tide-list", "tide-pager", "tide-edit", "tide-progress", "tide-editor", "tide-form", "tide-dashboard"])
  func theImageIsUpToDate(name: String) async throws {
    let clock = VirtualClock()
    let script = try KeyScript(
      utf8: try Data(contentsOf: Self.folder.appendingPathComponent(name + ".keys")), file: name + ".keys")
    let fresh: String
    switch name {
    case "tide-textinput": fresh = try await Self.finalImage(of: Greeting.app(launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-form": fresh = try await Self.finalImage(of: SignUp.app(launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-list": fresh = try await Self.finalImage(of: Chooser.app(items: 50, launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-pager":
      let text = try String(contentsOf: Self.folder.appendingPathComponent("tide-pager.txt"), encoding: .utf8)
      fresh = try await Self.finalImage(of: Pager.app(path: "tide-pager.txt", text: text, launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-edit":
      let text = try String(contentsOf: Self.folder.appendingPathComponent("tide-edit.txt"), encoding: .utf8)
      fresh = try await Self.finalImage(of: EditedFile.app(path: "tide-edit.txt", text: text, launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-editor":
      let path = Self.folder.appendingPathComponent("tide-editor.txt").path
      fresh = try await Self.finalImage(of: Editor.app(name: "tide-editor.txt", path: path, launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    case "tide-dashboard": fresh = try await Self.finalImage(of: Dashboard.app(launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    default: fresh = try await Self.finalImage(of: Progress.app(seconds: 4, launch: TerminalLaunch(clock: clock)), clock: clock, script: script)
    }
    Self.compare(fresh, with: name)
  }

  /// tide-files' image shows the folder it lists by the name it was given,
  /// `assets/examples/tide-files`, read from the package root as the README's command is run:
  /// from another folder that name lists nothing, so the test runs only from the root.
  @Test(.enabled(if: FileManager.default.currentDirectoryPath == packageRoot.path, "run from the package root"))
  func theFilesImageIsUpToDate() async throws {
    let clock = VirtualClock()
    let script = try KeyScript(
      utf8: try Data(contentsOf: Self.folder.appendingPathComponent("tide-files.keys")), file: "tide-files.keys")
    let app = Browser.app(folder: "assets/examples/tide-files", launch: TerminalLaunch(clock: clock))
    Self.compare(try await Self.finalImage(of: app, clock: clock, script: script), with: "tide-files")
  }

  /// Records an issue when `fresh` is not the committed `assets/examples/NAME.svg` (or writes it
  /// when TIDE_RECORD_GOLDENS says so).
  static func compare(_ fresh: String, with name: String) {
    let path = Self.folder.appendingPathComponent(name + ".svg").path
    let committed = try? String(contentsOfFile: path, encoding: .utf8)
    guard fresh != committed else { return }
    if ProcessInfo.processInfo.environment["TIDE_RECORD_GOLDENS"] == "all" || committed == nil
      && ProcessInfo.processInfo.environment["TIDE_RECORD_GOLDENS"] == "missing" {
      do { try fresh.write(toFile: path, atomically: true, encoding: .utf8) } catch { Issue.record(error) }
      Issue.record("assets/examples/\(name).svg recorded (TIDE_RECORD_GOLDENS is set): look at it and commit it")
    } else {
      Issue.record(
        """
        assets/examples/\(name).svg is out of date (TIDE_RECORD_GOLDENS=all rewrites it):
        \(Self.firstDifference(committed ?? "", fresh))
        """)
    }
  }

  /// The first line where the committed image and the fresh one differ.
  static func firstDifference(_ committed: String, _ fresh: String) -> String {
    let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
    let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
    let committedLine = line < old.count ? old[line] : "(end)"
    let freshLine = line < new.count ? new[line] : "(end)"
    return "line \(line + 1):\n− \(committedLine)\n+ \(freshLine)"
  }

  /// The final screen of `script` replayed against `app`, as SVG.
  static func finalImage<State, Action>(
    of app: TerminalApp<State, Action>, clock: VirtualClock, script: KeyScript
  ) async throws -> String {
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 80, rows: 24))
    _ = try await player.play(script)
    return SVGWriter.document(for: app.frame(size: player.size))
  }
}
