import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalCommand
import TideTestSupport

/// `--background` on an app's command: unknown values are usage errors naming the allowed ones,
/// and a replay draws adaptive colours for `--background`'s background — dark unless it says
/// light, whatever the machine's terminal.
@MainActor
@Suite("--background")
struct BackgroundOptionTests {
  let folder = TemporaryDirectory("tide-background")

  /// A colour of the app's own, one for each background.
  static let shade = Color.adaptive(light: Color(hex: "#0550ae"), dark: Color(hex: "#7dcfff"))

  /// An app that draws its word in ``shade``, as an outside developer would.
  static var command: TerminalCommand<NoAppOptions, Int, Int> {
    TerminalCommand("shade", version: "1.0.0") { launch in
      TerminalApp(
        store: launch.store(initialState: 0, reducer: Reduce<Int, Int> { _, _ in .none }),
        view: { _, canvas in canvas.draw("shaded", atColumn: 0, row: 0, style: Style(foreground: BackgroundOptionTests.shade)) },
        keyAction: { _, key in key == .character("q") ? 1 : nil },
        quitAction: 1, isFinished: { $0 == 1 })
    }
  }

  func script(_ text: String) throws -> String {
    let path = folder.file("s.keys")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func anUnknownBackgroundExitsTwoNamingTheAllowedOnes() async throws {
    let replay = await run(Self.command, ["replay", try script("expect \"shaded\"\n"), "--background", "grey"])
    #expect(replay.status == 2, "\(replay)")
    #expect(replay.stderr.contains("--background: unknown value 'grey' (allowed: auto, dark, light)"), "\(replay)")
    let live = await run(Self.command, ["--background", "Light"])
    #expect(live.status == 2, "\(live)")
    #expect(live.stderr.contains("--background: unknown value 'Light' (allowed: auto, dark, light)"), "\(live)")
  }

  /// The SVG of a replay: the light side on a light page for `light`; the dark side on a dark
  /// page for `dark`, `auto` and no option at all.
  @Test(arguments: [
    (["--background", "light"], "#0550ae", "#7dcfff", "#ffffff"),
    (["--background", "dark"], "#7dcfff", "#0550ae", "#1c1c1c"),
    (["--background", "auto"], "#7dcfff", "#0550ae", "#1c1c1c"),
    ([], "#7dcfff", "#0550ae", "#1c1c1c"),
  ])
  func aReplayDrawsTheSideForItsBackground(options: [String], drawn: String, notDrawn: String, page: String) async throws {
    let image = folder.file("shade.svg")
    let outcome = await run(Self.command, ["replay", try script("expect \"shaded\"\n"), "--svg", image] + options)
    #expect(outcome.status == 0, "\(outcome)")
    let svg = try String(contentsOfFile: image, encoding: .utf8)
    #expect(svg.contains("fill=\"\(drawn)\""), "\(options): \(svg)")
    #expect(!svg.contains(notDrawn), "\(options): \(svg)")
    #expect(svg.contains("fill=\"\(page)\""), "\(options): the page: \(svg)")
  }
}
