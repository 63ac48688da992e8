/// What a terminal said of itself to the queries a live run asks at the start (see
/// `CursesTerminal.askTerminal(forBackground:wait:)`).
package struct TerminalAnswers: Equatable, Sendable {
  /// The background its answer to OSC 11 names; `nil` without an answer, or one that is no
  /// colour.
  package var background: TerminalBackground?
  /// Whether it answered the kitty keyboard protocol's query, so it has the protocol.
  package var hasKeyboardProtocol = false
  /// Whether it answered DA1, as nearly every terminal with a modern parser does.
  package var answeredDeviceAttributes = false

  package init(background: TerminalBackground? = nil, hasKeyboardProtocol: Bool = false, answeredDeviceAttributes: Bool = false) {
    self.background = background
    self.hasKeyboardProtocol = hasKeyboardProtocol
    self.answeredDeviceAttributes = answeredDeviceAttributes
  }

  /// How modified keys (ctrl-shift-up, shift-enter, ctrl-tab …) are asked for from this
  /// terminal, of type `term`.
  package enum KeyboardMode: Int32, Equatable, Sendable {
    /// Not at all: the legacy sequences, which the decoder reads as before.
    case legacy = 0
    /// The kitty keyboard protocol's "disambiguate" level.
    case kittyProtocol = 1
    /// xterm's modifyOtherKeys, level 1.
    case modifyOtherKeys = 2
  }

  /// The best form the terminal has: the kitty protocol where it answered its query, else
  /// modifyOtherKeys where it answered DA1 (a modern parser; not the Linux console, whose parser
  /// may read the request as colours), else none.
  package func keyboardMode(term: String?) -> KeyboardMode {
    if hasKeyboardProtocol { return .kittyProtocol }
    if answeredDeviceAttributes, !(term ?? "").hasPrefix("linux") { return .modifyOtherKeys }
    return .legacy
  }
}
