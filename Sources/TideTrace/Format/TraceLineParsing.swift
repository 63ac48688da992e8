import TideJSON
import TideTerminal

/// Reading the lines ``TraceFormat`` describes back; each failure names the file and line.
extension JSONValue {
  static func parseLine(_ bytes: [UInt8], path: String, line: Int) throws(TraceProblem) -> JSONValue {
    do {
      return try bytes.withUnsafeBytes { raw throws(JSONParser.Failure) in try JSONParser.parse(raw) }
    } catch {
      throw TraceProblem.malformedJSON(error, path: path, line: line)
    }
  }
}

extension TraceProblem {
  /// The problem of a trace line that is not JSON, as `failure`, the parser's, says.
  static func malformedJSON(_ failure: any Error, path: String, line: Int) -> TraceProblem {
    TraceProblem(path: path, line: line, message: "malformed JSON: \(failure)")
  }
}

extension JSONValue {
  /// Refuses a line whose object repeats a member (which of the two would count?) or has one
  /// the format does not know (what would it mean?): such a line was not written by Tide.
  /// Searched in order, not hashed: a line has a few members, all known (a longer line fails
  /// at its first unknown or repeated one), and sets made per line were a fifth of reading one.
  func checkMembers(_ known: [String], of kind: String, path: String, line: Int) throws(TraceProblem) {
    guard case .object(let members) = self else { return }
    for (index, member) in members.enumerated() {
      guard known.contains(member.key) else {
        throw TraceProblem(path: path, line: line, message: "\(kind) has a member the format does not know: \(escapedExcerpt(member.key, limit: 40))")
      }
      guard !members[..<index].contains(where: { $0.key == member.key }) else {
        throw TraceProblem(path: path, line: line, message: "\(kind) has the member \(escapedExcerpt(member.key, limit: 40)) twice")
      }
    }
  }
}

extension TraceStep {
  static let members = ["n", "t", "key", "paste", "resize", "pointer", "action", "changes"]

  package init(parsing bytes: [UInt8], path: String, line: Int) throws(TraceProblem) {
    let json = try JSONValue.parseLine(bytes, path: path, line: line)
    try json.checkMembers(Self.members, of: "an action line", path: path, line: line)
    if let time = json["t"], TraceFormat.seconds(in: time) == nil {
      throw TraceProblem(path: path, line: line, message: "t needs the seconds since the start, 0 to 1e12")
    }
    guard case .integer(let number)? = json["n"], let time = json["t"].flatMap(TraceFormat.seconds(in:)),
      let action = json["action"], case .array(let changes)? = json["changes"]
    else {
      throw TraceProblem(path: path, line: line, message: "an action line needs n, t, action and changes")
    }
    var parsedChanges: [StateChange] = []
    for change in changes {
      guard let parsed = StateChange(json: change) else {
        throw TraceProblem(path: path, line: line, message: "a malformed change: \(escapedExcerpt(change.text, limit: 40))")
      }
      parsedChanges.append(parsed)
    }
    self.init(
      number: Int(number), time: time, input: try TraceInput.event(in: json, path: path, line: line),
      action: action, changes: parsedChanges)
  }
}

extension TraceSnapshot {
  static let members = ["snapshot", "state"]

  /// A snapshot line, or a branch line (the whole state after its action, as a snapshot's).
  package init(parsing bytes: [UInt8], path: String, line: Int) throws(TraceProblem) {
    try self.init(parsing: try JSONValue.parseLine(bytes, path: path, line: line), path: path, line: line)
  }

  init(parsing json: JSONValue, path: String, line: Int) throws(TraceProblem) {
    if json["branch"] != nil {
      let branch = try TraceBranch(parsing: json, path: path, line: line)
      self.init(number: branch.number, state: branch.state)
      return
    }
    try json.checkMembers(Self.members, of: "a snapshot line", path: path, line: line)
    guard case .integer(let number)? = json["snapshot"], let state = json["state"] else {
      throw TraceProblem(path: path, line: line, message: "a snapshot line needs snapshot and state")
    }
    self.init(number: Int(number), state: state)
  }
}

extension TraceBranch {
  static let members = ["branch", "t", "state"]

