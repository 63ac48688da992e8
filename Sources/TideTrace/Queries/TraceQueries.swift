import TideJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Tide
import TideTerminal

/// The inspector's answers for scripts and tests (`APP inspect TRACE --at N` and the others):
/// each reads only what it needs of the trace through a ``TraceReader``.
package enum TraceQueries {
  /// Opens a trace of `app`, or fails with status 2 and the problem.
  package static func open(_ path: String, app: InspectedApp, follow: Bool = false) throws(InspectFailure) -> TraceReader {
    do {
      let reader = try TraceReader(path: path, app: app.name, appVersion: app.version)
      if !follow { reader.finishReading() }
      return reader
    } catch {
      throw InspectFailure(status: 2, message: error.description)
    }
  }

  /// The screen after action `number`, drawn by the app's own view at the terminal's size then:
  /// plain text, each row's trailing spaces removed, as `APP replay` prints it.
  package static func screen(after number: Int, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) -> String {
    try canvas(after: number, in: reader, app: app).text()
  }

  /// The app's screen after action `number`, the too-small message included.
  package static func canvas(after number: Int, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) -> Canvas {
    let state = try decodedState(after: number, in: reader, app: app, readingAhead: true).decoded
    do {
      return try app.screen(of: state, size: reader.size(after: number), arguments: reader.header.arguments)
    } catch let failure as InspectFailure {
      throw failure
    } catch {
      throw notAState(of: app, after: number, in: reader, error)
    }
  }

  /// The state after action `number` as indented JSON: a state of the app, as `--at` needs
  /// one to draw (a trace whose changes make a state the app cannot hold is refused alike by
  /// both, where `--state-at` printed it and exited 0).
  package static func stateText(after number: Int, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) -> String {
    try checkedState(after: number, in: reader, app: app).prettyText
  }

  /// The state after action `number`, checked to be a state of the app, as are the lines it
  /// is read from (``checkLinesRead(from:upTo:in:app:)``).
  /// `linesFrom`: the first action whose line is checked, when an answer reads more lines than
  /// those after the snapshot (an exported test, its whole range).
  package static func checkedState(
    after number: Int, linesFrom first: Int? = nil, in reader: TraceReader, app: InspectedApp
  ) throws(InspectFailure) -> JSONValue {
    try decodedState(after: number, linesFrom: first, in: reader, app: app).json
  }

  /// ``checkedState(after:linesFrom:in:app:)`` and the state it decoded to check it, which a
  /// screen is drawn from (a state of 100,000 items was decoded twice).
  private static func decodedState(
    after number: Int, linesFrom first: Int? = nil, in reader: TraceReader, app: InspectedApp, readingAhead: Bool = false
  ) throws(InspectFailure) -> (json: JSONValue, decoded: InspectedApp.DecodedState) {
    let walked = try checkLinesRead(
      from: first ?? reader.snapshotNumber(atOrBefore: number) + 1, upTo: number, in: reader, app: app, readingAhead: readingAhead)
    let state: JSONValue
    if let walked {
      state = walked
    } else {
      // No line after the snapshot: action `number` (a snapshot's own) is checked here.
      try checkAction(number, in: reader, app: app)
      state = try checked(reader) { () throws(TraceProblem) in try reader.state(after: number) }
    }
    do {
      return (state, try app.decodedState(state, memo: reader.decodingMemo))
    } catch {
      throw notAState(of: app, after: number, in: reader, error)
    }
  }

  /// Checks the lines the state after `number` is read from — those after the snapshot before
  /// it: each action is the app's (each spelling decoded once), and the state after any change
  /// that sets a value of another kind than the one before it, or splices a list, is one the
  /// app can hold. A change of the wrong type that a later line overwrote is named all the same
  /// (hostile pass: `--state-at 5` answered where `--state-at 3` refused), for at most a
  /// snapshot interval of lines.
  /// Returns the state after `number`, made by applying the lines it checked (each read once),
  /// or `nil` when there were none to check.
  /// `readingAhead`: a long walk reads its later lines on another thread meanwhile
  /// (``LinesReadAhead``), for a person waiting for a step, not for a walk that has other
  /// threads at work beside it.
  package static func checkLinesRead(
    from first: Int, upTo number: Int, in reader: TraceReader, app: InspectedApp, readingAhead: Bool = false
  ) throws(InspectFailure) -> JSONValue? {
    guard first >= 1, first <= number else { return nil }
    var actions = Set<JSONValue>()
    // The lines up to a state this question kept were checked then: checking starts after it.
    var state: JSONValue
    var next = first
    if let kept = reader.checkedState(in: first - 1...number, checkedFrom: first) {
      state = kept.state
      next = kept.number + 1
    } else {
      state = try checked(reader) { () throws(TraceProblem) in try reader.state(after: first - 1) }
    }
    guard next <= number else { return state }
    // States kept along a long walk, sixteen at most: a step back from `number` then starts
    // from the nearest one instead of the snapshot.
    var walk = LineWalk(first: first, next: next, number: number, spacing: max(1024, (number - next + 1) / 16))
    var reading = ActionLineReading()
    // A long walk's later half read on another thread meanwhile: this one then applies it,
    // which takes about a seventh of what reading it does (most lines only set values
    // followed, ``LineWalk``).
    var ahead: LinesReadAhead?
    if readingAhead, number - next + 1 >= LinesReadAhead.fewestLines, let copy = reader.copyForAnotherThread() {
      ahead = LinesReadAhead.start(copy, numbers: next + (number - next + 1) / 2...number)
    }
    defer { ahead?.stop() }
    try walk.readAndApply(next...(ahead.map { $0.numbers.lowerBound - 1 } ?? number), reading: &reading, state: &state, actions: &actions, in: reader, app: app)
    if let ahead {
      if let read = ahead.take() {
        var start = 0
        for (offset, end) in read.ends.enumerated() {
          try walk.apply(
            action: read.actions[offset], changes: read.changes[start..<end], ahead.numbers.lowerBound + offset,
            state: &state, actions: &actions, in: reader, app: app)
          start = end
        }
        if let failure = read.failure { throw InspectFailure(status: 2, message: failure.description) }
      } else {
        try walk.readAndApply(ahead.numbers, reading: &reading, state: &state, actions: &actions, in: reader, app: app)
      }
    }
    walk.settle(&state)
    reader.keepChecked(state, after: number, linesFrom: first)
    return state
  }

  /// A walk of the lines from `next` to `number`, checked from `first`.
  private struct LineWalk {
    let first: Int
    let next: Int
    let number: Int
    /// How many lines apart the walk keeps the states it makes.
    let spacing: Int
    /// The values the last lines set at a few paths, none inside another, each of the kind the
    /// value there had: a cursor moving line after line, with the top row at times. A line that
    /// only sets such values changes no kind, so the state's check is the same whether it is
    /// applied or not, and the next one overwrites them: the last are applied when the state is
    /// next read (``settle(_:)``).
    private var settled: [(path: JSONPath, value: JSONValue, kind: Int, isApplied: Bool)] = []
    /// The most paths ``settled`` follows.
    private static let settledPaths = 8

    init(first: Int, next: Int, number: Int, spacing: Int) {
      (self.first, self.next, self.number, self.spacing) = (first, next, number, spacing)
    }

    /// Reads the lines of the actions in `numbers` and applies them in turn
    /// (``apply(action:changes:_:state:actions:in:app:)``).
    mutating func readAndApply(
      _ numbers: ClosedRange<Int>, reading: inout ActionLineReading, state: inout JSONValue, actions: inout Set<JSONValue>,
      in reader: TraceReader, app: InspectedApp
    ) throws(InspectFailure) {
      // A check's failure, carried out of the reader's loop, which throws trace problems only.
      var failure: InspectFailure?
      do throws(TraceProblem) {
        try reader.forEachActionLineInPlace(in: numbers) { index, line throws(TraceProblem) in
          let read = try reading.read(line, ofAction: index, in: reader)
          do throws(InspectFailure) {
            try apply(action: read.action, changes: read.changes[...], index, state: &state, actions: &actions, in: reader, app: app)
          } catch {
            failure = error
            throw TraceProblem(path: reader.path, line: reader.line(ofAction: index), message: error.message)
          }
        }
      } catch {
        throw failure ?? InspectFailure(status: 2, message: error.description)
      }
    }

    /// Checks and applies the line of action `index`, its action (`nil`: a spelling checked before)
    /// unless `actions` holds it, and changes (``applyChecked(_:_:state:in:app:)``), keeping the
    /// states the walk keeps.
    mutating func apply(
      action: JSONValue?, changes: ArraySlice<StateChange>, _ index: Int, state: inout JSONValue, actions: inout Set<JSONValue>,
      in reader: TraceReader, app: InspectedApp
    ) throws(InspectFailure) {
      // The browser asks next for the state before the step it shows, for the old values: kept
      // before this last line is checked, as the state after `number - 1`, whose lines all passed.
      if index == number {
        settle(&state)
        reader.keepChecked(state, after: number - 1, linesFrom: first)
      }
      if let action, actions.insert(action).inserted { try check(action: action, number: index, in: reader, app: app) }
      if !setsFollowedValues(changes) {
        settle(&state)
        try applyChecked(changes, index, state: &state, in: reader, app: app)
        follow(changes)
      }
      if (index - next + 1) % spacing == 0, index < number - 1 {
        settle(&state)
        reader.keepChecked(state, after: index, linesFrom: first)
      }
    }

    /// Notes the values of `changes`, each set at a path ``settled`` follows, of the kind of the
    /// value there, if every change is such a set; else changes nothing and returns `false`.
    private mutating func setsFollowedValues(_ changes: ArraySlice<StateChange>) -> Bool {
      guard !settled.isEmpty, !changes.isEmpty else { return false }
      for change in changes {
        guard case .set(let path, let value) = change, place(of: path, kind: kind(of: value)) != nil else { return false }
      }
      for case .set(let path, let value) in changes {
        guard let place = place(of: path, kind: kind(of: value)) else { continue }
        // The line's own path, so that the next line's is found by its storage.
        settled[place] = (path, value, settled[place].kind, false)
      }
      return true
    }

    /// Where ``settled`` follows `path`, whose value there is of `kind`. A line's paths are
    /// most often the ones the line before held (``ChangePaths``), found by their storage
    /// before they are compared.
    private func place(of path: JSONPath, kind: Int?) -> Int? {
      guard let kind else { return nil }
      let storage = path.components.withUnsafeBufferPointer { $0.baseAddress }
      for place in settled.indices where settled[place].path.components.withUnsafeBufferPointer({ $0.baseAddress }) == storage {
        return settled[place].kind == kind ? place : nil
      }
      for place in settled.indices where settled[place].kind == kind && settled[place].path == path { return place }
      return nil
    }

    /// Follows the values `changes`, just applied, set: the next lines may set them again.
    private mutating func follow(_ changes: ArraySlice<StateChange>) {
      for change in changes {
        guard case .set(let path, let value) = change, let kind = kind(of: value) else {
          // A splice: the list it changed may hold a path followed.
          settled = []
          return
        }
        if let place = settled.firstIndex(where: { $0.path == path }) {
          settled[place] = (path, value, kind, true)
          continue
        }
        // None inside another, so that the order they are applied in does not matter.
        settled.removeAll { Self.isWithin($0.path, path) || Self.isWithin(path, $0.path) }
        if settled.count == Self.settledPaths { settled.removeFirst() }
        settled.append((path, value, kind, true))
      }
    }

    /// Whether `inner` is `outer` or a path inside it.
    private static func isWithin(_ inner: JSONPath, _ outer: JSONPath) -> Bool {
      inner.components.count >= outer.components.count && inner.components.starts(with: outer.components)
    }

    /// Applies the values of ``settled`` not in `state` yet.
    mutating func settle(_ state: inout JSONValue) {
      for place in settled.indices where !settled[place].isApplied {
        // The path holds a value of the same kind: the replace finds it.
        _ = state.replace(at: settled[place].path, with: settled[place].value)
        settled[place].isApplied = true
      }
    }
  }

  /// Applies `changes`, action `index`'s, to `state`, checking it where a value changed kind. A
  /// static function handed what it changes: a local one capturing it cost a dynamic check of
  /// exclusive access a line.
  private static func applyChecked(
    _ changes: ArraySlice<StateChange>, _ index: Int, state: inout JSONValue, in reader: TraceReader, app: InspectedApp
  ) throws(InspectFailure) {
    var changesKind = false
    for change in changes {
      // A value set where one is already: replaced where it is found, one walk down, its kind
      // before compared with the new value's.
      if case .set(let path, let value) = change, let replaced = state.replace(at: path, with: value) {
        let old = kind(of: replaced)
        if old == nil || old != kind(of: value) { changesKind = true }
        continue
      }
      // A splice, or a value where there was none (which `set` makes the way to).
      guard change.apply(to: &state) else {
        let problem = TraceProblem(
          path: reader.path, line: reader.line(ofAction: index), message: "the change to \(change.path) does not fit the state before it")
        throw InspectFailure(status: 2, message: problem.description)
      }
      changesKind = true
    }
    if changesKind {
      do {
        try app.check(state, memo: reader.decodingMemo)
      } catch {
        throw notAState(of: app, after: index, in: reader, error)
      }
    }
  }

  /// Fails as ``check(action:number:in:app:)`` when action `number` (none for 0) is not the app's:
  /// an answer about the state after it names it.
  private static func checkAction(_ number: Int, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) {
    guard number > 0 else { return }
    let step = try checked(reader) { () throws(TraceProblem) in try reader.step(number) }
    try check(action: step.action, number: number, in: reader, app: app)
  }

  /// Fails with status 2, naming its line, when `action`, action `number` of the trace, is not
  /// an action of the app: an export or an answer never shows one as if it were.
  package static func check(action: JSONValue, number: Int, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) {
    do {
      try app.actionCheck(action)
    } catch {
      throw notAnAction(number, of: app.name, in: reader, error)
    }
  }

  /// The failure for action `number`, which `error` says is not an action of `app`.
  static func notAnAction(_ number: Int, of app: String, in reader: TraceReader, _ error: any Error) -> InspectFailure {
    let problem = TraceProblem(path: reader.path, line: reader.line(ofAction: number), message: "action \(number) is not an action of \(app): \(error)")
    return InspectFailure(status: 2, message: problem.description)
  }

  /// The failure for a state after action `number` that is not the app's, naming the line whose
  /// changes made it so: the action before which the state was still the app's, found by
  /// halving (a few states read and checked, whatever the trace's length).
  private static func notAState(of app: InspectedApp, after number: Int, in reader: TraceReader, _ error: any Error) -> InspectFailure {
    var (good, bad, problem) = (-1, number, error)
    while bad - good > 1 {
      let middle = good + (bad - good) / 2
      guard let state = try? reader.state(after: middle) else { break }
      do {
        try app.check(state, memo: reader.decodingMemo)
        good = middle
      } catch {
        (bad, problem) = (middle, error)
      }
    }
    let line = bad == 0 ? 1 : reader.line(ofAction: bad)
    let trace = TraceProblem(
      path: reader.path, line: line, message: "the state after action \(bad) is not a state of \(app.name): \(problem)")
    return InspectFailure(status: 2, message: trace.description)
  }

  /// One line per action that changed the value at `path`: `N ACTION old → new`.
  /// Each action a line shows is checked to be the app's, and so is the state at the end.
  package static func whoChanged(_ pathText: String, in reader: TraceReader, app: InspectedApp) throws(InspectFailure) -> [String] {
    try whoChangedText(pathText, in: reader, app: app).flatMap { $0.split(separator: "\n").map(String.init) }
  }

  /// ``whoChanged(_:in:app:)``'s lines in blocks of whole lines, to be written one after the
  /// other, each block without its last line break (no line holds one: values are JSON and
  /// actions' names are escaped). Written straight as bytes and made into text a block at a
  /// time, on the thread that read them: a field every action of a million changes is a
  /// million lines, and a string a line cost more than reading them. `splittingFrom`: the
  /// fewest actions read on two threads (``WhoChanged``).
  package static func whoChangedText(
    _ pathText: String, in reader: TraceReader, app: InspectedApp, splittingFrom: Int = WhoChanged.smallestSplit,
    endCheckedFirst: Bool? = nil
  ) throws(InspectFailure) -> [String] {
    let path = try fieldPathSyntax(pathText, in: reader, option: "--who-changed")
    // Checked, not written out: the text of a state of 100,000 items was made and dropped. The
    // same state tells whether the path is a field of it (it was made twice).
    let parts = try WhoChanged.parts(of: path, in: reader, app: app, splittingFrom: splittingFrom, endCheckedFirst: endCheckedFirst) { reader, app throws(InspectFailure) in
      let last = try checkedState(after: reader.actionCount, in: reader, app: app)
      _ = try fieldPath(path, text: pathText, in: reader, option: "--who-changed", stateAtEnd: last)
    }
    // The states a part left to this thread, then the failure that ended it, in the order of
    // the lines: the first that fails is the answer, as when one thread reads every line.
    for part in parts {
      for number in part.stateChecks {
        let state = try checked(reader) { () throws(TraceProblem) in try reader.state(after: number) }
        do {
          try app.check(state, memo: reader.decodingMemo)
        } catch {
          throw notAState(of: app, after: number, in: reader, error)
        }
      }
      if let failure = part.failure { throw failure }
    }
    return parts.flatMap(\.blocks)
  }

  /// A value's JSON text, or `(none)`.
  static func writeValue(_ value: JSONValue?, to text: inout [UInt8]) {
    if let value { value.write(to: &text) } else { text.append(contentsOf: "(none)".utf8) }
  }

  /// A value's kind, as a change can keep it or not; `nil` for no value or `null`.
  static func kind(of value: JSONValue?) -> Int? {
    switch value {
    case nil, .null?: nil
    case .bool?: 1
    case .integer?, .unsignedInteger?: 2
    case .number?: 3
    case .string?: 4
    case .array?: 5
    case .object?: 6
    }
  }

  /// A dotted path of the state (`counter.count`, `todos.todos[0].title`) that the trace's
  /// state has, at its start or at its end (``JSONValue/missingField(at:)``); else a usage error
  /// naming `option`, the path and the fields there are.
  package static func fieldPath(_ pathText: String, in reader: TraceReader, option: String) throws(InspectFailure) -> JSONPath {
    try fieldPath(try fieldPathSyntax(pathText, in: reader, option: option), text: pathText, in: reader, option: option)
  }

  /// `pathText` read as a dotted path, or the usage error ``fieldPath(_:in:option:)`` gives.
  private static func fieldPathSyntax(_ pathText: String, in reader: TraceReader, option: String) throws(InspectFailure) -> JSONPath {
    guard let path = JSONPath(parsing: pathText), case .key? = path.components.first else {
      throw InspectFailure(status: 2, message: "\(reader.header.app): \(option): '\(escapedName(pathText))' is not a dotted path of the state (such as count, items[0].title)")
    }
    return path
  }

  /// `path` if the trace's state has it at its start or at its end (`stateAtEnd`, when the
  /// caller has it), else the usage error of ``fieldPath(_:in:option:)``.
  private static func fieldPath(
    _ path: JSONPath, text pathText: String, in reader: TraceReader, option: String, stateAtEnd: JSONValue? = nil
  ) throws(InspectFailure) -> JSONPath {
    // A path through an empty list or a null may be there later; the end state then says
    // whether it is (`todos.todos[0].nope` passed an empty start and printed nothing). A field
    // the start does not show may be there by the end too (an optional set since).
    let atStart = reader.header.state.missingField(at: path)
    let last = stateAtEnd ?? (reader.actionCount > 0 ? try? reader.state(after: reader.actionCount) : nil)
    let atEnd = last.map { $0.missingField(at: path) } ?? atStart
    guard let missing = atEnd else { return path }
    throw InspectFailure(status: 2, message: "\(reader.header.app): \(option): the state has no field '\(escapedName(pathText))' (\(escapedName(missing)))")
  }

  /// The actions among `numbers` that changed the value at `path` (a path whose first key the
  /// state has), in order, stopping after `limit`.
  package static func changingActions(
    of path: JSONPath, in numbers: ClosedRange<Int>, reader: TraceReader, limit: Int = .max
  ) throws(TraceProblem) -> [Int] {
    var found: [Int] = []
    try forEachChange(of: path, in: numbers, reader: reader, limit: limit) { number, _, _ throws(TraceProblem) in
      found.append(number)
    }
    return found
  }

  /// The action of a line that changed a path: its bytes as the line has them, parsed only
  /// when asked for.
  struct LineAction {
    /// The action's JSON as written; `nil` when the line needed the full parse.
    var bytes: UnsafeRawBufferPointer?
    fileprivate var parsed: JSONValue?
    fileprivate var line: UnsafeRawBufferPointer
    fileprivate var number: Int
    fileprivate var reader: TraceReader

    func value() throws(TraceProblem) -> JSONValue {
      if let parsed { return parsed }
      if let bytes, let value = try? JSONParser.parse(bytes) { return value }
      // The full parse says what is wrong, with the line's own byte offsets.
      return try TraceStep(parsing: Array(line), path: reader.path, line: reader.line(ofAction: number)).action
    }
  }

  /// Hands `found` each action among `numbers` that changed the value at `path`, with how it
  /// changed it (``ValueChange``), stopping after `limit`.
  ///
  /// Only a change at the path, inside it or at one of its ancestors can move its value (for a
  /// path through an array, any change under its first key, as an element's index may move): a
  /// line is looked at only when a byte search finds such a change's path in it, its parts are
  /// found by ``ActionLineParts`` without building its tree, and only those changes are parsed
  /// and applied — to the chain of objects leading to the value, or to the part of the state
  /// under the first key.
  private static func forEachChange(
    of path: JSONPath, in numbers: ClosedRange<Int>, reader: TraceReader, limit: Int = .max,
    _ found: (_ number: Int, _ action: LineAction, _ change: ValueChange) throws(TraceProblem) -> Void
  ) throws(TraceProblem) {
    guard reader.actionCount > 0 else { return }
    let start = try reader.state(after: numbers.clamped(to: 1...reader.actionCount).lowerBound - 1)
    _ = try forEachChange(of: path, in: numbers, reader: reader, from: start, limit: limit, found)
  }

  /// What of a state ``forEachChange(of:in:reader:from:limit:_:)`` reads the path's value from:
  /// for a path through an array, the part under its first key; else the value alone, at its
  /// place. Two states with equal ones give the same answer.
  static func carried(of path: JSONPath, in state: JSONValue) -> JSONValue {
    guard case .key(let top)? = path.components.first else { return .null }
    if path.components.contains(where: { if case .index = $0 { true } else { false } }) {
      return .object([JSONMember(key: top, value: state[top] ?? .null)])
    }
    return placed(state.value(at: path), at: path)
  }

  /// A tree that holds only `value` at `path`, with the objects leading to it; `null` for no
  /// value.
  private static func placed(_ value: JSONValue?, at path: JSONPath) -> JSONValue {
    var tree = JSONValue.null
    if let value { tree.set(value, at: path.components[...]) }
    return tree
  }

  /// ``forEachChange(of:in:reader:limit:_:)`` from `start`, the state before the first of
  /// `numbers` (or what ``carried(of:in:)`` keeps of it). Reads only the reader's index, never
  /// the states it keeps, so two threads may call it at once (``WhoChanged``). Returns what
  /// ``carried(of:in:)`` would keep of the state after the last of `numbers`.
  static func forEachChange(
    of path: JSONPath, in numbers: ClosedRange<Int>, reader: TraceReader, from start: JSONValue, limit: Int = .max,
    _ found: (_ number: Int, _ action: LineAction, _ change: ValueChange) throws(TraceProblem) -> Void
  ) throws(TraceProblem) -> JSONValue {
    guard reader.actionCount > 0, case .key(let top)? = path.components.first else { return .null }
    let numbers = numbers.clamped(to: 1...reader.actionCount)
    let throughArray = path.components.contains { if case .index = $0 { true } else { false } }
    let relative = JSONPath(Array(path.components.dropFirst()))
    // What a change's path must start with (or, through objects, be the start of).
    let target = Array((throughArray ? top : path.description).utf8)
    let needle = Array("[\"".utf8) + target
    let ancestors = throughArray ? [] : (1..<path.components.count).map { count in
      Array("[\"\(JSONPath(Array(path.components.prefix(count))))\"".utf8)
    }
    // Through an array: the part of the state under the first key; else the value itself.
    var root = throughArray ? start[top] ?? .null : .null
    // The value before the line, while it is short; a long one is kept only in its tree, `root`
    // or `longTree`, which then has one owner and changes in place (``ValueChange``).
    var old = throughArray ? root.value(at: relative) : start.value(at: path)
    var longTree = JSONValue.null
    var longKind: Int?
    if let value = old, value.isTextLonger(than: ValueChange.longest) {
      longKind = kind(of: value)
      if !throughArray { longTree = placed(value, at: path) }
      old = nil
    }
    var count = 0
    var relevant: [StateChange] = []
    // The changes inside a long value a line made, its storage kept from line to line.
    var inside: [ValueChange.Part] = []
    var paths = ChangePaths(knowing: throughArray ? nil : path, spelled: target)
    var lastAction = LastAction()
    // A line read is checked whole, its time and input too, as every answer that reads a line
    // checks it; a line passed over for not holding the path is not read.
    var inputs = SpellingsSeen()
    func concerns(_ change: JSONPath) -> Bool {
      throughArray ? change.components.first == .key(top) : change.isWithin(path) || path.isWithin(change)
    }
    try reader.forEachActionLineInPlace(in: numbers) { number, line throws(TraceProblem) in
      guard count < limit,
        line.containsChange(under: needle) || ancestors.contains(where: { line.containsBytes($0) })
      else { return }
      relevant.empty()
      var action = LineAction(bytes: nil, parsed: nil, line: line, number: number, reader: reader)
      if let parts = lastAction.parts(of: line), parts.passesAsStepReadsIt(in: line, inputs: &inputs), Self.collect(
        in: line, parts: parts, target: target, ancestorsToo: !throughArray, readsSetsAlone: !throughArray,
        paths: &paths, concerns: concerns, into: &relevant)
      {
        let bytes = UnsafeRawBufferPointer(rebasing: line[parts.action])
        action.bytes = bytes
        _ = lastAction.note(bytes)
      } else {
        let step = try TraceStep(parsing: Array(line), path: reader.path, line: reader.line(ofAction: number))
        relevant = step.changes.filter { concerns($0.path) }
        action.parsed = step.action
      }
      if let oldKind = longKind {
        var tree = throughArray ? JSONValue.object([JSONMember(key: top, value: root)]) : longTree
        (root, longTree) = (.null, .null)
        inside.empty()
        for change in relevant { Self.apply(change, to: &tree, noting: path, into: &inside) }
        let new = tree.value(at: path)
        let newKind = kind(of: new)
        if let new, !new.isTextLonger(than: ValueChange.longest) {
          (longKind, old) = (nil, new)
        } else {
          longKind = newKind
        }
        if throughArray {
          root = tree[top] ?? .null
        } else if longKind != nil {
          // A change at an ancestor may have brought the value's siblings in: the tree keeps
          // the value alone, as ``carried(of:in:)`` does.
          let sibling = relevant.contains { $0.path != path && path.isWithin($0.path) }
          longTree = sibling ? placed(tree.value(at: path), at: path) : tree
        }
        guard !inside.isEmpty else { return }
        count += 1
        try found(number, action, ValueChange(inside: inside, oldKind: oldKind, newKind: newKind))
        return
      }
      let new: JSONValue?
      if throughArray {
        var tree = JSONValue.object([JSONMember(key: top, value: root)])
        // The tree holds the only reference, so the changes apply in place.
        root = .null
        for change in relevant { change.apply(to: &tree) }
        root = tree[top] ?? .null
        new = root.value(at: relative)
      } else if old != nil, relevant.count == 1, case .set(let changed, let value) = relevant[0], changed == path {
        // The common case, a new value for the field itself: no chain of objects to build.
        new = value
      } else {
        var tree = placed(old, at: path)
        for change in relevant { change.apply(to: &tree) }
        new = tree.value(at: path)
      }
      guard new != old else { return }
      count += 1
      try found(number, action, ValueChange(old: old, new: new, oldKind: kind(of: old), newKind: kind(of: new)))
      if let value = new, value.isTextLonger(than: ValueChange.longest) {
        longKind = kind(of: value)
        if !throughArray { longTree = placed(value, at: path) }
        old = nil
      } else {
        old = new
      }
    }
    if throughArray { return .object([JSONMember(key: top, value: root)]) }
    return longKind == nil ? placed(old, at: path) : longTree
  }

  /// Applies `change` to `tree`, adding to `inside` what it changed at `path` or inside it: a
  /// change inside the path at its own place, one at the path or an ancestor as the value at
  /// the path.
  private static func apply(
    _ change: StateChange, to tree: inout JSONValue, noting path: JSONPath, into inside: inout [ValueChange.Part]
  ) {
    switch change {
    case .splice(let at, let index, let removing, let inserting) where at.isWithin(path):
      var removed: [JSONValue] = []
      if case .array(let elements)? = tree.value(at: at), let range = StateChange.removedRange(at: index, removing: removing, of: elements.count) {
        removed = Array(elements[range])
      }
      // The list is no longer held here, so it changes in place. A splice that does not fit
      // the list (a hand-edited line) changes nothing, as at the value's other sizes.
      if change.apply(to: &tree), removed != inserting {
        inside.append(ValueChange.Part(path: at, removed: index..<index + removing, old: .array(removed), new: .array(inserting)))
      }
    case .set(let at, let value) where at.isWithin(path) || path.isWithin(at):
      // The value at the path itself when the change sets it or an ancestor.
      let setsPlace = at.isWithin(path)
      // A value there already, replaced where it is found: one walk down, not two.
      if setsPlace, let replaced = tree.replace(at: at, with: value) {
        if replaced != value { inside.append(ValueChange.Part(path: at, removed: nil, old: replaced, new: value)) }
        return
      }
      let place = setsPlace ? at : path
      // Held while the change replaces it, which copies nothing.
      let before = tree.value(at: place)
      guard change.apply(to: &tree) else { return }
      // A set of the place itself leaves its value there: no second walk down to read it.
      let after = setsPlace ? value : tree.value(at: place)
      if before != after { inside.append(ValueChange.Part(path: place, removed: nil, old: before, new: after)) }
    case .splice(let at, _, _, _) where path.isWithin(at):
      // A list the path goes through, spliced: the element at the path may have moved.
      let before = tree.value(at: path)
      guard change.apply(to: &tree) else { return }
      let after = tree.value(at: path)
      if before != after { inside.append(ValueChange.Part(path: path, removed: nil, old: before, new: after)) }
    default:
      // Through an array, a change beside the path.
      change.apply(to: &tree)
    }
  }

  /// Adds to `relevant` the changes among `parts` that `concerns` accepts, parsing only those
  /// whose path's bytes start with `target` (or, with `ancestorsToo`, are the start of it);
  /// `false` when one of them is not a well-formed change, which the full parse then reports.
  /// With `readsSetsAlone`, a change that sets the path, a path inside it or (with `ancestorsToo`)
  /// one of its ancestors is read as its value alone (``ChangePaths/set(_:in:)``); else each
  /// change is parsed whole (a path through an array).
  private static func collect(
    in line: UnsafeRawBufferPointer, parts: ActionLineParts, target: [UInt8], ancestorsToo: Bool, readsSetsAlone: Bool,
    paths: inout ChangePaths, concerns: (JSONPath) -> Bool, into relevant: inout [StateChange]
  ) -> Bool {
    for part in parts.changes {
      let pathBytes = UnsafeRawBufferPointer(rebasing: line[part.path])
      guard pathBytes.mayName(target, ancestorsToo: ancestorsToo) else { continue }
      // A new value for the path itself, one inside it or an ancestor, which a million lines
      // may set: its value alone parsed. Anything else (a splice) goes the long way.
      if readsSetsAlone, let (changed, value) = paths.set(part, in: line) {
        if concerns(changed) { relevant.append(.set(changed, value)) }
        continue
      }
      guard let json = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: line[part.change])),
        let change = StateChange(json: json)
      else { return false }
      if concerns(change.path) { relevant.append(change) }
    }
    return true
  }

  /// The first action after `number` that changed the value at `path`, looking at growing
  /// blocks of actions so that a near change is found without reading the rest.
  package static func nextChange(of path: JSONPath, after number: Int, reader: TraceReader) throws(TraceProblem) -> Int? {
    var start = number + 1
    var size = 256
    while start <= reader.actionCount {
      let end = min(reader.actionCount, start + size - 1)
      if let number = try changingActions(of: path, in: start...end, reader: reader, limit: 1).first { return number }
      start = end + 1
      size *= 4
    }
    return nil
  }

  /// The last action before `number` that changed the value at `path`, looking at growing
  /// blocks of actions backwards.
  package static func previousChange(of path: JSONPath, before number: Int, reader: TraceReader) throws(TraceProblem) -> Int? {
    var end = min(number - 1, reader.actionCount)
    var size = 256
    while end >= 1 {
      let start = max(1, end - size + 1)
      if let number = try changingActions(of: path, in: start...end, reader: reader).last { return number }
      end = start - 1
      size *= 4
    }
    return nil
  }

  /// A key script whose replay ends on the screen after action `number`: the trace's input up to
  /// the key that sent it, and a wait to its time.
  package static func keyScript(through number: Int, in reader: TraceReader) throws(InspectFailure) -> String {
    let events = try checked(reader) { () throws(TraceProblem) in try reader.inputEvents(through: number) }
    var recorder = KeyScriptRecorder(size: reader.header.size, timing: .exact)
    var size = reader.header.size
    for (event, time) in events {
      // The size at the start, and a size reported twice, are no resize for the script.
      if case .resize(let newSize) = event {
        guard newSize != size else { continue }
        size = newSize
      }
      recorder.record(event, at: time)
    }
    let end = number == 0 ? nil : try checked(reader) { () throws(TraceProblem) in try reader.step(number).time }
    let arguments = reader.header.arguments.map { shellQuoted($0) }
    let notes = ["replay it with: " + ([reader.header.app, "replay", "FILE"] + arguments).joined(separator: " ")]
    let script = recorder.script(date: Date(timeIntervalSince1970: 0), notes: notes, end: end)
    // The recorder's first line dates a recording; this one comes from a trace.
    let body = script.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined()
    return "# key script exported from \(escapedName(reader.path)) up to action \(number), terminal \(reader.header.size)\n" + body
  }

  /// Runs `body`, mapping a trace problem to a failure with status 2.
  package static func checked<T>(_ reader: TraceReader, _ body: () throws(TraceProblem) -> T) throws(InspectFailure) -> T {
    do {
      return try body()
    } catch {
      throw InspectFailure(status: 2, message: error.description)
    }
  }

}

