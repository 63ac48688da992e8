import Testing
import TideJSON

@testable import TideTrace

/// A state far from a snapshot is the changes of thousands of lines applied in turn, read from
/// each line's parts (`changesAsStepReadsThem`) instead of its whole tree: they must be the
/// changes the full parse reads, and every line the full parse refuses must be left to it, so
/// that what is wrong with the line is still said, with its line number.
@Suite("TideTrace: a line's changes read from its parts")
struct ChangesFromPartsTests {
  /// Lines the full parse reads: each is read from its parts, to the same changes.
  static let plainLines = [
    #"{"n":1,"t":0.5,"key":"j","action":{"list":{"_0":{"move":{"_0":{"down":{}}}}}},"changes":[["list.cursor",7]]}"#,
    #"{"n":2,"t":1,"action":3,"changes":[["items",1,0,[{"name":"a"}]],["a.b",{"c":[1,2]}],["",{"x":1}]]}"#,
    #"{"n":3,"t":2,"paste":"hi","action":0,"changes":[]}"#,
    #"{"n":4,"t":2,"resize":[80,24],"action":0,"changes":[["size",[80,24]]]}"#,
    #"{"n":5,"t":2,"pointer":["press left",1,2,0],"action":0,"changes":[["items[3].done",true]]}"#,
    #"{"n":6,"t":0,"action":0,"changes":[["a\"b",1],["list.query.text","x,\"]"]]}"#,
    #"{"n":7,"t":0,"action":0,"changes":[["list.items",0,2,[]],["list.items",5,0,[1,2]]]}"#,
  ]

  /// Lines the full parse refuses, or reads though they are not plain: never read from parts.
  static let otherLines = [
    #"{"n":1,"t":0,"action":0,"changes":[],"x":1}"#,
    #"{"n":1,"t":0,"t":1,"action":0,"changes":[]}"#,
    #"{"n":1,"t":-1,"action":0,"changes":[]}"#,
    #"{"n":1,"t":"0","action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"key":"j","paste":"x","action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"key":"no such key","action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"key":7,"action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"resize":[0,24],"action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"pointer":["press",1,2,0],"action":0,"changes":[]}"#,
    #"{"n":1,"t":0,"action":0,"changes":[["a"]]}"#,
    #"{"n":1,"t":0,"action":0,"changes":[[1,2]]}"#,
    #"{"n":1,"t":0,"action":0,"changes":[["a",1,2]]}"#,
    #"{"n":1,"t":0,"action":0,"changes":[["a",1,2,3]]}"#,
    #"{"n":1,"\u0074":0,"action":0,"changes":[["a",1]]}"#,
    #"{"n":1,"t":0,"action":0,"action":1,"changes":[]}"#,
    #"{"n":1,"t":0,"key":"j","action":0,"changes":[["a"]]}"#,
    #"{"n":1,"t":"0","key":"j","action":0,"changes":[]}"#,
  ]

  func readFromParts(_ line: String, paths: inout ChangePaths, inputs: inout SpellingsSeen) -> [StateChange]? {
    Array(line.utf8).withUnsafeBytes { bytes in
      ActionLineParts(bytes)?.changesAsStepReadsThem(in: bytes, paths: &paths, inputs: &inputs)
    }
  }

  func fullParse(_ line: String) -> [StateChange]? {
    try? TraceStep(parsing: Array(line.utf8), path: "t.trace", line: 2).changes
  }

  @Test func aPlainLinesChangesAreTheFullParsesChanges() throws {
    // One cache for all, as a walk keeps one: a path read before is the same path again, an
    // input spelled as one checked before passes again.
    var paths = ChangePaths()
    var inputs = SpellingsSeen()
    for _ in 0..<2 {
      for line in Self.plainLines {
        let full = try #require(fullParse(line), "the full parse reads \(line)")
        #expect(readFromParts(line, paths: &paths, inputs: &inputs) == full, "\(line)")
      }
    }
  }

  @Test func everyOtherLineIsLeftToTheFullParse() {
    // Twice, and after the plain lines' inputs were checked: an input refused once is refused
    // again, and one checked before does not let another line's wrong parts pass.
    var paths = ChangePaths()
    var inputs = SpellingsSeen()
    for line in Self.plainLines { _ = readFromParts(line, paths: &paths, inputs: &inputs) }
    for _ in 0..<2 {
      for line in Self.otherLines {
        #expect(readFromParts(line, paths: &paths, inputs: &inputs) == nil, "\(line)")
      }
    }
    // All but the escaped member's name are refused, and said why.
    #expect(Self.otherLines.filter { fullParse($0) != nil } == [#"{"n":1,"\u0074":0,"action":0,"changes":[["a",1]]}"#])
  }
}
