import TideJSON

/// How one action changed the value at a path, as `--who-changed` reports it.
///
/// A value of about 4 KB of JSON or less (``longest``) is carried from line to line and reported
/// whole, before and after. A longer one — a list of 100,000 items — is neither: copying it at
/// each line and writing it twice a line cost its size a line (a million lines of 5 MB). Its
/// change is reported as the changes made inside it instead, each with its part before and
/// after, which costs what the line changed: a line is reported when one of them changed its
/// place.
struct ValueChange {
  /// Values whose JSON is longer than this, in bytes, are reported by what changed inside them.
  static let longest = 4_096

  /// One change inside a long value: at `path`, `old` became `new` (`nil`: none). A splice is
  /// the elements it removed and those it inserted, at `removed`, the indices they had.
  struct Part {
    var path: JSONPath
    var removed: Range<Int>?
    var old: JSONValue?
    var new: JSONValue?
  }

  /// The value before and after, when it was short before (`nil`: none); the value after is
  /// whole even when it is long, on the one line that made it so.
  var old: JSONValue?
  var new: JSONValue?
  /// The changes inside the value, when it was long before; `nil` when it was short.
  var inside: [Part]?
  /// The value's kind before and after (``TraceQueries/kind(of:)``).
  var oldKind: Int?
  var newKind: Int?
}

extension JSONValue {
  /// Whether the value's JSON text is longer than `limit` bytes, found without writing it and
  /// stopping as soon as it is. Numbers count as eight bytes and escapes as what they escape:
  /// the answer is about the length, never the text.
  func isTextLonger(than limit: Int) -> Bool {
    var room = limit
    return !fits(in: &room)
  }

  private func fits(in room: inout Int) -> Bool {
    switch self {
    case .null: room -= 4
    case .bool(let value): room -= value ? 4 : 5
    case .integer, .unsignedInteger, .number: room -= 8
    case .string(let text): room -= text.utf8.count + 2
    case .array(let elements):
      room -= 1
      // Every element counts at least two bytes below: a list of 100,000 is long at once.
      guard elements.count * 2 <= room else { return false }
      for element in elements {
        room -= 1
        guard room >= 0, element.fits(in: &room) else { return false }
      }
    case .object(let members):
      room -= 1
      for member in members {
        room -= member.key.utf8.count + 4
        guard room >= 0, member.value.fits(in: &room) else { return false }
      }
    }
    return room >= 0
  }
}
