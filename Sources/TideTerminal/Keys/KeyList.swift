/// The keys of a `keys` line, in order, kept as their script tokens: a line of millions of keys
/// then costs about what its text does, not millions of ``Key`` values.
///
/// It reads like an array of keys — `KeyList([.tab, .character("a")])`, or a literal
/// `[.tab, .character("a")]` — and decodes each key only as it is iterated.
package struct KeyList: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// The keys' tokens (``Key/token``), each followed by a space.
  private var tokens = ""

  /// How many keys the list holds.
  package private(set) var count = 0

  /// An empty list.
  package init() {}

  /// The keys in order. Every key must have a script token (``Key/token``): a resize or a
  /// control character cannot be pressed by a script.
  package init(_ keys: some Sequence<Key>) {
    for key in keys { append(key) }
  }

  package init(arrayLiteral keys: Key...) {
    self.init(keys)
  }

  /// Adds `key` at the end.
  package mutating func append(_ key: Key) {
    guard let token = key.token else {
      preconditionFailure("\(key) has no key-script token, so a script cannot press it")
    }
    tokens += token
    tokens += " "
    count += 1
  }

  /// Whether the list holds no key.
  package var isEmpty: Bool { count == 0 }

  package var description: String { "[" + tokens.split(separator: " ").joined(separator: ", ") + "]" }

  package func makeIterator() -> Iterator {
    Iterator(tokens: tokens.utf8)
  }

  /// Decodes one token at a time.
  package struct Iterator: IteratorProtocol {
    let tokens: String.UTF8View
    var position: String.Index

    init(tokens: String.UTF8View) {
      self.tokens = tokens
      self.position = tokens.startIndex
    }

    package mutating func next() -> Key? {
      guard position < tokens.endIndex else { return nil }
      let end = tokens[position...].firstIndex(of: UInt8(ascii: " "))!
      // Tokens never hold a space (the parser splits on them): each is a key `init(token:)` took.
      let key = Key(token: String(Substring(tokens[position..<end])))!
      position = tokens.index(after: end)
      return key
    }
  }
}
