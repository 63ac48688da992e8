import TideJSON

/// Splits what an app sends its inspector into the trace's lines, which go to the inspector's
/// copy of the trace, and the app's refusals (`{"refused":"…"}`, a command it could not carry
/// out), which the trace must not hold. The app sends a refusal only between two whole lines of
/// the trace, and no trace line starts as one does.
struct LiveStreamSplitter {
  private static let refusalStart = Array(#"{"refused":"#.utf8)

  /// The start of a line not yet known to be the trace's or a refusal, or a refusal not yet
  /// ended.
  private var held: [UInt8] = []
  /// Whether the line under way is the trace's (its bytes pass straight through).
  private var isInTraceLine = false
  /// Whether the line under way is a refusal (held until its end).
  private var isInRefusal = false

  /// Takes `bytes` as they came: hands the trace's bytes to `trace`, as soon as they are known
  /// to be the trace's, and each whole refusal's reason to `refusal`.
  mutating func take(_ bytes: ArraySlice<UInt8>, trace: (ArraySlice<UInt8>) -> Void, refusal: (String) -> Void) {
    var rest = bytes
    while !rest.isEmpty {
      if isInTraceLine {
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
          trace(rest)
          return
        }
        trace(rest[...end])
        rest = rest[(end + 1)...]
        isInTraceLine = false
        continue
      }
      if isInRefusal {
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
          held.append(contentsOf: rest)
          return
        }
        held.append(contentsOf: rest[..<end])
        rest = rest[(end + 1)...]
        isInRefusal = false
        let line = held
        held = []
        if case .string(let reason)? = (try? line.withUnsafeBytes { try JSONParser.parse($0) })?["refused"] {
          refusal(reason)
        }
        continue
      }
      // At a line's start: enough bytes to tell a refusal from a trace line.
      let wanted = Self.refusalStart.count - held.count
      let taken = rest.prefix(wanted)
      held.append(contentsOf: taken)
      rest = rest.dropFirst(taken.count)
      if !Self.refusalStart.starts(with: held) {
        let start = held
        held = []
        isInTraceLine = true
        // A line so short it ended among the bytes held: the bytes after it start lines anew.
        if let end = start.firstIndex(of: UInt8(ascii: "\n")) {
          trace(start[...end])
          isInTraceLine = false
          take(start[(end + 1)...], trace: trace, refusal: refusal)
        } else {
          trace(start[...])
        }
      } else if held.count == Self.refusalStart.count {
        isInRefusal = true
      }
    }
  }
}
