#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the parts of an action line lie in its bytes (`{"n":…,"t":…,"action":{…},"changes":[…]}`),
/// found by one pass over the bytes that builds no tree: `--who-changed` looks at hundreds of
/// thousands of lines and needs of each only its action and the few changes at its path, and
/// building each line's whole tree cost more than anything else the query did.
///
/// The scan checks the line's structure (strings closed, brackets matched, the four members
/// there) but not every value in it: a line it cannot take apart is left to ``TraceStep``'s full
/// parse, which says what is wrong.
package struct ActionLineParts {
  /// The bytes of the action's JSON.
  package var action: Range<Int>
  /// Each change's bytes (`["counter.count",5]`) and those of its path, between the quotes.
  package var changes: [(change: Range<Int>, path: Range<Int>)]

  /// The parts of `line`; `nil` when it is not an action line written as a trace writes it.
  /// `knownAction`: the action's bytes in the parts of a line before (a whole value, which is
  /// what makes this safe). When this line's action is the same bytes, they are passed over
  /// without looking into them (a field's changes come from the same few actions over and
  /// over): looking into the same bytes would end at the same place.
  package init?(_ line: UnsafeRawBufferPointer, knownAction: UnsafeRawBufferPointer? = nil) {
    var scanner = Scanner(bytes: line, knownAction: knownAction)
    guard let parts = scanner.actionLine() else { return nil }
    self = parts
  }

  private init(action: Range<Int>, changes: [(change: Range<Int>, path: Range<Int>)]) {
    self.action = action
    self.changes = changes
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    let knownAction: UnsafeRawBufferPointer?
    var position = 0

    mutating func actionLine() -> ActionLineParts? {
      guard next(UInt8(ascii: "{")) else { return nil }
      var action: Range<Int>?
      var changes: [(change: Range<Int>, path: Range<Int>)]?
      var hasNumber = false
      var hasTime = false
      while true {
        guard let key = string(), next(UInt8(ascii: ":")) else { return nil }
        let start = position
        if named(key, "changes") {
          changes = changeList()
          if changes == nil { return nil }
        } else if named(key, "action") {
          guard skipKnownAction() || skipValue() else { return nil }
          action = start..<position
        } else {
          guard skipValue() else { return nil }
          if named(key, "n") { hasNumber = true }
          if named(key, "t") { hasTime = true }
        }
        if next(UInt8(ascii: ",")) { continue }
        guard next(UInt8(ascii: "}")), position == bytes.count else { return nil }
        break
      }
      guard hasNumber, hasTime, let action, let changes else { return nil }
      return ActionLineParts(action: action, changes: changes)
    }

    /// Moves past the known action if the value here is it, followed by the next member or the
    /// line's end.
    mutating func skipKnownAction() -> Bool {
      guard let knownAction, !knownAction.isEmpty, let known = knownAction.baseAddress else { return false }
      let end = position + knownAction.count
      guard end < bytes.count, bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: "}"),
        memcmp(bytes.baseAddress! + position, known, knownAction.count) == 0
      else { return false }
      position = end
      return true
    }

    /// `[["path",…],…]`: each change and its path.
    mutating func changeList() -> [(change: Range<Int>, path: Range<Int>)]? {
      guard next(UInt8(ascii: "[")) else { return nil }
      var changes: [(change: Range<Int>, path: Range<Int>)] = []
      if next(UInt8(ascii: "]")) { return changes }
      while true {
        let start = position
        guard next(UInt8(ascii: "[")), let path = string() else { return nil }
        position = start
        guard skipValue() else { return nil }
        changes.append((start..<position, path))
        if next(UInt8(ascii: ",")) { continue }
        return next(UInt8(ascii: "]")) ? changes : nil
      }
    }

    func named(_ range: Range<Int>, _ key: StaticString) -> Bool {
      range.count == key.utf8CodeUnitCount
        && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
    }

    mutating func next(_ byte: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    /// A string's bytes between its quotes, escapes as they are.
    mutating func string() -> Range<Int>? {
      guard next(UInt8(ascii: "\"")) else { return nil }
      let start = position
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\""):
          position += 1
          return start..<position - 1
        case UInt8(ascii: "\\"): position += 2
        default: position += 1
        }
      }
      return nil
    }

    /// Moves past one value: a string, an object or array with all it holds, or a scalar.
    mutating func skipValue() -> Bool {
      guard position < bytes.count else { return false }
      switch bytes[position] {
      case UInt8(ascii: "\""):
        return string() != nil
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while position < bytes.count {
          switch bytes[position] {
          case UInt8(ascii: "\""):
            guard string() != nil else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              position += 1
              return true
            }
          default: break
          }
          position += 1
        }
        return false
      default:
        let start = position
        while position < bytes.count {
          switch bytes[position] {
          case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return position > start
          default: position += 1
          }
        }
        return false
      }
    }
  }
}
