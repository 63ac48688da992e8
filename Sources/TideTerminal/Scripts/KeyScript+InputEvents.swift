extension KeyScript.Command {
  /// The input this command gives the program, in order: a key per key of ``keys(_:)`` and per
  /// character of ``type(_:)``, one paste for ``paste(_:)``, one resize for ``resize(_:)``, and
  /// nothing for the other commands. A `click` or `scroll` has no input of its own until the
  /// screen says where its target is: the player resolves it (see
  /// ``KeyScriptPlayer``). Decoded one at a time as they are delivered, so a huge line
  /// is never held as an array of events.
  package var inputEvents: InputEvents {
    switch self {
    case .keys(let keys): InputEvents(.keys(keys))
    case .type(let text): InputEvents(.text(text))
    case .paste(let text): InputEvents(.one(.paste(text)))
    case .resize(let size): InputEvents(.one(.resize(size)))
    case .wait, .expect, .expectNot, .expectStyle, .expectTitle, .expectCopied, .program, .screen, .click, .scroll:
      InputEvents(.keys([]))
    }
  }

  /// The input events of a command: see ``KeyScript/Command/inputEvents``.
  package struct InputEvents: Sequence, Sendable {
    fileprivate enum Source: Sendable {
      case keys(KeyList)
      case text(String)
      case one(InputEvent)
    }

    private let source: Source

    fileprivate init(_ source: Source) { self.source = source }

    package func makeIterator() -> AnyIterator<InputEvent> {
      switch source {
      case .keys(let keys):
        var iterator = keys.makeIterator()
        return AnyIterator { iterator.next().map(InputEvent.key) }
      case .text(let text):
        var iterator = text.makeIterator()
        return AnyIterator { iterator.next().map { .key(.character($0)) } }
      case .one(let event):
        var event: InputEvent? = event
        return AnyIterator {
          defer { event = nil }
          return event
        }
      }
    }
  }
}
