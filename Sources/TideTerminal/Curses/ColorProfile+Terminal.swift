import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ColorProfile {
  /// The profile of the terminal this process runs in: ``detect(environment:terminfoColors:)``
  /// with the process's `TIDE_COLOR`, `NO_COLOR`, `COLORTERM` and `TERM` and terminfo's colour
  /// count for `TERM`. Read once, before the terminal is taken over.
  package static func ofThisTerminal() throws(UnknownName) -> ColorProfile {
    var environment: [String: String] = [:]
    for name in ["TIDE_COLOR", "NO_COLOR", "COLORTERM", "TERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let colors = tide_terminfo_colors()
    return try detect(environment: environment, terminfoColors: colors < 0 ? nil : Int(colors))
  }
}
