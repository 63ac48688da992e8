import TideJSON

/// A trace line that holds a whole state (the header, a snapshot, a branch) as it was parsed:
/// its bytes, where its state begins, and the state's large lists and objects. The next such
/// line is parsed against it (``JSONLargeContainers``): a snapshot of 100,000 items that
/// differs from the state before it in a cursor is read in a few bytes instead of 5.3 MB, and
/// its tree shares those lists' storage, where the decoding memo finds them (``DecodingMemo``).
struct ParsedStateLine: Sendable {
  let bytes: [UInt8]
  let stateStart: Int
  let containers: JSONLargeContainers

  /// The tree of `bytes`, a line of a whole state, parsed against `earlier`, and the line as
  /// the next one's `earlier`: `nil` for a line with no container of
  /// ``JSONLargeContainers/minimumBytes`` (a small state's), which is not kept.
  static func parse(_ bytes: [UInt8], like earlier: ParsedStateLine?) throws(JSONParser.Failure) -> (json: JSONValue, line: ParsedStateLine?) {
    let parsed = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONParser.Failure) -> (JSONValue, JSONLargeContainers, Int?) in
        let stateStart = JSONParser.startOfMember("state", in: raw)
        var known = JSONLargeContainers()
        if let earlier, let stateStart {
          known = earlier.bytes.withUnsafeBytes { reference in
            earlier.containers.placed(in: raw, at: stateStart, reference: reference, at: earlier.stateStart)
          }
        }
        let (json, containers) = try JSONParser.parse(raw, reusing: known)
        return (json, containers, stateStart)
      }
    }
    let (json, containers, stateStart) = try parsed.get()
    guard let stateStart, !containers.entries.isEmpty else { return (json, nil) }
    return (json, ParsedStateLine(bytes: bytes, stateStart: stateStart, containers: containers))
  }
}
