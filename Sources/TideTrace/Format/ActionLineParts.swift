#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideJSON

/// Where the parts of an action line lie in its bytes (`{"n":…,"t":…,"action":{…},"changes":[…]}`),
/// found by one pass over the bytes that builds no tree: `--who-changed` looks at hundreds of
/// thousands of lines and needs of each only its action and the few changes at its path, and a
/// state far from a snapshot needs of each line only its changes (and its action once for each
/// spelling); building each line's whole tree cost more than anything else either did.
///
/// The scan checks the line's structure (strings closed, brackets matched, the four members
/// there) but not every value in it: a line it cannot take apart is left to ``TraceStep``'s full
/// parse, which says what is wrong.
package struct ActionLineParts {
  /// The bytes of the action's JSON.
  package var action: Range<Int>
  /// Each change's bytes (`["counter.count",5]`) and those of its path, between the quotes.
  package var changes: ChangeRanges
  /// The bytes of the time's value (`t`).
  package var time: Range<Int> = 0..<0
  /// The input member's name and value (`"key":"j"`), when the line has one.
  package var input: (name: Range<Int>, value: Range<Int>)?
  /// Whether every member is one ``TraceStep`` knows, spelled without escapes, none twice, and
  /// the line has one input at most: what ``TraceStep/init(parsing:path:line:)`` refuses
  /// otherwise, so a caller that reads the line from its parts alone knows when not to.
  package var hasOnlyKnownMembers = true

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

  private init(action: Range<Int>, changes: ChangeRanges) {
    self.action = action
    self.changes = changes
  }

  /// The members ``TraceStep`` reads are numbered (see `Scanner.member(named:)`), a bit each of
  /// those a line has, to tell one that comes twice; the inputs' numbers start here.
  private static let firstInputMember = 4

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    let knownAction: UnsafeRawBufferPointer?
    var position = 0

    mutating func actionLine() -> ActionLineParts? {
      guard next(UInt8(ascii: "{")) else { return nil }
      var action: Range<Int>?
      var changes: ChangeRanges?
      var time: Range<Int>?
      var input: (name: Range<Int>, value: Range<Int>)?
      var seen: UInt8 = 0
      var hasOnlyKnownMembers = true
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
        }
        if let member = member(named: key) {
          if seen & (1 << member) != 0 { hasOnlyKnownMembers = false }
          seen |= 1 << member
          if member == 1 { time = start..<position }
          if member >= ActionLineParts.firstInputMember {
            if input != nil { hasOnlyKnownMembers = false }
            input = (key, start..<position)
          }
        } else {
          hasOnlyKnownMembers = false
        }
        if next(UInt8(ascii: ",")) { continue }
        guard next(UInt8(ascii: "}")), position == bytes.count else { return nil }
        break
      }
      guard seen & 0b11 == 0b11, let time, let action, let changes else { return nil }
      var parts = ActionLineParts(action: action, changes: changes)
      parts.time = time
      parts.input = input
      parts.hasOnlyKnownMembers = hasOnlyKnownMembers
      return parts
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
    mutating func changeList() -> ChangeRanges? {
      guard next(UInt8(ascii: "[")) else { return nil }
      var changes = ChangeRanges()
      if next(UInt8(ascii: "]")) { return changes }
      while true {
        let start = position
        guard next(UInt8(ascii: "[")), let path = string() else { return nil }
        // The values after the path, each passed over: the path is not scanned twice.
        while next(UInt8(ascii: ",")) {
          guard skipValue() else { return nil }
        }
        guard next(UInt8(ascii: "]")) else { return nil }
        changes.append((start..<position, path))
        if next(UInt8(ascii: ",")) { continue }
        return next(UInt8(ascii: "]")) ? changes : nil
      }
    }

    /// The number of the member `key` names: `n` 0, `t` 1, `action` 2, `changes` 3, then the
    /// inputs, `key` 4, `paste` 5, `resize` 6, `pointer` 7; `nil` for any other name. Told apart
    /// by length first: a million lines' members are looked up.
    func member(named key: Range<Int>) -> Int? {
      switch key.count {
      case 1:
        switch bytes[key.lowerBound] {
        case UInt8(ascii: "n"): 0
        case UInt8(ascii: "t"): 1
        default: nil
        }
      case 3: named(key, "key") ? 4 : nil
      case 5: named(key, "paste") ? 5 : nil
      case 6: named(key, "action") ? 2 : named(key, "resize") ? 6 : nil
      case 7: named(key, "changes") ? 3 : named(key, "pointer") ? 7 : nil
      default: nil
      }
    }

    func named(_ range: Range<Int>, _ key: StaticString) -> Bool {
      // A name with an escape never matches, though it may spell one of these: the full parse
      // then reads the line, as it reads every line whose members are not plainly known.
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

extension ActionLineParts {
  /// Whether the full parse (``TraceStep/init(parsing:path:line:)``) takes all of `line` but its
  /// action and changes: every member one it knows, once, the time 0 to
  /// ``TraceFormat/latestTime``, the input one it reads. A time or an input spelled as one that
  /// passed before (``SpellingsSeen``) passes again without a parse. `false`: the full parse
  /// refuses the line and says why, or reads what is not plain.
  func passesAsStepReadsIt(in line: UnsafeRawBufferPointer, inputs: inout SpellingsSeen) -> Bool {
    guard hasOnlyKnownMembers else { return false }
    let timeSpelling = UnsafeRawBufferPointer(rebasing: line[time])
    if !inputs.lastTime.matches(timeSpelling) {
      guard let time = try? JSONParser.parse(timeSpelling), TraceFormat.seconds(in: time) != nil else { return false }
      inputs.lastTime.note(timeSpelling)
    }
    // An input spelled as one that passed before (`key":"j`, from its name to its value's end)
    // passes again: the check reads nothing else.
    if let input, case let spelling = UnsafeRawBufferPointer(rebasing: line[input.name.lowerBound..<input.value.upperBound]),
      !inputs.contains(spelling)
    {
      guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: line[input.value])) else { return false }
      let member = JSONValue.object([JSONMember(key: String(decoding: UnsafeRawBufferPointer(rebasing: line[input.name]), as: UTF8.self), value: value)])
      do { _ = try TraceInput.event(in: member, path: "", line: 0) } catch { return false }
      _ = inputs.insert(spelling)
    }
    return true
  }

  /// The changes of `line`, these its parts, as ``TraceStep/init(parsing:path:line:)`` reads them,
  /// read without the line's tree: each set's value alone (``ChangePaths/set(_:in:)``), only a
  /// splice parsed whole. `nil` when the full parse must read the line — it refuses it (a member
  /// it does not know or twice, a time or an input it cannot read, a malformed change) and says
  /// why, or it is not plain enough to read from its parts. A state many lines from a snapshot
  /// is their changes applied in turn, and parsing each line whole was most of that.
  ///
  /// The line passed the trace's check of every line when it was indexed (``TraceReader``): its
  /// parts are read as JSON the full parse would read. A file rewritten in place since, with
  /// the same line lengths, is read as it now is, its changes still parsed.
  func changesAsStepReadsThem(in line: UnsafeRawBufferPointer, paths: inout ChangePaths, inputs: inout SpellingsSeen) -> [StateChange]? {
    guard passesAsStepReadsIt(in: line, inputs: &inputs) else { return nil }
    var read: [StateChange] = []
    read.reserveCapacity(changes.count)
    for part in changes {
      if let (path, value) = paths.set(part, in: line) {
        read.append(.set(path, value))
        continue
      }
      guard let json = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: line[part.change])),
        let change = StateChange(json: json)
      else { return nil }
      read.append(change)
    }
    return read
  }
}
