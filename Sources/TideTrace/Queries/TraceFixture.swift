import TideJSON
/// What a test exported by `APP inspect --export-test` uses to read the trace's JSON: the
/// state before the first action, each action, and each action's changes applied to the
/// expected state — the changes as the trace wrote them, so the test reads like the trace.
public enum TraceFixture {
  /// Why a fixture's JSON could not be used.
  public struct Failure: Error, CustomStringConvertible {
    /// What was wrong with the JSON.
    public var description: String
  }

  /// The app's state from its JSON (its type inferred: the `TestStore`'s reducer's `State`).
  public static func state<State: Decodable>(_ json: String) throws -> State {
    try decode(State.self, json)
  }

  /// An action from its JSON (its type inferred: the `TestStore`'s `Action`).
  public static func action<Action: Decodable>(_ json: String) throws -> Action {
    try decode(Action.self, json)
  }

  /// Applies the changes a trace line lists (`[["counter.count",1]]`) to `state`.
  public static func apply<State: Codable>(_ changes: String, to state: inout State) throws {
    guard case .array(let list) = try parse(changes) else {
      throw Failure(description: "changes are a JSON array: \(changes)")
    }
    var json = try JSONValueEncoder.encode(state)
    for item in list {
      guard let change = StateChange(json: item), change.apply(to: &json) else {
        throw Failure(description: "cannot apply \(item.text) to the state")
      }
    }
    state = try JSONValueDecoder.decode(State.self, from: json)
  }

  private static func parse(_ json: String) throws -> JSONValue {
    do {
      return try JSONParser.parse(json)
    } catch {
      throw Failure(description: "malformed JSON: \(error)")
    }
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONValueDecoder.decode(type, from: parse(json))
  }
}
