/// Values written out the way swift-custom-dump writes them — `Type(label: value, …)` over
/// indented lines, enum cases as `Type.case(payload)`, strings quoted — for what the ``Tracer``
/// reports.
///
/// Tide writes them itself, through `Mirror`, rather than with swift-custom-dump: CustomDump and
/// the IssueReporting it depends on reference full Foundation, and SwiftPM links every object of
/// a dependency, so an app using Tide would carry Foundation, CoreFoundation and ICU (about
/// 2.5 MiB of its resident memory) for a tracer it may never turn on. Test support (TideTesting)
/// keeps swift-custom-dump for `TestStore`'s failure diffs. A value's `CustomReflectable` mirror
/// is honoured by both, so a type shows the same children in either.
enum ValueDump {
  /// `value` over indented lines; a line that opens a child ends with `(` or `[`, and the line
  /// that closes it starts with `)` or `]` at the same indentation.
  static func lines(of value: Any) -> [String] {
    var writer = Writer()
    writer.write(value, label: nil, indent: 0, suffix: "")
    return writer.lines
  }

  /// `value` on as few lines as it takes (one for a scalar, an enum case without payload or a
  /// string).
  static func text(of value: Any) -> String {
    lines(of: value).joined(separator: "\n")
  }

  /// The name of `type` as written in the source that declared it: module names left out
  /// (`CounterFeature.Action`, `Optional<Int>`), as swift-custom-dump writes it.
  static func typeName(_ type: Any.Type) -> String {
    var name = _typeName(type, qualified: true)
    // A type declared inside a function is named by its context's address.
    while let start = name.firstRange(of: "(unknown context at $"),
      let end = name[start.upperBound...].firstIndex(of: ")")
    {
      let afterDot = name.index(after: end) < name.endIndex && name[name.index(after: end)] == "."
      name.removeSubrange(start.lowerBound..<(afterDot ? name.index(end, offsetBy: 2) : name.index(after: end)))
    }
    return withoutModules(name)
  }

  /// Drops the first component of each dotted path of identifiers: the module.
  private static func withoutModules(_ name: String) -> String {
    var result = ""
    var path: [Substring] = []
    var identifierStart: String.Index? = nil
    func endPath(at index: String.Index) {
      if let start = identifierStart { path.append(name[start..<index]) }
      identifierStart = nil
      result += (path.count > 1 ? path.dropFirst() : path[...]).joined(separator: ".")
      path = []
    }
    var index = name.startIndex
    while index < name.endIndex {
      let character = name[index]
      if character.isLetter || character.isNumber || character == "_" {
        if identifierStart == nil { identifierStart = index }
      } else if character == ".", let start = identifierStart {
        path.append(name[start..<index])
        identifierStart = nil
      } else {
        endPath(at: index)
        result.append(character)
      }
      index = name.index(after: index)
    }
    endPath(at: name.endIndex)
    return result
  }

  private struct Writer {
    var lines: [String] = []
    /// Objects being written, so that a reference cycle ends in `↩︎` instead of recursing.
    var objectsInProgress: Set<ObjectIdentifier> = []

