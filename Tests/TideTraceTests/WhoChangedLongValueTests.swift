import Foundation
import Testing
import TideJSON
import TideTerminal
import TideTestSupport
import TideTrace

/// `--who-changed` of a value too long to write whole at every line (a list of 100,000 items):
/// each line gives the changes made inside it, which turn the value before into the value
/// after. Failed before: `tide-list inspect T --who-changed list` was killed for its memory,
/// every line holding the list twice.
@Suite("TideTrace: --who-changed of a long value")
struct WhoChangedLongValueTests {
  struct Item: Codable, Equatable, Sendable {
    var name: String
    var done = false
  }

  struct Board: Codable, Equatable, Sendable {
    var title = "a"
    var cursor = 0
    var items: [Item]
  }

  struct State: Codable, Equatable, Sendable {
    var count = 0
    var board = Board(items: (0..<10).map { Item(name: "i\($0)") })
  }

  /// An action the app has: any number.
  struct Action: Decodable {
    init(from decoder: any Decoder) throws {
      _ = try decoder.singleValueContainer().decode(Int.self)
    }
  }

  let app = InspectedApp(
    name: "board", version: "1", state: State.self, action: Action.self,
    frame: { _ in { _, size in Canvas(columns: size.columns, rows: size.rows) } })

  /// The session: the count changes at each action; the board is short (about 400 bytes of JSON)
  /// until action 2, long (about 9 KB) until 2,900, short until 2,950, long after. In between,
  /// its cursor moves, an item is marked, inserted, removed or renamed, its title set; some
  /// actions leave it alone.
  static func step(_ number: Int, _ state: inout State) {
    state.count = number
    var board = state.board
    switch number {
    case 2, 2950: board.items += (0..<300).map { Item(name: "a\(number)-\($0)") }
    case 2900: board.items.removeLast(board.items.count - 5)
    default:
      switch number % 10 {
      case 0: board.cursor += 1
      case 1: board.items[number % board.items.count].done.toggle()
      case 3: board.items.insert(Item(name: "n\(number)"), at: min(5, board.items.count))
      case 5: board.items.remove(at: min(7, board.items.count - 1))
      case 7: board.title = "t\(number)"
      case 9:
        board.items[min(3, board.items.count - 1)].name = "r\(number)"
        board.cursor += 1
      default: break
      }
    }
    state.board = board
  }

  /// The states of the session, 0 through 3,000.
  static let states: [State] = {
    var states = [State()]
    for number in 1...3000 {
      var state = states[number - 1]
      step(number, &state)
      states.append(state)
    }
    return states
  }()

  func reader(in folder: TemporaryDirectory) throws -> TraceReader {
    let bytes = recordedTrace(app: "board", snapshotInterval: 250, from: State(), actions: 3000, step: Self.step)
    let path = folder.file("board.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return try TraceReader(path: path, app: "board", appVersion: "1")
  }

  func answer(_ path: String, _ reader: TraceReader, splittingFrom: Int = .max) throws -> [String] {
    let text = try TraceQueries.whoChangedText(path, in: reader, app: app, splittingFrom: splittingFrom)
    return String(decoding: text.joined(), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Each line is an action that changed the board, and no action that changed it is missing.
  /// A short board's line gives it whole before and after; a long board's, the changes inside
  /// it, which applied in order to the board before give the board after.
  @Test func eachLineTurnsTheValueBeforeIntoTheValueAfter() throws {
    let folder = TemporaryDirectory("who-changed-long")
    let lines = try answer("board", try reader(in: folder))
    let boards = try Self.states.map { try JSONValueEncoder.encode($0.board) }
    let changed = (1...3000).filter { Self.states[$0].board != Self.states[$0 - 1].board }
    #expect(lines.map { Int($0.prefix { $0 != " " }) } == changed)
    var longLines = 0
    for line in lines {
      let words = line.split(separator: " ", maxSplits: 2).map(String.init)
      let number = try #require(Int(words[0]))
      #expect(words[1] == "\(number)", "the action, as the app's: \(line)")
      let (before, after) = (boards[number - 1], boards[number])
      guard before.text.utf8.count > 4_096 else {
        #expect(words[2] == "\(before.text) → \(after.text)", "a short board, whole")
        continue
      }
      longLines += 1
      var value = before
      for part in words[2].components(separatedBy: "; ") {
        try apply(part, to: &value, line: line)
      }
      #expect(value == after, "the changes of \(line) give the board after")
      // What a line costs is what it changed: a few items, never the board.
      #expect(line.utf8.count < 200, "\(line.utf8.count) bytes: \(line.prefix(200))")
    }
    #expect(longLines > 1500, "most lines are a long board's")
  }

  /// Applies `part`, `PATH: OLD → NEW` or `PATH[A..<B]: OLD → NEW` (a splice), to `value`,
  /// the board, after checking that OLD is what the board has there.
  func apply(_ part: String, to value: inout JSONValue, line: String) throws {
    let place = try #require(part.range(of: ": "), "a part: \(part) in \(line)")
    var pathText = String(part[..<place.lowerBound])
    let values = part[place.upperBound...].components(separatedBy: " → ")
    try #require(values.count == 2, "old → new: \(part)")
    var removed: Range<Int>?
    if let range = pathText.range(of: #"\[[0-9]+\.\.<[0-9]+\]$"#, options: .regularExpression) {
      let bounds = pathText[range].dropFirst().dropLast().components(separatedBy: "..<").compactMap { Int($0) }
      removed = bounds[0]..<bounds[1]
      pathText.removeSubrange(range)
    }
    #expect(pathText.hasPrefix("board"), "a path from the state's top: \(part)")
    let path = try #require(JSONPath(parsing: String(pathText.dropFirst("board".count).drop { $0 == "." })), "\(part)")
    let old = value.value(at: path)
    let new = try JSONParser.parse(values[1])
    if let removed {
      guard case .array(var elements)? = old, case .array(let inserted) = new else {
        Issue.record("a splice of a list: \(part)")
        return
      }
      let shown = Array(elements[removed])
      if values[0] == "(a list of \(removed.count) elements)" {
        #expect(JSONValue.array(shown).text.utf8.count > 4_096, "only a long list is summed up: \(part)")
      } else {
        #expect(try JSONParser.parse(values[0]) == .array(shown), "the elements removed: \(part)")
      }
      elements.replaceSubrange(removed, with: inserted)
      value.set(.array(elements), at: path.components[...])
    } else {
      #expect(old.map(\.text) ?? "(none)" == values[0], "the value before: \(part)")
      value.set(new, at: path.components[...])
    }
  }

  /// The same answer read in two parts, for the board, its list, an element and a member of
  /// one; and the actions the browser's `[` and `]` go between are the lines'.
  @Test(arguments: ["board", "board.items", "board.items[5]", "board.items[3].name", "board.title"])
  func twoPartsAnswerAsOne(path: String) throws {
    let folder = TemporaryDirectory("who-changed-long-parts")
    let reader = try reader(in: folder)
    let parts = try WhoChanged.parts(of: try #require(JSONPath(parsing: path)), in: reader, app: app, splittingFrom: 1)
    #expect(parts.count == 2, "read in two parts")
    let one = try answer(path, reader)
    #expect(one.count > 100)
    #expect(try answer(path, reader, splittingFrom: 1) == one)
    let numbers = try TraceQueries.changingActions(of: try #require(JSONPath(parsing: path)), in: 1...3000, reader: reader)
    #expect(numbers == one.map { Int($0.prefix { $0 != " " }) })
  }
}
