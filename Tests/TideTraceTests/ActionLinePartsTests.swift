import Testing
import TideTrace

/// The parts of an action line found without building its tree, as `--who-changed` reads a
/// million lines: the same whether the action of a line before is known or not.
@Suite("TideTrace: an action line's parts")
struct ActionLinePartsTests {
  struct Parts: Equatable {
    var action: String
    var changes: [String]
    var paths: [String]
  }

  func parts(of line: String, knownAction: String? = nil) -> Parts? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBytes { line in
      func found(_ known: UnsafeRawBufferPointer?) -> Parts? {
        ActionLineParts(line, knownAction: known).map { parts in
          Parts(
            action: String(decoding: line[parts.action], as: UTF8.self),
            changes: parts.changes.map { String(decoding: line[$0.change], as: UTF8.self) },
            paths: parts.changes.map { String(decoding: line[$0.path], as: UTF8.self) })
        }
      }
      guard let knownAction else { return found(nil) }
      return Array(knownAction.utf8).withUnsafeBytes { found($0) }
    }
  }

  @Test func theActionAndEachChangeWithItsPathAreFound() {
    let line = #"{"n":12,"t":0.5,"key":"+","action":{"counter":{"_0":{"increment":{}}}},"changes":[["counter.count",12],["a\"b",[1,"]"]]]}"#
    #expect(parts(of: line) == Parts(
      action: #"{"counter":{"_0":{"increment":{}}}}"#,
      changes: [#"["counter.count",12]"#, #"["a\"b",[1,"]"]]"#],
      paths: ["counter.count", #"a\"b"#]))
  }

  /// A known action (one found in a line before, so a whole value) is passed over only when
  /// the line's action is exactly its bytes: never a number that a longer one starts with, never
  /// one running past the line, never one followed by anything but the next member or the
  /// line's end, never an empty one (before any line was taken apart).
  @Test(arguments: [
    #"{"counter":{"_0":{"increment":{}}}}"#, "1", "12", #""up""#, #"{"other":{}}"#, "[]", "",
  ])
  func aKnownActionChangesNothingFound(known: String) {
    let lines = [
      #"{"n":1,"t":0,"action":{"counter":{"_0":{"increment":{}}}},"changes":[["counter.count",1]]}"#,
      #"{"n":1,"t":0,"action":{"counter":{"_0":{"increment":{}}}}x,"changes":[]}"#,
      #"{"n":1,"t":0,"action":12,"changes":[["count",12]]}"#,
      #"{"n":1,"t":0,"action":1,"changes":[]}"#,
      #"{"n":1,"t":0,"action":"up","changes":[]}"#,
      #"{"n":1,"t":0,"changes":[],"action":"up"}"#,
      #"{"n":1,"t":0,"action":"up""#,
      #"{"n":1,"t":0,"action":{"counter":{"_0":{"increment":{}}}}"#,
      #"{"n":1,"t":0,"action":,"changes":[]}"#,
    ]
    for line in lines {
      #expect(parts(of: line, knownAction: known) == parts(of: line), "\(line) with \(known) known")
    }
    #expect(parts(of: lines[0]) != nil)
    #expect(parts(of: lines[1]) == nil)
    #expect(parts(of: lines[5])?.action == #""up""#)
  }
}
