#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// A folder only this user can read, for a live trace: the one an app writes for its inspector
/// without `--trace`, and the copy the inspector receives.
package enum PrivateFolder {
  /// A new folder, mode 0700, named `prefix-XXXXXX` under `$TMPDIR` (else `/tmp`).
  package static func make(_ prefix: String) throws(InspectorSocket.Failure) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/\(prefix)-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw InspectorSocket.Failure(description: "cannot make a folder for the trace in \(escapedName(base)): \(systemReason())")
    }
    return String(cString: made)
  }

  /// Removes `file` in `folder`, then the folder.
  package static func remove(_ file: String, in folder: String) {
    unlink(file)
    rmdir(folder)
  }
}
