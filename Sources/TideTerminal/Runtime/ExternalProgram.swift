#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program an app runs on its terminal — the user's editor, a pager, a shell — with
/// ``Tide/Effect/runInTerminal(_:then:)``, as a git commit hands the message to `$EDITOR`.
///
/// It is started directly, not through a shell: `executable` is looked up in `PATH` (or is a
/// path), and `arguments` reach it as they are, so a file name with spaces or quotes needs no
/// quoting.
public struct ExternalProgram: Hashable, Sendable {
  /// The program: a name looked up in `PATH`, or a path.
  public var executable: String
  /// What it is given after its name.
  public var arguments: [String]

  /// `executable` with `arguments`.
  public init(_ executable: String, arguments: [String] = []) {
    self.executable = executable
    self.arguments = arguments
  }

  /// The user's editor on `file`: `$VISUAL`, else `$EDITOR`, else `vi`. The variable is split at
  /// spaces into the program and its first arguments (`EDITOR="code --wait"`), without a
  /// shell's quoting; `file` comes last, whole.
  public static func editor(for file: String) -> ExternalProgram {
    editor(for: file) { name in getenv(name).map { String(cString: $0) } }
  }

  /// ``editor(for:)`` with the environment read through `variable`.
  package static func editor(for file: String, variable: (String) -> String?) -> ExternalProgram {
    let words = ["VISUAL", "EDITOR"].lazy.compactMap(variable)
      .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
      .first { !$0.isEmpty } ?? ["vi"]
    return ExternalProgram(words[0], arguments: Array(words.dropFirst()) + [file])
  }

  /// How a program run on the terminal ended; its description completes "the editor …":
  /// `exited with status 1`, `was ended by signal 9`, `could not start: vim: not found`.
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// It ran and exited with this status (0 for success, by convention).
    case exited(Int32)
    /// It ran and a signal ended it (its number: 9 for SIGKILL…).
    case killed(signal: Int32)
    /// It did not start: the reason, such as `vim: not found` or, in a replay or outside a
    /// program, that no program is run there.
    case couldNotStart(String)

    public var description: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .killed(let signal): "was ended by signal \(signal)"
      case .couldNotStart(let reason): "could not start: \(reason)"
      }
    }
  }
}
