#if canImport(Glibc)
import Glibc
#endif
import Testing
import TideTestSupport

/// Issue 40: a terminal that answers the kitty keyboard protocol's query — played by the test on
/// a pseudo-terminal, since tmux 3.3 does not — gets the protocol's "disambiguate" level pushed
/// (`CSI > 1 u`), not modifyOtherKeys; a key in the protocol's form (`CSI 113 u`, q) is a key;
/// and the level is popped (`CSI < u`) at the exit.
@Suite struct KittyKeyboardTerminalTests {
  @Test func aTerminalThatAnswersGetsTheProtocolPushedAndPoppedAtTheExit() throws {
    let binary = try requireBuiltExecutable("tide-hello")
    let terminal = try PseudoTerminal(binary, environment: ["TERM=xterm-256color", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"])
    #expect(terminal.read(until: "\u{1B}[?u"), "the protocol asked for: \(terminal.output)")
    // The terminal's answers, in the order it would send them: flags 0, then DA1's.
    terminal.write("\u{1B}[?0u\u{1B}[?62;22c")
    #expect(terminal.read(until: "\u{1B}[>1u"), "the protocol pushed")
    #expect(terminal.read(until: "count: 0"), "the app drew")
    // `q` as the protocol may send it (a key with no modifiers: CSI 113 u): the app quits.
    terminal.write("\u{1B}[113u")
    #expect(terminal.waitForExit() == 0, "a key in the protocol's form reached the app")
    let push = try #require(terminal.firstIndex(of: "\u{1B}[>1u"))
    let pop = try #require(terminal.firstIndex(of: "\u{1B}[<u"), "the protocol popped at the exit")
    #expect(push < pop)
    #expect(terminal.firstIndex(of: "\u{1B}[>4;1m") == nil, "no modifyOtherKeys where the protocol answered")
  }
}
