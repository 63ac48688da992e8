import TideTerminal
import TideTrace

/// The JSON of the parts of the demo's state that a trace line writes whole (a lap or todo
/// inserted, the input line opened or edited), written by hand: the generic `Encodable` path
/// (containers, casts, metadata look-ups) cost more than the rest of the trace writer. Each is
/// exactly what the part's `Codable` writes, which `InspectorStateDifferTests` checks; a reader
/// decodes them with `Codable`.
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
