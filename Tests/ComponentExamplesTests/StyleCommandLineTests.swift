import Foundation
import Testing
import TideTestSupport

/// `--color`, `--theme` and `--background` on an example's command line, as a user runs it: unknown values are
/// usage errors naming the allowed ones, and the exports carry the chosen profile's colours.
extension ExampleCommandLineTests {
  @Test func unknownValuesExitTwoNamingTheAllowedOnes() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let keys = try script("keys q\n")
    let color = try await runProcess(binary, ["replay", keys, "--color", "lots"])
    #expect(color.status == 2, "\(color)")
    #expect(color.stderr.contains("--color: unknown value 'lots' (allowed: auto, none, 16, 256, truecolor)"), "\(color)")
    let theme = try await runProcess(binary, ["replay", "--theme", "neon", keys])
    #expect(theme.status == 2, "\(theme)")
    #expect(theme.stderr.contains("--theme: unknown value 'neon' (allowed: default, dark, light, mono)"), "\(theme)")
    let background = try await runProcess(binary, ["replay", keys, "--background", "grey"])
    #expect(background.status == 2, "\(background)")
    #expect(background.stderr.contains("--background: unknown value 'grey' (allowed: auto, dark, light)"), "\(background)")
    let live = try await runProcess(binary, ["--theme", "neon"])
    #expect(live.status == 2 && live.stderr.contains("allowed: default, dark, light, mono"), "\(live)")
    var environment = ProcessInfo.processInfo.environment
    environment["TIDE_COLOR"] = "lots"
    let variable = try await runProcess(binary, [], environment: environment)
    #expect(variable.status == 2, "\(variable)")
    #expect(variable.stderr == "tide-list: error: TIDE_COLOR: unknown value 'lots' (allowed: none, 16, 256, truecolor)\n", "\(variable)")
  }

  /// The dark theme's selected row (#c0caf5 on #2e3c64) and accent (#7aa2f7) as each profile
  /// writes them in a cast: exactly, as the nearest palette colours (#2e3c64 is nearest the grey
  /// 238, #7aa2f7 the cube's 111), as the nearest ANSI ones, or not at all.
  @Test(arguments: [
    ("truecolor", ["38;2;192;202;245;48;2;46;60;100m", "38;2;122;162;247m"], ["38;5;"]),
    ("256", ["48;5;238m", "38;5;111m"], ["38;2;"]),
    ("16", ["100m", "94m"], ["38;", "48;"]),
    ("none", ["\\u001b[0;1m"], ["38;", "48;", ";3", ";4", ";9"]),
  ])
  func aCastCarriesTheChosenProfilesColours(color: String, present: [String], absent: [String]) async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let cast = folder.file("list-\(color).cast")
    let outcome = try await runProcess(
      binary, ["replay", "--items", "3", try script("keys / 2\n"), "--theme", "dark", "--color", color, "--cast", cast])
    #expect(outcome.status == 0, "\(outcome)")
    // Only the SGR sequences (not the cursor moves), each as `\u001b[...m`, one a line.
    let text = selectGraphicRenditions(in: try String(contentsOfFile: cast, encoding: .utf8), escape: "\\u001b[")
      .map { "\\u001b[\($0)m" }.joined(separator: "\n")
    for sequence in present { #expect(text.contains(sequence), "\(color): \(sequence) in \(text)") }
    for sequence in absent { #expect(!text.contains(sequence), "\(color): no \(sequence) in \(text)") }
  }

  @Test func anSVGShowsTheThemesColoursExactly() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let image = folder.file("list.svg")
    let outcome = try await runProcess(binary, ["replay", "--items", "3", try script("keys down\n"), "--theme", "dark", "--svg", image])
    #expect(outcome.status == 0, "\(outcome)")
    let svg = try String(contentsOfFile: image, encoding: .utf8)
    #expect(svg.contains(##"fill="#2e3c64""##) && svg.contains(##"fill="#c0caf5""##) && svg.contains(##"fill="#737aa2""##), "\(svg)")
  }
}
