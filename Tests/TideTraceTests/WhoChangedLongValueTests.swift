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
    /// Long from the start; its first element moved away by a board put before it, and back.
    var groups = [Board(items: (0..<180).map { Item(name: "g\($0)") })]
    /// Long, then none, long again, then short.
    var memo: String? = String(repeating: "m", count: 5000)
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
  /// until action 2, long (about 6 KB) until 1,900, short until 1,950, long after. In between,
  /// its cursor moves, an item is marked, inserted, removed or renamed, its title set; some
  /// actions leave it alone. The first group's items are marked and its cursor moves; a short
  /// board takes its place at action 1,000 and leaves it at 1,500. The memo goes at 700.
  static func step(_ number: Int, _ state: inout State) {
    state.count = number
    switch number {
    case 700: state.memo = nil
    case 800: state.memo = String(repeating: "q", count: 6000)
    case 900: state.memo = "short"
    case 1000: state.groups.insert(Board(items: [Item(name: "s")]), at: 0)
    case 1500: state.groups.remove(at: 0)
    default:
      if number % 10 == 2 { state.groups[0].items[number % state.groups[0].items.count].done.toggle() }
      if number % 10 == 4 { state.groups[0].cursor += 1 }
    }
    var board = state.board
    switch number {
    case 2, 1950: board.items += (0..<200).map { Item(name: "a\(number)-\($0)") }
    case 1900: board.items.removeLast(board.items.count - 5)
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

  /// The states of the session, 0 through 2,000.
  static let states: [State] = {
    var states = [State()]
    for number in 1...2000 {
      var state = states[number - 1]
      step(number, &state)
      states.append(state)
    }
    return states
  }()

  /// The states' JSON and the session's trace, made once for the suite's tests.
  static let encodedStates = states.compactMap { try? JSONValueEncoder.encode($0) }
  static let trace = recordedTrace(app: "board", snapshotInterval: 250, from: State(), actions: 2000, step: step)

  func reader(in folder: TemporaryDirectory) throws -> TraceReader {
    #expect(Self.encodedStates.count == Self.states.count)
    let path = folder.file("board.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.trace)))
    return try TraceReader(path: path, app: "board", appVersion: "1")
  }

  func answer(_ path: String, _ reader: TraceReader) throws -> [String] {
    let text = try TraceQueries.whoChangedText(path, in: reader, app: app, splittingFrom: .max)
    return text.flatMap { $0.split(separator: "\n").map(String.init) }
  }

  /// Each line is an action that changed the value, and no action that changed it is missing.
  /// A short value's line gives it whole before and after; a long value's, the changes inside
  /// it, which applied in order to the state before give the value after: for a struct, a
  /// list's element whose place a splice of the list takes, and a text that goes away.
  @Test(arguments: ["board", "groups[0]", "memo"])
  func eachLineTurnsTheValueBeforeIntoTheValueAfter(path pathText: String) throws {
    let folder = TemporaryDirectory("who-changed-long")
    let lines = try answer(pathText, try reader(in: folder))
    let path = try #require(JSONPath(parsing: pathText))
    let states = Self.encodedStates
    // `null` is how a change writes a member that went away, which a state leaves out.
    func value(_ state: JSONValue) -> JSONValue? { state.value(at: path).flatMap { $0 == .null ? nil : $0 } }
    let changed = (1...2000).filter { value(states[$0]) != value(states[$0 - 1]) }
    #expect(lines.map { Int($0.prefix { $0 != " " }) } == changed)
    var longLines = 0
    for line in lines {
      let words = line.split(separator: " ", maxSplits: 2).map(String.init)
      let number = try #require(Int(words[0]))
      #expect(words[1] == "\(number)", "the action, as the app's: \(line)")
      let (before, after) = (value(states[number - 1]), value(states[number]))
      guard let long = before, long.text.utf8.count > 4_096 else {
        // No value is `(none)`, or `null` where a change set the member that went away.
        func shows(_ written: String, _ value: JSONValue?) -> Bool {
          value.map { written == $0.text } ?? (written == "(none)" || written == "null")
        }
        let shown = words[2].components(separatedBy: " → ")
        #expect(shown.count == 2 && shows(shown[0], before) && shows(shown[1], after), "a short value, whole: \(line.prefix(200))")
        continue
      }
      longLines += 1
      var state = states[number - 1]
      for part in words[2].components(separatedBy: "; ") {
        try apply(part, to: &state, line: line)
      }
      #expect(value(state) == after, "the changes of \(line) give the value after")
      // What a line costs is what it changed: a few items, never the value.
      #expect(line.utf8.count < 200, "\(line.utf8.count) bytes: \(line.prefix(200))")
    }
    #expect(longLines >= (pathText == "memo" ? 1 : 300), "lines of a long value")
  }

  /// What a long value is written as: `(a list of 300 elements)`.
  static func summary(of value: JSONValue?) -> String? {
    switch value {
    case .array(let elements)?: "(a list of \(elements.count) elements)"
    case .object(let members)?: "(an object of \(members.count) members)"
    case .string(let text)?: "(a string of \(text.utf8.count) bytes)"
    default: nil
    }
  }

  /// Applies `part`, `PATH: OLD → NEW` or `PATH[A..<B]: OLD → NEW` (a splice), to `state`,
  /// after checking that OLD is what the state has there (written whole, or summed up when long).
  func apply(_ part: String, to state: inout JSONValue, line: String) throws {
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
    let path = try #require(JSONPath(parsing: pathText), "\(part)")
    let old = state.value(at: path)
    let new: JSONValue = values[1] == "(none)" ? .null : try JSONParser.parse(values[1])
    func matches(_ written: String, _ value: JSONValue?) -> Bool {
      guard let value, value.text.utf8.count > 4_096 else { return written == (value?.text ?? "(none)") }
      return written == Self.summary(of: value)
    }
    if let removed {
      guard case .array(var elements)? = old, case .array(let inserted) = new else {
        Issue.record("a splice of a list: \(part)")
        return
      }
      #expect(matches(values[0], .array(Array(elements[removed]))), "the elements removed: \(part)")
      elements.replaceSubrange(removed, with: inserted)
      state.set(.array(elements), at: path.components[...])
    } else {
      #expect(matches(values[0], old), "the value before: \(part)")
      state.set(new, at: path.components[...])
    }
  }

  /// The same answer read in two parts, for the board, its list, an element and a member of
  /// one; and the actions the browser's `[` and `]` go between are the lines'.
  @Test(arguments: ["board", "board.items", "board.items[5]", "board.items[3].name", "board.title", "groups[0]", "groups", "memo"])
  func twoPartsAnswerAsOne(path: String) throws {
    let folder = TemporaryDirectory("who-changed-long-parts")
    let reader = try reader(in: folder)
    let one = try linesOfTwoParts(path, in: reader, app: app)
    #expect(one.count >= (path == "memo" ? 3 : 100))
    let numbers = try TraceQueries.changingActions(of: try #require(JSONPath(parsing: path)), in: 1...2000, reader: reader)
    #expect(numbers == one.map { Int($0.prefix { $0 != " " }) })
  }

  /// A splice a line makes that does not fit the list (a hand-edited trace: a negative count)
  /// changes nothing and is no change of the value. Trapped before: the part's indices made a
  /// range whose end was below its start.
  @Test func aSpliceThatDoesNotFitIsNoChange() throws {
    var text = String(decoding: Self.trace, as: UTF8.self)
    let splice = #""board.items",5,0,"#
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(#"{"n":13,"#) && $0.contains(splice) })
    text = text.replacingOccurrences(of: String(line), with: line.replacingOccurrences(of: splice, with: #""board.items",5,-1,"#))
    let folder = TemporaryDirectory("who-changed-long-unfit")
    let path = folder.file("board.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let reader = try TraceReader(path: path, app: "board", appVersion: "1")
    let lines = try answer("board", reader)
    #expect(lines.contains { $0.hasPrefix("11 ") } && lines.contains { $0.hasPrefix("15 ") }, "the lines around it")
    #expect(!lines.contains { $0.hasPrefix("13 ") }, "the splice that does not fit changed nothing")
  }
}
