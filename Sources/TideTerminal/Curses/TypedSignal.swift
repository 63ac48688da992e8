#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A key the tty turned into a signal while its ISIG was on: ctrl-c (SIGINT), ctrl-\ (SIGQUIT),
/// ctrl-z (SIGTSTP).
///
/// The real terminal runs with ISIG off (`tide_signal_characters_off`), since the tty raised
/// those signals for the bytes wherever they came, inside a bracketed paste too (issue 37, F7).
/// So the bytes reach ``InputDecoder``: inside a paste they are its text; typed, they are these
/// keys, and the screen loop does what the signal did — the same path, not a second one:
///
/// - ctrl-\ and ctrl-z send their signal to the tty's foreground process group, as the tty did
///   (`tide_send_typed_signal`). The app's own handlers take it as they take one sent with
///   `kill`: SIGQUIT is a quit request (status 131), SIGTSTP the suspend between two frames.
///   Apps never get these keys, as they never did.
/// - ctrl-c goes to the program (``ProgramInput/interrupt(typed:signal:)``): the app's binding
///   for it, if it has one, else the quit a SIGINT is (status 130). Only a key the app binds
///   needs the program's state to tell, which a signal handler never reads; and a process
///   group that shares the terminal (a pipeline) sees EOF as the app ends.
///
/// Only the real terminal's keys: a key script's `ctrl-c` or `ctrl-z` is a key like any other.
enum TypedSignal: Equatable {
  case interrupt
  case quit
  case suspend

  /// The signal a key stands for; `nil` for every other event.
  init?(_ event: InputEvent) {
    switch event {
    case .key(.control("c")): self = .interrupt
    case .key(Self.quitKey): self = .quit
    case .key(.control("z")): self = .suspend
    default: return nil
    }
  }

  /// ctrl-\, as ``Key/init(typed:)`` reads 0x1c and a terminal reporting modifiers sends it.
  static let quitKey = Key.character("\\").with(.control)

  /// The signal's number.
  var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .quit: SIGQUIT
    case .suspend: SIGTSTP
    }
  }
}
