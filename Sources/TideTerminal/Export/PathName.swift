/// The folder and file-name parts of a path, as `dirname` and `basename` split it, for the
/// file-writing code's own names (`.NAME.tmp-PID`, `.NAME.lock`) without linking
/// Foundation's path machinery.
package enum PathName {
  /// The path's folder: `a/b/c` → `a/b`, `/c` → `/`, `c` → `` (the current folder). Trailing
  /// slashes of `path` and of the folder are dropped.
  package static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// The path's last component: `a/b/c` → `c`, `a/b/` → `b`, `/` → `/`.
  package static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
