import TideJSON
import TideTerminal

/// An action's JSON (as Swift's synthesized `Codable` writes enums) shown as Swift would write
/// it: `{"counter":{"_0":{"increment":{}}}}` reads `.counter(.increment)`,
/// `{"tick":{"at":0.25}}` reads `.tick(at: 0.25)`. A name from the trace is shown with its control
/// characters escaped (a crafted trace's `"a\nb"` key never breaks the line it is shown on).
package enum ActionText {
  package static func describe(_ json: JSONValue) -> String {
    switch json {
    case .object(let members) where members.count == 1:
      guard case .object(let arguments) = members[0].value else { return json.text }
      let name = "." + escapedName(members[0].key)
      if arguments.isEmpty { return name }
      let listed = arguments.map { argument in
        argument.key.hasPrefix("_") && Int(argument.key.dropFirst()) != nil
          ? describe(argument.value) : "\(escapedName(argument.key)): \(describe(argument.value))"
      }
      return "\(name)(\(listed.joined(separator: ", ")))"
    case .array(let elements):
      return "[" + elements.map(describe).joined(separator: ", ") + "]"
    default:
      return json.text
    }
  }
}
