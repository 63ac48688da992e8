/// The text of a bracketed paste as it arrives, after its start marker (`ESC [ 200 ~`), up to
/// its end marker (`ESC [ 201 ~`): every byte is text, control sequences included, so nothing
/// pasted runs as a key command. ``InputDecoder`` holds one while a paste is open.
///
/// Two things make the end less simple than the marker:
///
/// - The pasted text may itself hold the end marker's bytes; the terminal sends them as they
///   are and its own marker after the text. So an end marker that more input follows at once —
///   without a pause of ``endLookahead`` — up to another end marker, or for more than
///   ``lookaheadLimit`` bytes (more than anyone types in one go), is part of the text; the rest
///   of the paste then never runs as key commands. What follows a marker that did end the paste
///   is given back, to be decoded as the keys it is.
/// - The end may never come (a terminal that died mid-paste, or hostile input): the paste then
///   ends after ``unterminatedSilence`` without input and is delivered, and what comes after is
///   keys again. A terminal sends a paste in one burst, so a pause that long inside one is
///   only a network's stall; a person who sees their keys do nothing pauses longer.
struct BracketedPaste {
  /// Silence after an end marker that makes it the paste's end: a terminal sends the marker
  /// right behind the text.
  static let endLookahead: Duration = .milliseconds(30)
  /// Bytes after an end marker, without another one, that make the marker part of the text.
  static let lookaheadLimit = 100
  /// Silence that ends a paste whose end marker never came. Above TCP's minimum retransmission
  /// time (200 ms), so a stalled remote paste is not cut, and below the time a person takes to
  /// notice that their keys do nothing.
  static let unterminatedSilence: Duration = .milliseconds(300)

  private static let endMarker = Array("\u{1B}[201~".utf8)

  /// The text so far, as the terminal sent it.
  private var text: [UInt8] = []
  /// Bytes not yet known to be text: after an end marker (when ``markerPending``), the input
  /// that followed it; otherwise the start of what may be an end marker.
  private var undecided: [UInt8] = []
  /// An end marker came and it is not yet known whether it ended the paste.
  private var markerPending = false

  /// How the paste went on after some input.
  enum Progress {
    /// Still open.
    case open
    /// Ended at an end marker: the text, and the input after the marker.
    case ended(text: String, rest: [UInt8])
  }

  /// How long input may pause before ``inputPaused()`` must be called.
  var waitForMore: Duration { markerPending ? Self.endLookahead : Self.unterminatedSilence }

  /// Takes the next bytes of the paste.
  mutating func receive(_ bytes: some Collection<UInt8>) -> Progress {
    undecided.append(contentsOf: bytes)
    while true {
      let marker = Self.firstEndMarker(in: undecided)
      if !markerPending {
        guard let marker else {
          // All of it is text, but for a tail that may be the start of an end marker.
          let kept = Self.endMarkerPrefixLength(atEndOf: undecided)
          text.append(contentsOf: undecided.dropLast(kept))
          undecided.removeFirst(undecided.count - kept)
          return .open
        }
        text.append(contentsOf: undecided[..<marker])
        undecided.removeFirst(marker + Self.endMarker.count)
        markerPending = true
        continue
      }
      if let marker, marker <= Self.lookaheadLimit {
        // Input up to another end marker: the first was text, the second is asked the same.
        text.append(contentsOf: Self.endMarker)
        text.append(contentsOf: undecided[..<marker])
        undecided.removeFirst(marker + Self.endMarker.count)
        continue
      }
      guard undecided.count >= Self.lookaheadLimit + Self.endMarker.count else { return .open }
      // More input than anyone types, without another end marker: the marker was text, and
      // the paste goes on to its next one.
      text.append(contentsOf: Self.endMarker)
      markerPending = false
    }
  }

  /// No input came for ``waitForMore``: the paste ends, at its pending end marker (the input
  /// after it is given back) or, without one, with everything received as its text.
  mutating func inputPaused() -> (text: String, rest: [UInt8]) {
    if !markerPending {
      text.append(contentsOf: undecided)
      undecided.removeAll()
    }
    return (Self.string(text), undecided)
  }

  /// The pasted bytes as text: UTF-8, with U+FFFD for what is not; a carriage return (what
  /// terminals send for a pasted line break) as a line break.
  private static func string(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars.lazy.map { $0 == "\r" ? "\n" : $0 })
    return String(scalars)
  }

  /// Where the first whole end marker in `bytes` begins.
  private static func firstEndMarker(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= endMarker.count else { return nil }
    return (0...(bytes.count - endMarker.count)).first { start in
      bytes[start] == endMarker[0] && bytes[start..<(start + endMarker.count)].elementsEqual(endMarker)
    }
  }

  /// How many bytes at the end of `bytes` are the start of an end marker (not all of it).
  private static func endMarkerPrefixLength(atEndOf bytes: [UInt8]) -> Int {
    for length in stride(from: min(endMarker.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(endMarker.prefix(length)) {
      return length
    }
    return 0
  }
}
