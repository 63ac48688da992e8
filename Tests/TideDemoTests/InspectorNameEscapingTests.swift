import TideJSON
import Foundation
import Testing
import Tide
import TideTrace
import TideDemo
import TideTerminal
import TideTerminalCommand

/// Names from outside — a trace's file name, its app's name, text typed in the session — never
/// reach an export or a message raw: a line break in a trace's name once put
/// `fatalError("pwned")` into an exported test as a line of code, and into an exported key
/// script as a command (issue 37, finding 7).
@MainActor
@Suite("Inspector: names are escaped in exports and messages")
struct InspectorNameEscapingTests {
  static let hostileName = "evil\nfatalError(\"pwned\")\n\u{1B}[2J.trace"
  static let escapedHostileName = #"evil\u{A}fatalError("pwned")\u{A}\u{1B}[2J.trace"#

  /// A replay's trace of `script`, copied to a file named `name` in `folder`.
  func trace(_ script: String, named name: String, in folder: URL) async throws -> String {
    let (trace, _) = try await traceOfReplay(script, in: folder)
    let path = folder.appendingPathComponent(name).path
    try FileManager.default.copyItem(atPath: trace, toPath: path)
    return path
  }

  @Test func aTraceNamedWithALineBreakStaysInsideTheExportedTestsComment() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = try await trace("keys + +\n", named: Self.hostileName, in: folder)
    let plain = try await trace("keys + +\n", named: "plain.trace", in: folder)
    let hostileTest = folder.appendingPathComponent("Hostile.swift").path
    let plainTest = folder.appendingPathComponent("Plain.swift").path
    #expect(inspect(hostile, .exportTest(1...2, file: hostileTest)).failure == nil)
    #expect(inspect(plain, .exportTest(1...2, file: plainTest)).failure == nil)
    let lines = try String(contentsOfFile: hostileTest, encoding: .utf8).components(separatedBy: "\n")
    let plainLines = try String(contentsOfFile: plainTest, encoding: .utf8).components(separatedBy: "\n")
    #expect(lines.first == "// Exported by: tide-demo inspect \(Self.escapedHostileName) --export-test 1..2")
    // Only the name differs: the name added no line of its own.
    #expect(Array(lines.dropFirst()) == Array(plainLines.dropFirst()))
    #expect(!lines.contains { $0.contains("\u{1B}") || $0 == "fatalError(\"pwned\")" })
  }

  /// The sibling export: the key script's header comment holds the name on its one line, so the
  /// script still parses (it failed with "unknown command 'fatalError(\"pwned\")'").
  @Test func aTraceNamedWithALineBreakStaysInsideTheExportedScriptsComment() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = try await trace("keys + +\n", named: Self.hostileName, in: folder)
    let file = folder.appendingPathComponent("out.keys").path
    #expect(inspect(hostile, .exportKeys(through: 2, file: file)).failure == nil)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("# key script exported from \(folder.path)/\(Self.escapedHostileName) up to action 2"))
    #expect(throws: Never.self) { try KeyScript(utf8: Array(text.utf8), file: file) }
    #expect(!text.contains("\u{1B}"))
  }

  /// Typed text in a trace reaches the exported test only inside a literal whose value is the
  /// text: `\#(code)` inside a raw literal `#"…"#` is an interpolation, and ran as code.
  @Test func typedTextThatLooksLikeAnInterpolationStaysText() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let title = ##"a\#(fatalError())"## + "\"#b\\##(x)"
    let script = "keys tab tab a\ntype \(title.quotedLiteral(escaping: { _ in false }, as: { _ in "" }))\nkeys enter\n"
    let path = try await trace(script, named: "typed.trace", in: folder)
    let reader = try TraceQueries.open(path, app: demoInspected)
    let file = folder.appendingPathComponent("Typed.swift").path
    #expect(inspect(path, .exportTest(1...reader.actionCount, file: file)).failure == nil)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    var values: [String] = []
    for literal in Self.literals(in: exported) {
      let value = try #require(Self.value(ofSwiftLiteral: literal), "not a plain literal: \(literal)")
      values.append(value)
    }
    #expect(values.count > 3)
    // The title as JSON writes it, in the change that added the todo.
    #expect(values.contains { $0.contains(JSONValue.string(title).text) })
  }

  /// A text with a control character becomes an escaped literal, which a raw one cannot be.
  @Test func aTextWithAControlCharacterBecomesAnEscapedLiteral() {
    for text in ["plain", "a\"#b", "line\nbreak", "esc\u{1B}[2J", "back\\slash\u{85}", "tab\there"] {
      let literal = SwiftSource.stringLiteral(text)
      #expect(Self.value(ofSwiftLiteral: Substring(literal)) == text, "\(literal)")
      #expect(!literal.unicodeScalars.contains(where: isEscapedInMessages), "\(literal)")
    }
  }

  /// Messages name a file, a trace's app or a typed text with its control characters escaped.
  @Test func messagesShowControlCharactersEscaped() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = try await trace("keys +\n", named: "good.trace", in: folder)
    // A malformed trace with a hostile name.
    let broken = folder.appendingPathComponent(Self.hostileName)
    try "garbage\n".write(to: broken, atomically: true, encoding: .utf8)
    let notATrace = inspect(broken.path, .screen(after: 0)).failure?.description ?? ""
    #expect(notATrace.hasPrefix("\(folder.path)/\(Self.escapedHostileName):1: error:"), "\(notATrace)")
    // A trace whose app is named with an escape sequence.
    var lines = try traceLines(good)
    lines[0] = lines[0].replacingOccurrences(of: #""app":"tide-demo""#, with: #""app":"x\u001b[2J\n""#)
    let other = folder.appendingPathComponent("other.trace")
    try (lines.joined(separator: "\n") + "\n").write(to: other, atomically: true, encoding: .utf8)
    let otherApp = inspect(other.path, .screen(after: 0)).failure?.description ?? ""
    #expect(otherApp.contains(#"this is a trace of x\u{1B}[2J\u{A}, not of tide-demo"#), "\(otherApp)")
    // An export to a path in a folder that does not exist, named with a line break.
    let missing = folder.appendingPathComponent("no\nfolder/out.keys").path
    let refused = inspect(good, .exportKeys(through: 1, file: missing)).failure?.description ?? ""
    #expect(refused.hasPrefix(#"\#(folder.path)/no\u{A}folder/out.keys: error:"#), "\(refused)")
    for message in [notATrace, otherApp, refused] {
      #expect(!message.unicodeScalars.contains(where: isEscapedInMessages), "\(message)")
    }
  }

  // MARK: Reading the exported literals back, by Swift's rules

  /// The string literals after `TraceFixture.state(`, `.action(` and `.apply(` in `source`.
  static func literals(in source: String) -> [Substring] {
    var found: [Substring] = []
    for line in source.split(separator: "\n") {
      for call in ["TraceFixture.state(", "TraceFixture.action(", "TraceFixture.apply("] {
        guard let start = line.firstRange(of: call)?.upperBound else { continue }
        found.append(line[start...])
      }
    }
    return found
  }

  /// The value of the Swift string literal at the start of `text`, or `nil` when it is not one
  /// plain literal: an interpolation, an escape a raw literal would take, a control character.
  static func value(ofSwiftLiteral text: Substring) -> String? {
    let hashes = text.prefix { $0 == "#" }.count
    var rest = text.dropFirst(hashes)
    guard rest.first == "\"" else { return nil }
    rest = rest.dropFirst()
    let close = "\"" + String(repeating: "#", count: hashes)
    let escape = "\\" + String(repeating: "#", count: hashes)
    var value = ""
    while !rest.isEmpty {
      if rest.hasPrefix(close) { return value }
      if rest.hasPrefix(escape) {
        rest = rest.dropFirst(escape.count)
        guard let next = rest.first else { return nil }
        rest = rest.dropFirst()
        switch next {
        case "\"": value += "\""
        case "\\": value += "\\"
        case "n": value += "\n"
        case "r": value += "\r"
        case "t": value += "\t"
        case "u":
          guard rest.first == "{", let end = rest.firstIndex(of: "}"),
            let code = UInt32(rest[rest.index(after: rest.startIndex)..<end], radix: 16), let scalar = Unicode.Scalar(code)
          else { return nil }
          value.unicodeScalars.append(scalar)
          rest = rest[rest.index(after: end)...]
        default:
          return nil  // an interpolation, or an escape Swift does not have
        }
        continue
      }
      guard let scalar = rest.unicodeScalars.first, !isEscapedInMessages(scalar) || (hashes > 0 && scalar == "\t") else {
        return nil
      }
      value.unicodeScalars.append(scalar)
      rest = Substring(rest.unicodeScalars.dropFirst())
    }
    return nil
  }
}
