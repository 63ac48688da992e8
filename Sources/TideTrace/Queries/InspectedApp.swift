import TideJSON
import TideTerminal

/// What the inspector needs of the app a trace belongs to: its name and version, which the
/// trace's header must match, a way to read a state's JSON back and draw it as the app draws
/// it, and a way to tell the app's actions from JSON that only resembles them.
///
/// A state or action is the app's when its type decodes it and has a use for every member: a
/// trace edited by hand or written by another build (`"count":"one"`, `"nope":1`, an action
/// case the app does not have) is named at its line, never drawn or exported as if it were.
///
/// Generic only in its initializer: the reader, the queries, the browser and the exports work
/// on JSON, and reach the app's `State` only through these closures.
package struct InspectedApp {
  /// The app's name, as its traces' headers hold it (`tide-demo`).
  package var name: String
  /// The app's version: a trace of another version may hold states this one cannot read.
  package var version: String
  /// How the app's states and actions are told from other JSON.
  package let checks: Checks
  private let draw: (DecodedState, TerminalSize, [String]) throws -> Canvas

  /// The decoding of the app's `State` and `Action`, which holds nothing else: what a walk of
  /// the trace on another thread checks lines with (``TraceWaypointWalk``), where the app's
  /// screens, made by its own non-sendable view, cannot go.
  package struct Checks: Sendable {
    package let name: String
    package let version: String
    fileprivate let decode: @Sendable (JSONValue, DecodingMemo?) throws -> DecodedState
    fileprivate let decodeAction: @Sendable (JSONValue) throws -> Void
  }

  /// A state of the app, decoded once: a large state is checked and drawn from one decoding.
  package struct DecodedState {
    /// The app's `State`, which only this type's closures make and read.
    fileprivate let value: Any
  }

  /// The app whose state is `State`, its screens drawn by what `frame` makes from the arguments
  /// a trace's header holds (the view, or the too-small message, at a size). It is made when a
  /// screen is first asked for: the questions that need none never make the app.
  /// `Action`'s decoding may run on another thread (``actionCheck``).
  package init<State: Decodable & SendableMetatype, Action: Decodable & SendableMetatype>(
    name: String, version: String, state: State.Type, action: Action.Type,
    frame: @escaping (_ arguments: [String]) throws -> (State, TerminalSize) -> Canvas
  ) {
    self.name = name
    self.version = version
    checks = Checks(
      name: name, version: version,
      decode: { json, memo in DecodedState(value: try Self.decoded(State.self, json, memo: memo)) },
      decodeAction: { json in _ = try Self.decoded(Action.self, json) })
    let made = MadeOnce(frame)
    draw = { decoded, size, arguments in
      // Made by `decode` above from the same `State`: the cast cannot fail.
      let state = decoded.value as! State
      let frame: (State, TerminalSize) -> Canvas
      do {
        frame = try made.value(arguments)
      } catch {
        let command = ([name] + arguments).map(shellQuoted).joined(separator: " ")
        throw InspectFailure(status: 2, message: "\(name): cannot make the app to draw its screens (as \(command)): \(error)")
      }
      return frame(state, size)
    }
  }

  /// The app that only checks, for a thread of its own: asked for a screen, it says it draws none.
  package init(checks: Checks) {
    name = checks.name
    version = checks.version
    self.checks = checks
    draw = { _, _, _ in
      throw InspectFailure(status: 2, message: "\(checks.name): the screens are drawn on the inspector's own thread")
    }
  }

  /// Throws a ``JSONDecodingProblem`` when `json` is not a state of the app. With a `memo` (a
  /// browsing reader's), a large list decoded before is found there instead of decoded again.
  package func check(_ json: JSONValue, memo: DecodingMemo? = nil) throws {
    _ = try checks.decode(json, memo)
  }

  /// `json` decoded as a state of the app; throws a ``JSONDecodingProblem`` when it is not one.
  package func decodedState(_ json: JSONValue, memo: DecodingMemo? = nil) throws -> DecodedState {
    try checks.decode(json, memo)
  }

  /// Throws a ``JSONDecodingProblem`` when its JSON is not an action of the app. A function
  /// another thread may call (``WhoChanged``): it decodes the JSON it is handed into the app's
  /// `Action` type and holds nothing else.
  package var actionCheck: @Sendable (JSONValue) throws -> Void { checks.decodeAction }

  private static func decoded<Value: Decodable>(
    _ type: Value.Type, _ json: JSONValue, memo: DecodingMemo? = nil
  ) throws(JSONDecodingProblem) -> Value {
    do {
      return try JSONValueDecoder.decode(type, from: json, rejectingUnknownMembers: true, memo: memo)
    } catch {
      throw JSONDecodingProblem(error, decoding: json)
    }
  }

  /// `state` drawn as the app draws it at `size`; the app is made with `arguments` (a trace's
  /// header's) the first time.
  package func screen(of state: DecodedState, size: TerminalSize, arguments: [String]) throws -> Canvas {
    try draw(state, size, arguments)
  }
}

/// A value made by a function the first time it is asked for.
private final class MadeOnce<Argument, Value> {
  private let make: (Argument) throws -> Value
  private var made: Value?

  init(_ make: @escaping (Argument) throws -> Value) {
    self.make = make
  }

  func value(_ argument: Argument) throws -> Value {
    if let made { return made }
    let value = try make(argument)
    made = value
    return value
  }
}
