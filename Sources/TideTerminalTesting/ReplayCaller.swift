import Foundation
import IssueReporting

#if canImport(Testing)
  import Testing
#endif

/// Where ``assertReplay(_:clock:script:golden:size:fileID:filePath:line:column:)`` was called
/// from: issues are reported there, and relative paths are taken from its folder.
struct ReplayCaller {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// `path` itself if absolute, else relative to the calling file's folder.
  func resolve(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(path).path
  }

  /// Reports `message` as a test issue: at the script's line when the script is a file and Swift
  /// Testing runs the test (its issues take any location), else at the call.
  func report(_ message: String, scriptPath: String?, scriptLine: Int = 1, scriptColumn: Int = 1) {
    #if canImport(Testing)
      if let scriptPath, Test.current != nil {
        let module = "\(fileID)".split(separator: "/").first.map(String.init) ?? "Scripts"
        let name = URL(fileURLWithPath: scriptPath).lastPathComponent
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: "\(module)/\(name)", filePath: scriptPath, line: max(1, scriptLine), column: max(1, scriptColumn)))
        return
      }
    #endif
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
