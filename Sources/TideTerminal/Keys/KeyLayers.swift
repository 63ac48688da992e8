/// Key tables stacked in priority order — typically the screen's keys, then the global ones, then
/// the keys that work always — with an optional text-entry fallback for characters no table
/// binds. Dispatch, the footer and the help all read the same layers, so each key is bound once
/// (ctrl-c in one layer, not copied into every screen's table) and nothing is filtered by hand.
public struct KeyLayers<Action> {
  /// The tables, first wins.
  @usableFromInline package let layers: [KeyMap<Action>]
  /// The action for a character no layer binds (a text input taking it), or `nil` to ignore it.
  @usableFromInline package let textEntry: ((Character) -> Action)?
  /// Each table's footer cache, in order: all ``helpLine(maxWidth:)`` reads on its way to the
  /// line made last time. Reading `layers` there, in code not specialised for `Action`, looked
  /// up the tables' type at run time, at every frame of every app with a help line.
  @usableFromInline let footerCaches: [KeyFooterCache]

  /// Layers `layers`, with `textEntry` for unbound characters.
  ///
  /// Inlined where the layers are made, so the footer caches are gathered by code specialised
  /// for `Action`.
  @inlinable
  public init(_ layers: [KeyMap<Action>], textEntry: ((Character) -> Action)? = nil) {
    self.layers = layers
    self.textEntry = textEntry
    var footerCaches: [KeyFooterCache] = []
    footerCaches.reserveCapacity(layers.count)
    for layer in layers { footerCaches.append(layer.footerCache) }
    self.footerCaches = footerCaches
  }

  /// The action for `key`: the first layer's binding, else text entry for a character.
  public func action(for key: Key) -> Action? {
    for layer in layers {
      if let action = layer.action(for: key) { return action }
    }
    if let textEntry, case .character(let character) = key { return textEntry(character) }
    return nil
  }

  /// Every binding with help, layer by layer, for a help overlay. A key a higher layer already
  /// binds is not listed again under a lower one.
  public var helpEntries: [KeyHelp] {
    var seen: Set<Key> = []
    var entries: [KeyHelp] = []
    for layer in layers {
      for binding in layer.bindings {
        let keys = binding.keys.filter { !seen.contains($0) }
        seen.formUnion(binding.keys)
        guard !keys.isEmpty, !binding.help.isEmpty else { continue }
        entries.append(KeyHelp(keys: keys.map(\.label).joined(separator: "/"), help: binding.help))
      }
    }
    return entries
  }

  /// A footer help bar: the last layers that have footer entries keep their room first (global
  /// keys such as `? help` are never crowded out), and the earlier layers fill what is left.
  public func helpLine(maxWidth: Int) -> String {
    // Drawn every frame from the same tables: the line made last time, if they are the same.
    // (A plain loop over the footer caches: this code runs unspecialized, where the tables
    // themselves, key paths and lazy sequences would look up their generic metadata.)
    guard let first = footerCaches.first else { return "" }
    if let joined = first.joined, joined.maxWidth == maxWidth,
      joined.followers.count == footerCaches.count - 1
    {
      var same = true
      // A table made anew for this frame has no footer yet: made from its bindings, it may
      // still be the one the line was made of.
      for index in 1..<footerCaches.count
      where (footerCaches[index].madeFooter ?? layers[index].footer) != joined.followers[index - 1] {
        same = false
        break
      }
      if same { return joined.line }
    }
    let line = joinedHelpLine(maxWidth: maxWidth)
    var followers: [KeyFooter] = []
    for layer in layers.dropFirst() { followers.append(layer.footer) }
    first.joined = JoinedFooter(followers: followers, maxWidth: maxWidth, line: line)
    return line
  }

  private func joinedHelpLine(maxWidth: Int) -> String {
    var remaining = maxWidth
    var parts: [String] = []
    for layer in layers.reversed() {
      let (line, width) = layer.footer.line(maxWidth: max(0, remaining - (parts.isEmpty ? 0 : 2)))
      guard !line.isEmpty else { continue }
      parts.insert(line, at: 0)
      remaining -= width + (parts.count > 1 ? 2 : 0)
    }
    return parts.joined(separator: "  ")
  }
}