  init(parsing json: JSONValue, path: String, line: Int) throws(TraceProblem) {
    try json.checkMembers(Self.members, of: "a branch line", path: path, line: line)
    guard case .integer(let number)? = json["branch"], number >= 0, let time = json["t"].flatMap(TraceFormat.seconds(in:)),
      let state = json["state"]
    else {
      throw TraceProblem(path: path, line: line, message: "a branch line needs branch (an action number), t and state")
    }
    self.init(number: Int(number), time: time, state: state)
  }
}

extension TraceInput {
  /// The columns or rows a trace's size may have: beyond any terminal's (a canvas of a size
  /// read from a file is allocated cell by cell).
  package static let sizeRange = 1...10_000

  static let members = ["t"] + eventMembers
  static let eventMembers = ["key", "paste", "resize", "pointer"]

  package init(parsing bytes: [UInt8], path: String, line: Int) throws(TraceProblem) {
    let json = try JSONValue.parseLine(bytes, path: path, line: line)
    try json.checkMembers(Self.members, of: "an input line", path: path, line: line)
    guard let time = json["t"].flatMap(TraceFormat.seconds(in:)),
      let event = try Self.event(in: json, path: path, line: line)
    else {
      throw TraceProblem(path: path, line: line, message: "an input line needs t and key, paste, resize or pointer")
    }
    self.init(event: event, time: time)
  }

  /// The `key`, `paste`, `resize` or `pointer` member of a line, if it has one.
  package static func event(in json: JSONValue, path: String, line: Int) throws(TraceProblem) -> InputEvent? {
    // A member of another type is not "no input": the line says an input sent it.
    var event: (name: String, value: JSONValue)?
    for name in eventMembers {
      guard let value = json[name] else { continue }
      guard event == nil else {
        let events = eventMembers.filter { json[$0] != nil }
        throw TraceProblem(path: path, line: line, message: "a line has one input at most, not \(events.joined(separator: " and "))")
      }
      event = (name, value)
    }
    if let (name, value) = event {
      switch (name, value) {
      case ("key", .string), ("paste", .string), ("resize", .array), ("pointer", .array): break
      default:
        throw TraceProblem(path: path, line: line, message: "\(name) needs \(name == "key" || name == "paste" ? "a text" : "an array")")
      }
    }
    if case .string(let token)? = json["key"] {
      guard let key = Key(token: token) else {
        throw TraceProblem(path: path, line: line, message: "unknown key \(escapedExcerpt(token, limit: 40))")
      }
      return .key(key)
    }
    if case .string(let text)? = json["paste"] { return .paste(text) }
    if case .array(let size)? = json["resize"] {
      guard size.count == 2, case .integer(let columns) = size[0], case .integer(let rows) = size[1],
        sizeRange.contains(Int(columns)), sizeRange.contains(Int(rows))
      else {
        throw TraceProblem(
          path: path, line: line,
          message: "a resize needs [columns, rows], each \(sizeRange.lowerBound) to \(sizeRange.upperBound)")
      }
      return .resize(TerminalSize(columns: Int(columns), rows: Int(rows)))
    }
    if case .array(let parts)? = json["pointer"] {
      guard parts.count == 4, case .string(let name) = parts[0],
        let kind = TraceInput.pointerKinds.first(where: { $0.name == name })?.kind,
        case .integer(let column) = parts[1], case .integer(let row) = parts[2], case .integer(let modifiers) = parts[3],
        (0...10_000).contains(column), (0...10_000).contains(row), (0...7).contains(modifiers)
      else {
        throw TraceProblem(path: path, line: line, message: "a pointer needs [kind, column, row, modifiers]")
      }
      return .pointer(PointerEvent(
        kind, column: Int(column), row: Int(row), modifiers: PointerEvent.Modifiers(rawValue: UInt8(modifiers))))
    }
    return nil
  }
}

extension TraceFormat {
  /// A time member's value: seconds since the start, never before it and at most
  /// ``latestTime``.
  package static func seconds(in json: JSONValue) -> Duration? {
    switch json {
    case .integer(let value) where value >= 0 && Double(value) <= latestTime: duration(Double(value))
    case .number(let value) where value >= 0 && value <= latestTime: duration(value)
    default: nil
    }
  }

  /// The latest time a trace line may give, in seconds (about 31,700 years): far past any
  /// session, and far from the 1.7e20 s past which a `Duration` cannot hold it — a time there
  /// stopped the inspector with an overflow instead of naming the line.
  package static let latestTime = 1e12
}
