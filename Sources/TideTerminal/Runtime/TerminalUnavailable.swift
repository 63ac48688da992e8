import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the real terminal cannot run a full-screen program; thrown by ``Program/run()`` before
/// anything is written, so the terminal is untouched.
package enum TerminalUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
  case notATerminal
  /// `TERM` is not set, or empty.
  case terminalTypeUnset
  /// terminfo does not know `TERM`.
  case unknownTerminalType(String)
  /// The terminal type cannot move the cursor (e.g. `dumb`).
  case terminalTypeCannotAddressCursor(String)

  /// What is wrong, for a message like `PROGRAM: REASON`.
  package var description: String {
    switch self {
    case .notATerminal: "needs an interactive terminal"
    case .terminalTypeUnset: "needs an interactive terminal, but TERM is not set"
    case .unknownTerminalType(let type): "needs an interactive terminal, but the terminal type TERM='\(type)' is unknown"
    case .terminalTypeCannotAddressCursor(let type):
      "needs an interactive terminal, but the terminal type TERM='\(type)' cannot move the cursor"
    }
  }

  /// Whether this process has a controlling terminal to draw on (`/dev/tty`) though its
  /// standard input or output may be pipes: what an inline app needs.
  package static var hasTerminalDevice: Bool {
    let device = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard device >= 0 else { return false }
    close(device)
    return true
  }

  /// Checks standard input and output and `TERM` without touching the terminal; `nil` when a
  /// full-screen program can run. ``Program/run()`` checks this itself; call it first to refuse
  /// before doing anything else (such as opening files).
  package static func check() -> TerminalUnavailable? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return .notATerminal }
    let type = getenv("TERM").map { String(cString: $0) } ?? ""
    switch tide_check_terminal_type() {
    case 0: return nil
    case 1: return .terminalTypeUnset
    case 2: return .unknownTerminalType(type)
    default: return .terminalTypeCannotAddressCursor(type)
    }
  }
}
