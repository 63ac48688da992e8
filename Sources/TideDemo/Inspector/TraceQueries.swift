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
@MainActor
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
  package static func screen(after number: Int, in reader: TraceReader) throws(TerminalCommandError) -> String {
    screen(of: try appState(after: number, in: reader), size: reader.size(after: number))
  }

  /// `state` drawn as the app draws it at `size`.
  package static func screen(of state: AppFeature.State, size: TerminalSize) -> String {
    canvas(of: state, size: size).text()
  }

  /// `state` drawn as the app draws it at `size`, the too-small message included.
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
    guard let path = JSONPath(parsing: pathText), case .key(let top)? = path.components.first else {
      throw TerminalCommandError(status: 2, message: "tide-demo: --who-changed: '\(pathText)' is not a dotted path of the state (e.g. counter.count, todos.todos[0].title)")
    }
    guard var root = reader.header.state[top] else {
      let fields = reader.header.state.memberKeys.joined(separator: ", ")
      throw TerminalCommandError(status: 2, message: "tide-demo: --who-changed: the state has no field '\(top)' (it has \(fields))")
    }
    // Only the part of the state under the path's first key is followed: a change elsewhere
    // cannot move it, and a line without that key is skipped without being parsed.
    let needle = Array("[\"\(top)".utf8)
    let relative = JSONPath(Array(path.components.dropFirst()))
    var lines: [String] = []
    var old = root.value(at: relative)
    try checked(reader) { () throws(TraceProblem) in
      try reader.forEachActionLine { number, bytes throws(TraceProblem) in
        guard bytes.containsChange(under: needle) else { return }
        let step = try TraceStep(parsing: bytes, path: reader.path, line: reader.line(ofAction: number))
        var tree = JSONValue.object([JSONMember(key: top, value: root)])
        for change in step.changes where change.path.components.first == .key(top) {
          change.apply(to: &tree)
        }
        root = tree[top] ?? .null
        let new = root.value(at: relative)
        if new != old {
          lines.append("\(number) \(ActionText.describe(step.action)) \(old?.text ?? "(none)") → \(new?.text ?? "(none)")")
          old = new
        }
      }
    }
    return lines
  }

  /// A key script whose replay ends on the screen after action `number`: the trace's input up to
  /// the key that sent it, and a wait to its time.
  package static func keyScript(through number: Int, in reader: TraceReader) throws(TerminalCommandError) -> String {
    let events = try checked(reader) { () throws(TraceProblem) in try reader.inputEvents(through: number) }
    var recorder = KeyScriptRecorder(size: reader.header.size)
    for (event, time) in events { recorder.record(event, at: time) }
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
      return try JSONDecoder().decode(AppFeature.State.self, from: Data(json.text.utf8))
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
  /// Whether the line may hold a change under the key `needle` names (`["counter` matches
  /// `["counter.count",…` and `["counter",…`): a byte search, so that lines that cannot are not
  /// parsed.
  func containsChange(under needle: [UInt8]) -> Bool {
    guard count > needle.count else { return false }
    var start = 0
    while start + needle.count < count {
      guard let first = self[start...].firstIndex(of: needle[0]) else { return false }
      if first + needle.count < count, self[first..<first + needle.count].elementsEqual(needle) {
        let next = self[first + needle.count]
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: ".") || next == UInt8(ascii: "[") { return true }
      }
      start = first + 1
    }
    return false
  }
}
