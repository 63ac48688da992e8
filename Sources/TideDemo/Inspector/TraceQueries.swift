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
import TideTerminalCommand

/// The inspector's answers for scripts and tests (`tide-demo inspect TRACE --at N` and the
/// others): each reads only what it needs of the trace through a ``TraceReader``.
package enum TraceQueries {
  /// Opens a tide-demo trace, or fails with status 2 and the problem.
  package static func open(_ path: String, follow: Bool = false) throws(TerminalCommandError) -> TraceReader {
    do {
      let reader = try TraceReader(path: path, app: DemoTrace.app, appVersion: DemoTrace.appVersion)
      if !follow { reader.finishReading() }
      return reader
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }

  /// The state after action `number`, as the app's own type.
  package static func appState(after number: Int, in reader: TraceReader) throws(TerminalCommandError) -> AppFeature.State {
    try decodeState(try checked(reader) { () throws(TraceProblem) in try reader.state(after: number) }, reader: reader, number: number)
  }

  /// The screen after action `number`, drawn by the app's own view at the terminal's size then:
  /// plain text, each row's trailing spaces removed, as `tide-demo replay` prints it.
  @MainActor
  package static func screen(after number: Int, in reader: TraceReader) throws(TerminalCommandError) -> String {
    screen(of: try appState(after: number, in: reader), size: reader.size(after: number))
  }

  /// `state` drawn as the app draws it at `size`.
  @MainActor
  package static func screen(of state: AppFeature.State, size: TerminalSize) -> String {
    canvas(of: state, size: size).text()
  }

  /// `state` drawn as the app draws it at `size`, the too-small message included.
  @MainActor
  package static func canvas(of state: AppFeature.State, size: TerminalSize) -> Canvas {
    let store = Store(initialState: state, reducer: Reduce<AppFeature.State, AppFeature.Action> { _, _ in .none })
    return DemoApp.app(store: store).frame(size: size)
  }

  /// The state after action `number` as indented JSON.
  package static func stateText(after number: Int, in reader: TraceReader) throws(TerminalCommandError) -> String {
    try checked(reader) { () throws(TraceProblem) in try reader.state(after: number) }.prettyText
  }

  /// One line per action that changed the value at `path`: `N ACTION old → new`.
  package static func whoChanged(_ pathText: String, in reader: TraceReader) throws(TerminalCommandError) -> [String] {
    let path = try fieldPath(pathText, in: reader, option: "--who-changed")
    // A field is changed by the same few actions over and over: each is described once.
    var described: [(action: JSONValue, text: String)] = []
    return try checked(reader) { () throws(TraceProblem) in
      try changes(of: path, in: 1...max(1, reader.actionCount), reader: reader).map { change in
        let action: String
        if let known = described.first(where: { $0.action == change.action }) {
          action = known.text
        } else {
          action = ActionText.describe(change.action)
          if described.count < 16 { described.append((change.action, action)) }
        }
        return "\(change.number) \(action) \(change.old?.text ?? "(none)") → \(change.new?.text ?? "(none)")"
      }
    }
  }

  /// A dotted path of the state (`counter.count`, `todos.todos[0].title`) whose first key the
  /// trace's state has; else a usage error naming `option` and the fields there are.
  package static func fieldPath(_ pathText: String, in reader: TraceReader, option: String) throws(TerminalCommandError) -> JSONPath {
    guard let path = JSONPath(parsing: pathText), case .key(let top)? = path.components.first else {
      throw TerminalCommandError(status: 2, message: "tide-demo: \(option): '\(pathText)' is not a dotted path of the state (e.g. counter.count, todos.todos[0].title)")
    }
    guard reader.header.state[top] != nil else {
      let fields = reader.header.state.memberKeys.joined(separator: ", ")
      throw TerminalCommandError(status: 2, message: "tide-demo: \(option): the state has no field '\(top)' (it has \(fields))")
    }
    return path
  }

  /// One action that changed the value at a path: the value before and after (`nil`: none).
  package struct FieldChange {
    package var number: Int
    package var action: JSONValue
    package var old: JSONValue?
    package var new: JSONValue?
  }

  /// The actions among `numbers` that changed the value at `path` (a path whose first key the
  /// state has), in order, stopping after `limit`.
  package static func changes(
    of path: JSONPath, in numbers: ClosedRange<Int>, reader: TraceReader, limit: Int = .max
  ) throws(TraceProblem) -> [FieldChange] {
    guard reader.actionCount > 0, case .key(let top)? = path.components.first else { return [] }
    let numbers = numbers.clamped(to: 1...reader.actionCount)
    if !path.components.contains(where: { if case .index = $0 { true } else { false } }) {
      return try changes(ofField: path, in: numbers, reader: reader, limit: limit)
    }
    // Only the part of the state under the path's first key is followed: a change elsewhere
    // cannot move it, and a line without that key is skipped without being parsed.
    var root = try reader.state(after: numbers.lowerBound - 1)[top] ?? .null
    let needle = Array("[\"\(top)".utf8)
    let relative = JSONPath(Array(path.components.dropFirst()))
    var found: [FieldChange] = []
    var old = root.value(at: relative)
    try reader.forEachActionLine(in: numbers) { number, bytes throws(TraceProblem) in
      guard found.count < limit, bytes.containsChange(under: needle) else { return }
      let step = try TraceStep(parsing: bytes, path: reader.path, line: reader.line(ofAction: number))
      var tree = JSONValue.object([JSONMember(key: top, value: root)])
      // The tree holds the only reference, so the changes apply in place.
      root = .null
      for change in step.changes where change.path.components.first == .key(top) {
        change.apply(to: &tree)
      }
      root = tree[top] ?? .null
      let new = root.value(at: relative)
      if new != old {
        found.append(FieldChange(number: number, action: step.action, old: old, new: new))
        old = new
      }
    }
    return found
  }

  /// ``changes(of:in:reader:limit:)`` for a path through objects only (`todos.filter`): nothing
  /// but a change at the path, inside it or at one of its ancestors can move its value, so only
  /// lines naming one of those are parsed, and only those changes are applied, to the chain of
  /// objects leading to the value.
  private static func changes(
    ofField path: JSONPath, in numbers: ClosedRange<Int>, reader: TraceReader, limit: Int
  ) throws(TraceProblem) -> [FieldChange] {
    var old = try reader.state(after: numbers.lowerBound - 1).value(at: path)
    let needle = Array("[\"\(path)".utf8)
    let ancestors = (1..<path.components.count).map { count in
      (path: JSONPath(Array(path.components.prefix(count))), needle: Array("[\"\(JSONPath(Array(path.components.prefix(count))))\"".utf8))
    }
    var found: [FieldChange] = []
    try reader.forEachActionLine(in: numbers) { number, bytes throws(TraceProblem) in
      guard found.count < limit,
        bytes.containsChange(under: needle) || ancestors.contains(where: { bytes.containsBytes($0.needle) })
      else { return }
      let step = try TraceStep(parsing: bytes, path: reader.path, line: reader.line(ofAction: number))
      var tree = JSONValue.null
      if let old { tree.set(old, at: path.components[...]) }
      for change in step.changes where change.path.isWithin(path) || path.isWithin(change.path) {
        change.apply(to: &tree)
      }
      let new = tree.value(at: path)
      if new != old {
        found.append(FieldChange(number: number, action: step.action, old: old, new: new))
        old = new
      }
    }
    return found
  }

  /// The first action after `number` that changed the value at `path`, looking at growing
  /// blocks of actions so that a near change is found without reading the rest.
  package static func nextChange(of path: JSONPath, after number: Int, reader: TraceReader) throws(TraceProblem) -> Int? {
    var start = number + 1
    var size = 256
    while start <= reader.actionCount {
      let end = min(reader.actionCount, start + size - 1)
      if let change = try changes(of: path, in: start...end, reader: reader, limit: 1).first { return change.number }
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
      if let change = try changes(of: path, in: start...end, reader: reader).last { return change.number }
      end = start - 1
      size *= 4
    }
    return nil
  }

  /// A key script whose replay ends on the screen after action `number`: the trace's input up to
  /// the key that sent it, and a wait to its time.
  package static func keyScript(through number: Int, in reader: TraceReader) throws(TerminalCommandError) -> String {
    let events = try checked(reader) { () throws(TraceProblem) in try reader.inputEvents(through: number) }
    var recorder = KeyScriptRecorder(size: reader.header.size)
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
    let screen = reader.header.state["screen"].flatMap { if case .string(let name) = $0 { name } else { nil } } ?? "counter"
    var notes = ["replay it with: tide-demo replay FILE --screen \(screen)"]
    if case .array(let todos)? = reader.header.state["todos"]?["todos"], !todos.isEmpty {
      notes.append("the trace began with \(todos.count) todos from its --data file: replay with --data and a copy of it")
    }
    let script = recorder.script(date: Date(timeIntervalSince1970: 0), notes: notes, end: end)
    // The recorder's first line dates a recording; this one comes from a trace.
    let body = script.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined()
    return "# key script exported from \(reader.path) up to action \(number), terminal \(reader.header.size)\n" + body
  }

  /// Runs `body`, mapping a trace problem to a failure with status 2.
  package static func checked<T>(_ reader: TraceReader, _ body: () throws(TraceProblem) -> T) throws(TerminalCommandError) -> T {
    do {
      return try body()
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }

  private static func decodeState(_ json: JSONValue, reader: TraceReader, number: Int) throws(TerminalCommandError) -> AppFeature.State {
    do {
      return try JSONValueDecoder.decode(AppFeature.State.self, from: json)
    } catch {
      let line = number == 0 ? 1 : reader.line(ofAction: number)
      throw TerminalCommandError(status: 2, message: "\(reader.path):\(line): error: the state after action \(number) is not a state of this app: \(error)")
    }
  }
}

extension JSONValue {
  /// An object's keys, in order.
  package var memberKeys: [String] {
    if case .object(let members) = self { members.map(\.key) } else { [] }
  }
}

extension [UInt8] {
  /// Whether `needle` occurs in these bytes.
  func containsBytes(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first, count >= needle.count else { return needle.isEmpty }
    return withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        let base = haystack.baseAddress!
        let last = haystack.count - needle.count
        var start = 0
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
          let at = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
          start = at + 1
        }
        return false
      }
    }
  }

  /// Whether the line may hold a change under the key `needle` names (`["counter` matches
  /// `["counter.count",…` and `["counter",…`): a byte search, so that lines that cannot are not
  /// parsed.
  func containsChange(under needle: [UInt8]) -> Bool {
    guard let first = needle.first, count > needle.count else { return false }
    return withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        let base = haystack.baseAddress!
        // The byte after a match must be in the line too.
        let last = haystack.count - needle.count - 1
        var start = 0
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
          let at = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + at, needle.baseAddress!, needle.count) == 0 {
            let next = haystack[at + needle.count]
            if next == UInt8(ascii: "\"") || next == UInt8(ascii: ".") || next == UInt8(ascii: "[") { return true }
          }
          start = at + 1
        }
        return false
      }
    }
  }

}
