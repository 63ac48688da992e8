import Foundation
import Testing
import TideTerminal

@testable import TideDemo

/// The persistence code names its companion files (`.NAME.tmp-PID`, `.NAME.lock`) from the
/// folder and name of the todo file's path; it used to split paths with `NSString`, and must
/// still split them exactly as `NSString` does, or a lock or temporary file would move.
@Suite("Path names")
struct PathNameTests {
  // Not "//": swift-corelibs-foundation splits it into "" and "", but a path of slashes is a
  // folder, which `DataPath` refuses before any name is derived from it. Not "a/" or ".": NSString
  // crashes on them (see `namesNSStringCrashesOn`).
  static let paths = [
    "todos.json", "./todos.json", "data/todos.json", "/todos.json", "/home/me/todos.json",
    "a/b/c/", "a//b", "/", "/a/", "../x", "..", "dir/.hidden", "a/b//",
    "/work/tmp/x y/todos.json", "ünï/çødé.json",
  ]

  @Test(arguments: paths) func splitsAsNSStringDoes(_ path: String) {
    #expect(PathName.folder(of: path) == (path as NSString).deletingLastPathComponent, "folder of \(path)")
    #expect(PathName.name(of: path) == (path as NSString).lastPathComponent, "name of \(path)")
  }

  /// E.g. `--data todos/` for a folder not created yet: the NSString-based code crashed here.
  @Test func namesNSStringCrashesOn() {
    #expect(PathName.folder(of: "a/") == "")
    #expect(PathName.name(of: "a/") == "a")
    #expect(PathName.folder(of: ".") == "")
    #expect(PathName.name(of: ".") == ".")
  }
}
