import Testing
@testable import TideTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys the real terminal's screen loop turns into the signals its tty raised for them
/// while ISIG was on (issue 37, F7): typed ctrl-c, ctrl-\ and ctrl-z — never a paste holding
/// their bytes, never another key.
@Suite struct TypedSignalTests {
  @Test func theTtysSignalCharactersTypedAreTheirSignals() {
    let typed = InputDecoder.decodeAll([0x03, 0x1C, 0x1A]).map { TypedSignal($0)?.number }
    #expect(typed == [SIGINT, SIGQUIT, SIGTSTP])
    // A terminal reporting modifiers (kitty's CSI u) sends the same keys.
    #expect(TypedSignal(.key(Key.character("\\").with(.control))) == .quit)
  }

  @Test func aPasteAndOtherKeysAreNoSignal() {
    let pasted = InputDecoder.decodeAll("\u{1B}[200~a\u{03}b\u{1C}c\u{1A}d\u{1B}[201~")
    #expect(pasted == [.paste("a\u{03}b\u{1C}c\u{1A}d")], "the signal characters are the paste's text")
    #expect(pasted.compactMap(TypedSignal.init).isEmpty)
    for key: Key in [.control("d"), .character("c"), .alt(.control("c")), .control("y"), .character("\\")] {
      #expect(TypedSignal(.key(key)) == nil, "\(key)")
    }
  }
}
