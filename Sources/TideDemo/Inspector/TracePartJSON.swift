import TideTerminal

/// The JSON of the parts of the demo's state that change at nearly every key, written by hand:
/// the generic `Encodable` path (containers, casts, metadata look-ups) cost more than the rest
/// of the trace writer. Each is exactly what the part's `Codable` writes, which
/// `InspectorTracePartTests` checks value by value; a reader decodes them with `Codable`.
extension StopwatchFeature.State {
  /// `{"accumulated":…,"startedAt":…,"lastReading":…,"laps":[…]}`, the laps' JSON reused from
  /// `previous` when they are the same.
  func traceJSON(previous: (state: Self, json: JSONValue)?) -> JSONValue {
    let laps: JSONValue
    if let previous, isSameSpelling(self.laps, previous.state.laps), let json = previous.json["laps"] {
      laps = json
    } else {
      laps = .array(self.laps.map(\.traceJSON))
    }
    return .object([
      JSONMember(key: "accumulated", value: .number(TraceFormat.seconds(accumulated))),
      JSONMember(key: "startedAt", value: startedAt.map { .number(TraceFormat.seconds($0)) } ?? .null),
      JSONMember(key: "lastReading", value: .number(TraceFormat.seconds(lastReading))),
      JSONMember(key: "laps", value: laps),
    ])
  }
}

extension CounterFeature.State {
  /// `{"count":…,"alert":{"value":…,"revision":…}}`: the counter changes at nearly every key of
  /// its screen.
  var traceJSON: JSONValue {
    let revision = $alert.revision
    return .object([
      JSONMember(key: "count", value: .integer(Int64(count))),
      JSONMember(key: "alert", value: .object([
        JSONMember(key: "value", value: alert.map { .string($0) } ?? .null),
        JSONMember(
          key: "revision",
          value: revision <= UInt64(Int64.max) ? .integer(Int64(revision)) : .number(Double(revision))),
      ])),
    ])
  }
}

extension StopwatchFeature.Lap {
  /// `{"number":…,"total":…,"split":…}`.
  var traceJSON: JSONValue {
    .object([
      JSONMember(key: "number", value: .integer(Int64(number))),
      JSONMember(key: "total", value: .number(TraceFormat.seconds(total))),
      JSONMember(key: "split", value: .number(TraceFormat.seconds(split))),
    ])
  }
}

extension Todo {
  /// `{"id":…,"title":…,"isDone":…}`.
  var traceJSON: JSONValue {
    .object([
      JSONMember(key: "id", value: .integer(Int64(id))),
      JSONMember(key: "title", value: .string(title)),
      JSONMember(key: "isDone", value: .bool(isDone)),
    ])
  }

  /// The todos' JSON, each todo's reused from `previous` (the list before and its JSON) when it
  /// is the same todo at the same place: a toggle encodes one todo, not the list.
  static func traceJSON(_ todos: [Todo], previous: (todos: [Todo], json: JSONValue)?) -> JSONValue {
    guard let previous, case .array(let oldJSON) = previous.json, oldJSON.count == previous.todos.count else {
      return .array(todos.map(\.traceJSON))
    }
    return .array(todos.indices.map { index in
      index < oldJSON.count && isSameSpelling(todos[index], previous.todos[index]) ? oldJSON[index] : todos[index].traceJSON
    })
  }
}

extension TodosFeature.Editor {
  /// `{"purpose":{"add":{}}|{"edit":{"id":…}},"input":{"text":…,"cursor":…,…}}`.
  var traceJSON: JSONValue {
    let purpose: JSONValue =
      switch purpose {
      case .add: .object([JSONMember(key: "add", value: .object([]))])
      case .edit(let id):
        .object([JSONMember(key: "edit", value: .object([JSONMember(key: "id", value: .integer(Int64(id)))]))])
      }
    var field = [
      JSONMember(key: "text", value: .string(input.text)),
      JSONMember(key: "cursor", value: .integer(Int64(input.cursor))),
      JSONMember(key: "placeholder", value: .string(input.placeholder)),
    ]
    if let limit = input.characterLimit { field.append(JSONMember(key: "characterLimit", value: .integer(Int64(limit)))) }
    field.append(JSONMember(key: "width", value: .integer(Int64(input.width))))
    field.append(JSONMember(key: "scrollOffset", value: .integer(Int64(input.scrollOffset))))
    return .object([JSONMember(key: "purpose", value: purpose), JSONMember(key: "input", value: .object(field))])
  }
}