extension UnsafeRawBufferPointer {
  /// Whether these bytes, a change's path as a line writes it, may name `target` or a path inside
  /// it (or, with `ancestorsToo`, one of its ancestors): a path with escapes always may.
  func mayName(_ target: [UInt8], ancestorsToo: Bool) -> Bool {
    if memchr(baseAddress!, Int32(UInt8(ascii: "\\")), count) != nil { return true }
    let common = Swift.min(count, target.count)
    guard memcmp(baseAddress!, target, common) == 0 else { return false }
    if count == target.count { return true }
    if count > target.count { return self[target.count] == UInt8(ascii: ".") || self[target.count] == UInt8(ascii: "[") }
    guard ancestorsToo else { return false }
    return count == 0 || target[count] == UInt8(ascii: ".") || target[count] == UInt8(ascii: "[")
  }

  /// Whether `needle` occurs in these bytes.
  func containsBytes(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first, count >= needle.count else { return needle.isEmpty }
    let base = baseAddress!
    let last = count - needle.count
    var start = 0
    while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
      let at = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + at, needle, needle.count) == 0 { return true }
      start = at + 1
    }
    return false
  }

  /// Whether the line may hold a change under the key `needle` names (`["counter` matches
  /// `["counter.count",…` and `["counter",…`): a byte search, so that lines that cannot are not
  /// parsed.
  func containsChange(under needle: [UInt8]) -> Bool {
    guard let first = needle.first, count > needle.count else { return false }
    let base = baseAddress!
    // The byte after a match must be in the line too.
    let last = count - needle.count - 1
    var start = 0
    while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
      let at = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + at, needle, needle.count) == 0 {
        let next = self[at + needle.count]
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: ".") || next == UInt8(ascii: "[") { return true }
      }
      start = at + 1
    }
    return false
  }
}

extension Array {
  /// Removes every element and keeps the storage, for a list refilled a million times with
  /// one or two elements: `removeAll(keepingCapacity:)` replaces a range in general, about 220
  /// instructions where taking the last one off costs a few.
  fileprivate mutating func empty() {
    while popLast() != nil {}
  }
}
