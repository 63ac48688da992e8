import TideJSON
/// What the inspector asks of the app it is attached to, one JSON line each:
/// `{"jump":N,"state":{…}}` puts the app into the state after action N (the inspector reads it
/// from the trace) and holds its keys; `{"resume":true}` lets it go on from there. The app
/// answers with its trace, as it writes it; a second inspector gets `{"refused":"…"}` instead,
/// and a jump the app cannot carry out is answered with one between two lines of the trace.
package enum LiveCommand: Equatable, Sendable {
  case jump(step: Int, state: JSONValue)
  case resume

  /// The command's line, with its line feed.
  package var line: [UInt8] {
    var bytes: [UInt8] = []
    switch self {
    case .jump(let step, let state):
      JSONValue.object([JSONMember(key: "jump", value: .integer(Int64(step))), JSONMember(key: "state", value: state)])
        .write(to: &bytes)
    case .resume:
      JSONValue.object([JSONMember(key: "resume", value: .bool(true))]).write(to: &bytes)
    }
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// The command a line holds, or `nil` for anything else (which the app ignores).
  package init?(line: [UInt8]) {
    guard let json = try? line.withUnsafeBytes({ bytes throws(JSONParser.Failure) in try JSONParser.parse(bytes) }) else {
      return nil
    }
    if case .integer(let step)? = json["jump"], step >= 0, let state = json["state"] {
      self = .jump(step: Int(step), state: state)
    } else if json["resume"] == .bool(true) {
      self = .resume
    } else {
      return nil
    }
  }

  /// The line a second inspector gets before the app closes its connection.
  static func refusal(_ reason: String) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONValue.object([JSONMember(key: "refused", value: .string(reason))]).write(to: &bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}
