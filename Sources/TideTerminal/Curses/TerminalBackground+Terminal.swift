#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalBackground {
  /// What this process's `COLORFGBG` says of the background (see ``hint(colorFGBG:)``): the
  /// hint a live run falls back on when the terminal does not answer OSC 11.
  package static func hintOfThisTerminal() -> TerminalBackground? {
    hint(colorFGBG: getenv("COLORFGBG").map { String(cString: $0) })
  }
}