    mutating func write(_ value: Any, label: String?, indent: Int, suffix: String) {
      let prefix = String(repeating: " ", count: indent) + (label.map { "\($0): " } ?? "")
      let mirror = Mirror(reflecting: value)
      switch value {
      case let string as String:
        lines.append(prefix + String(reflecting: string) + suffix)
        return
      case let character as Character:
        lines.append(prefix + String(reflecting: character) + suffix)
        return
      default:
        break
      }
      switch mirror.displayStyle {
      case .optional:
        if let wrapped = mirror.children.first?.value {
          write(wrapped, label: label, indent: indent, suffix: suffix)
        } else {
          lines.append(prefix + "nil" + suffix)
        }
      case .enum:
        let typeName = ValueDump.typeName(mirror.subjectType)
        guard let payload = mirror.children.first else {
          lines.append(prefix + "\(typeName).\(value)" + suffix)
          return
        }
        let caseName = payload.label ?? "\(value)"
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
          writeChildren(
            of: payloadMirror, opening: prefix + "\(typeName).\(caseName)(", closing: ")", indent: indent,
            suffix: suffix, labels: .tuple)
        } else {
          let inner = Writer.single(payload.value)
          if inner.count == 1 {
            lines.append(prefix + "\(typeName).\(caseName)(\(inner[0]))" + suffix)
          } else {
            lines.append(prefix + "\(typeName).\(caseName)(")
            write(payload.value, label: nil, indent: indent + 2, suffix: "")
            lines.append(String(repeating: " ", count: indent) + ")" + suffix)
          }
        }
      case .struct, .class:
        let typeName = ValueDump.typeName(mirror.subjectType)
        let object = mirror.displayStyle == .class ? ObjectIdentifier(value as AnyObject) : nil
        if let object {
          guard objectsInProgress.insert(object).inserted else {
            lines.append(prefix + "\(typeName)(↩︎)" + suffix)
            return
          }
        }
        writeChildren(
          of: mirror, opening: prefix + "\(typeName)(", closing: ")", indent: indent, suffix: suffix, labels: .named)
        if let object { objectsInProgress.remove(object) }
      case .tuple:
        writeChildren(of: mirror, opening: prefix + "(", closing: ")", indent: indent, suffix: suffix, labels: .tuple)
      case .collection:
        writeChildren(of: mirror, opening: prefix + "[", closing: "]", indent: indent, suffix: suffix, labels: .offsets)
      case .set:
        writeChildren(
          of: mirror, opening: prefix + "Set([", closing: "])", indent: indent, suffix: suffix, labels: .none,
          sorted: true)
      case .dictionary:
        writeDictionary(mirror, prefix: prefix, indent: indent, suffix: suffix)
      default:
        // Scalars (numbers, booleans) and types with a custom mirror of no display style.
        if mirror.children.isEmpty || value is CustomStringConvertible {
          lines.append(prefix + String(describing: value) + suffix)
        } else {
          writeChildren(
            of: mirror, opening: prefix + "\(ValueDump.typeName(mirror.subjectType))(", closing: ")", indent: indent,
            suffix: suffix, labels: .named)
        }
      }
    }

    enum Labels { case named, tuple, offsets, none }

    mutating func writeChildren(
      of mirror: Mirror, opening: String, closing: String, indent: Int, suffix: String, labels: Labels,
      sorted: Bool = false
    ) {
      var children = Array(mirror.children)
      if children.isEmpty {
        lines.append(opening + closing + suffix)
        return
      }
      if sorted {
        children.sort { Writer.single($0.value).joined() < Writer.single($1.value).joined() }
      }
      lines.append(opening)
      for (offset, child) in children.enumerated() {
        let label: String?
        switch labels {
        case .named: label = child.label
        // Unlabelled tuple elements are named `.0`, `.1` by the mirror; custom-dump leaves them bare.
        case .tuple: label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        case .offsets: label = "[\(offset)]"
        case .none: label = nil
        }
        write(child.value, label: label, indent: indent + 2, suffix: offset == children.count - 1 ? "" : ",")
      }
      lines.append(String(repeating: " ", count: indent) + closing + suffix)
    }

    mutating func writeDictionary(_ mirror: Mirror, prefix: String, indent: Int, suffix: String) {
      // Each child is a (key, value) pair; written in the order of their keys' text, so that
      // two dumps of equal dictionaries are equal whatever their hash order.
      var pairs: [(key: String, value: Any)] = mirror.children.map { child in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (Writer.single(pair[0].value).joined(separator: " "), pair[1].value)
      }
      if pairs.isEmpty {
        lines.append(prefix + "[:]" + suffix)
        return
      }
      pairs.sort { $0.key < $1.key }
      lines.append(prefix + "[")
      for (offset, pair) in pairs.enumerated() {
        write(pair.value, label: pair.key, indent: indent + 2, suffix: offset == pairs.count - 1 ? "" : ",")
      }
      lines.append(String(repeating: " ", count: indent) + "]" + suffix)
    }

    static func single(_ value: Any) -> [String] {
      var writer = Writer()
      writer.write(value, label: nil, indent: 0, suffix: "")
      return writer.lines
    }
  }
}
