import Foundation
import Testing
import TideTestSupport

@testable import TideDemo

/// Todo files written to hurt: nested without end, keys given twice, numbers in unusual forms.
/// None may crash the app, lose a todo silently, or refuse a file whose meaning is clear.
@MainActor
@Suite("Hostile todo files")
struct HostileFileTests {
  static func nested(_ depth: Int) -> String {
    let open = String(repeating: "[", count: depth)
    let close = String(repeating: "]", count: depth)
    return #"{"version":1,"todos":[],"x":"# + open + close + "}"
  }

  @Test func twoHundredThousandLevelsAreMovedAsideAsCorruptNotACrash() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let bytes = Data(Self.nested(200_000).utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    let loaded = TodoStorage(path: path).load(now: PersistenceTests.fixedDate)
    #expect(loaded.todos.isEmpty)
    let details = try #require(loaded.warning?.details)
    #expect(details.contains("it nests deeper than 512 levels (line 1, column 540)"), "\(details)")
    #expect(folder.contents().filter { !$0.hasSuffix(".lock") } == [PersistenceTests.asideName])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(PersistenceTests.asideName))) == bytes)
  }

  @Test func nestingIsLimitedAnywhereInTheFile() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
    let todo = #"{"version":1,"todos":[{"#
    let files: [String] = [
      todo + #""id":1,"title":"a","isDone":false,"tags":"# + deep + "}]}",
      todo + #""id":"# + deep + #","title":"a","isDone":false}]}"#,
      todo + #""id":1,"title":"a","isDone":"# + deep + "}]}",
      todo + #""id":1,"title":"# + deep + #","isDone":false}]}"#,
      #"{"version":"# + deep + #","todos":[]}"#,
      #"{"version":1,"todos":[],"x":"# + objects + "}",
    ]
    // A list of lists is no list of todos: that is said first.
    #expect(throws: TodoJSON.Failure(reason: "todos[0] has the wrong type")) {
      try TodoFile.decode(Data((#"{"version":1,"todos":"# + deep + "}").utf8))
    }
    for json in files {
      #expect(throws: TodoJSON.Failure.self) { try TodoFile.decode(Data(json.utf8)) }
      do {
        _ = try TodoFile.decode(Data(json.utf8))
      } catch {
        #expect(error.reason.hasPrefix("it nests deeper than 512 levels"), "\(error.reason)")
      }
    }
  }

  @Test func exactly512LevelsAreReadAnd513AreNot() throws {
    // The top-level object is the first level.
    let file = try TodoFile.decode(Data(Self.nested(511).utf8))
    #expect(file.unknownFields == ["x"])
    #expect(throws: TodoJSON.Failure.self) { try TodoFile.decode(Data(Self.nested(512).utf8)) }
  }

  @Test func aKeyGivenTwiceIsRecordedWithItsPath() throws {
    let todoA = #"{"id":1,"title":"A","isDone":false}"#
    let todoB = #"{"id":2,"title":"B","isDone":false}"#
    let twoLists = #"{"version":1,"todos":["# + todoA + #"],"todos":["# + todoB + "]}"
    let lists = try TodoFile.decode(Data(twoLists.utf8))
    #expect(lists.duplicateKeys == ["todos"])
    #expect(lists.todos == [Todo(id: 1, title: "A")], "the first value is kept")

    let titles = try TodoFile.decode(Data(#"{"version":1,"todos":[{"id":1,"title":"a","title":"b","isDone":false}]}"#.utf8))
    #expect(titles.duplicateKeys == ["todos[0].title"])
    #expect(titles.todos == [Todo(id: 1, title: "a")])

    let nested = try TodoFile.decode(Data(#"{"version":1,"todos":[],"x":[{"k":1,"j":2,"k":3}]}"#.utf8))
    #expect(nested.duplicateKeys == ["x…k"])

    for json in [
      #"{"version":1,"version":1,"todos":[]}"#,
      #"{"version":1,"todos":[{"id":1,"id":1,"title":"a","isDone":false}]}"#,
      #"{"version":1,"todos":[{"id":1,"title":"a","isDone":false,"isDone":true}]}"#,
      #"{"version":1,"todos":[{"id":1,"title":"a","isDone":false,"z":1,"z":2}]}"#,
    ] {
      #expect(try TodoFile.decode(Data(json.utf8)).duplicateKeys.count == 1, "\(json)")
    }
    let distinct = try TodoFile.decode(Data(#"{"version":1,"todos":[{"id":1,"title":"a","isDone":false}],"x":{"a":{"a":1}}}"#.utf8))
    #expect(distinct.duplicateKeys.isEmpty, "the same key in different objects is no duplicate")
  }

  @Test func aDuplicateKeyOpensTheFileReadOnlyNamingTheKeyAndNeverOverwritesIt() async throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    let original = Data(
      #"{"version":1,"todos":[{"id":1,"title":"A","isDone":false}],"todos":[{"id":2,"title":"B","isDone":false}]}"#.utf8)
    try original.write(to: URL(fileURLWithPath: path))
    let storage = TodoStorage(path: path)
    let loaded = storage.load()
    #expect(loaded.todos == [Todo(id: 1, title: "A")])
    let reason = try #require(loaded.readOnly?.details)
    #expect(reason.contains(#"has a key twice in one object ("todos")"#), "\(reason)")
    try await storage.save([Todo(id: 2, title: "B")])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
  }

  @Test(arguments: [
    ("1.0", 1), ("1e2", 100), ("1E+2", 100), ("100e-2", 1), ("1.5e1", 15), ("-0", 0), ("-0.0", 0), ("0e999999999999", 0),
    ("-2.50e1", -25), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ("9.223372036854775807e18", Int.max), ("92233720368547758070e-1", Int.max), ("1000000000000000000000e-21", 1),
  ])
  func wholeNumbersInAnyFormReadAsIntegers(written: String, value: Int) throws {
    let json = #"{"version":1.0,"todos":[{"id":"# + written + #","title":"t","isDone":false}]}"#
    let file = try TodoFile.decode(Data(json.utf8))
    #expect(file.version == 1)
    #expect(file.todos.map(\.id) == [value])
  }

  @Test(arguments: [
    ("1.5", "todos[0].id is not a whole number"), ("1e-1", "todos[0].id is not a whole number"),
    ("123e-2", "todos[0].id is not a whole number"), ("1e-999999999999", "todos[0].id is not a whole number"),
    ("9223372036854775808", "todos[0].id is too large"), ("-9223372036854775809", "todos[0].id is too large"),
    ("1e19", "todos[0].id is too large"), ("1e999999999999", "todos[0].id is too large"),
    (#""7""#, "todos[0].id has the wrong type"), ("[1]", "todos[0].id has the wrong type"),
  ])
  func whatIsNoIntegerSaysWhy(written: String, reason: String) {
    let json = #"{"version":1,"todos":[{"id":"# + written + #","title":"t","isDone":false}]}"#
    #expect(throws: TodoJSON.Failure(reason: reason)) { try TodoFile.decode(Data(json.utf8)) }
  }

  @Test func aByteOrderMarkIsAccepted() throws {
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let path = folder.file("todos.json")
    try (Data([0xEF, 0xBB, 0xBF]) + Data(#"{"version":1,"todos":[{"id":1e0,"title":"bom","isDone":true}]}"#.utf8))
      .write(to: URL(fileURLWithPath: path))
    let loaded = TodoStorage(path: path).load()
    #expect(loaded.todos == [Todo(id: 1, title: "bom", isDone: true)])
    #expect(loaded.warning == nil)
    #expect(loaded.readOnly == nil)
  }
}
