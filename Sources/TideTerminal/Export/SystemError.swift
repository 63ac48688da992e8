#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's own words for an `errno` value, as `strerror` gives them ("Permission denied",
/// "No space left on device"), so messages never show a Foundation error domain or code.
package func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// A failed system call: what was being done, on which path, and the system's reason — the
/// error of every file TideTerminal reads or writes for an app, whose ``description`` is a
/// message for the user (`could not read notes.json: No such file or directory`). An app makes
/// its own for the files it handles itself, so that every message about a file reads alike.
public struct SystemError: Error, CustomStringConvertible {
  /// What was being done, as a verb: `read`, `write`, `create`.
  public var action: String
  /// The file's path, as the app named it.
  public var path: String
  /// The `errno` value the system gave.
  public var code: Int32
  /// Words that say more than the system's reason for `code` would (`it holds more than 256
  /// MiB, …` where `strerror` says "File too large").
  package var reason: String?

  /// The failure of `action` on `path` with the system's error number `code` — by default
  /// `errno`, read when the error is made, right after the failed call:
  /// `SystemError("open", path)` reads `could not open PATH: No such file or directory`.
  public init(_ action: String, _ path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
  }

  /// A failure whose reason is said in `reason` rather than in the system's words for `code`.
  package init(_ action: String, _ path: String, code: Int32, reason: String) {
    self.init(action, path, code: code)
    self.reason = reason
  }

  /// `could not ACTION PATH: REASON`, the reason in the system's own words.
  public var description: String { "could not \(action) \(escapedName(path)): \(plainReason)" }

  /// Why it failed, without the action and path: ``reason`` or the system's words for ``code``.
  package var plainReason: String { reason ?? systemReason(code) }
}
