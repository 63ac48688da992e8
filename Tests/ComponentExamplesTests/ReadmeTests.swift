import Foundation
import Testing
import TideTestSupport

/// The README is the front door: short, its links and images there, its code the code that
/// compiles.
@Suite("README")
struct ReadmeTests {
  let readme: String

  init() throws {
    readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
  }

  @Test func itIsReadInFiveMinutes() {
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 400, "README.md has \(lines) lines; the rest belongs in the DocC articles")
  }

  @Test func everyLinkAndImageInTheRepositoryExists() throws {
    let targets = try Regex(#"\]\(([^)\s]+)\)"#)
    var checked = 0
    for match in readme.matches(of: targets) {
      let target = String(match.output[1].substring ?? "")
      if target.contains("://") || target.hasPrefix("#") { continue }
      let path = String(target.split(separator: "#", maxSplits: 1)[0])
      #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "README.md links to \(path), which does not exist")
      checked += 1
    }
    #expect(checked > 20, "the README's links were not found: \(checked)")
  }

  @Test func itShowsTideCounterAsItIs() throws {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("Examples/tide-counter/main.swift"), encoding: .utf8)
    #expect(readme.contains("```swift\n" + source + "```"), "README.md does not show Examples/tide-counter/main.swift as it is")
  }

  @Test func itShowsTheCounterTestAsItIs() throws {
    let tests = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/ComponentExamplesTests/CounterExampleTests.swift"),
      encoding: .utf8)
    let start = try #require(tests.range(of: "  // snippet: readme-test\n"))
    let end = try #require(tests.range(of: "  // end snippet", range: start.upperBound..<tests.endIndex))
    let indented = tests[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    let snippet = indented.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
    #expect(readme.contains("```swift\n@MainActor\n" + snippet + "```"), "README.md does not show CounterExampleTests' first test as it is")
  }
}
