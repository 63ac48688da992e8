import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
/// Unique per process and per value, so tests running in parallel never share one.
package final class TemporaryDirectory: Sendable {
  package let path: String

  package init(_ label: String = "tide-tests") {
    path = NSTemporaryDirectory() + "\(label)-\(getpid())-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    // Give back write permission first, in case a test took it away.
    Self.chmodTree(path)
    try? FileManager.default.removeItem(atPath: path)
  }

  package var url: URL { URL(fileURLWithPath: path) }

  package func file(_ name: String) -> String { path + "/" + name }

  /// The names in the folder, sorted.
  package func contents(_ subfolder: String? = nil) -> [String] {
    let folder = subfolder.map { path + "/" + $0 } ?? path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  private static func chmodTree(_ path: String) {
    chmod(path, 0o755)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      var isDirectory: ObjCBool = false
      let child = path + "/" + name
      if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue {
        chmodTree(child)
      }
    }
  }
}
