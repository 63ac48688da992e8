import Foundation
import Testing

/// ARCHITECTURE.md names types and modules to find one's way in: each must exist, or the map
/// misleads (the README's old map named `RuntimeLoop` and `TerminalEvent` long after they went).
@Suite("ARCHITECTURE.md")
struct ArchitectureMapTests {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every capitalized name in backquotes (`Store`, `Effect.timer`: its type) is a module of
  /// Sources/ or a type declared in Sources/ or Tests/.
  @Test func everyTypeItNamesExists() throws {
    let map = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    // Folders (`Time/`) are checked by the next test.
    let named = Set(map.matches(of: /`([A-Z][A-Za-z0-9]*)([^`]*)`/).filter { $0.output.2 != "/" }.map { String($0.output.1) })
    #expect(named.count > 40, "the map names the core's types: \(named.sorted())")
    let modules = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
    var declared = Set<String>()
    for folder in ["Sources", "Tests"] {
      let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
      while let file = files?.nextObject() as? String {
        guard file.hasSuffix(".swift") else { continue }
        let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
        // Words after a declaring keyword, by a plain scan: a regex over every file of the
        // package took seconds of a pool thread.
        var previous = Substring()
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "<" || $0 == ":" || $0 == "{" }) {
          if ["struct", "class", "enum", "protocol", "actor", "typealias"].contains(previous), word.first?.isUppercase == true {
            declared.insert(String(word.prefix { $0.isLetter || $0.isNumber }))
          }
          previous = word
        }
      }
    }
    let missing = named.filter { !modules.contains($0) && !declared.contains($0) }
    #expect(missing.isEmpty, "named in ARCHITECTURE.md, found nowhere: \(missing.sorted())")
  }

  /// The map's folders of the core are the core's folders.
  @Test func everyFolderOfTheCoreIsOnTheMap() throws {
    let map = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Tide").path)
      .filter { !$0.hasSuffix(".docc") }
    #expect(folders.count >= 5)
    for folder in folders {
      #expect(map.contains("- `\(folder)/`"), "Sources/Tide/\(folder) is on the map")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Tide").path)
      .allSatisfy { !$0.hasSuffix(".swift") }, "every file of the core is in a folder by role")
  }
}
