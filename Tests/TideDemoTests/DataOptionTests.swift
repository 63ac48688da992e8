import Foundation
import Testing
import TideTerminal
import TideTestSupport

/// `--data` as a user gives it: anything that is not a todo file is refused before it is
/// touched, and replays with a bad file print the same screen every time.
@Suite("tide-demo --data")
struct DataOptionTests {
  /// The mode and, for a folder, the entries of `path`, to prove it was left as it was.
  func snapshot(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "missing" }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? []
    return "\(info.st_mode) \(info.st_ino) \(entries)"
  }

  @Test func aScriptOrTraceThatCannotBeOpenedIsReportedInTheSystemsWords() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("ok.keys")
    try "keys a\n".write(toFile: script, atomically: true, encoding: .utf8)
    let cases: [(arguments: [String], message: String)] = [
      (["replay", folder.file("missing.keys")], "\(folder.file("missing.keys")): error: cannot read the script: No such file or directory"),
      (["replay", folder.path], "\(folder.path): error: cannot read the script: Is a directory"),
      (["replay", script, "--trace", folder.path], "\(folder.path): error: --trace: is a folder, not a file to write"),
    ]
    for testCase in cases {
      let result = try await runProcess(binary, testCase.arguments)
      #expect(result.status == 2, "\(testCase.arguments): \(result)")
      #expect(result.stderr.contains(testCase.message), "\(testCase.arguments): \(result.stderr)")
      #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("could not be completed"), "\(result.stderr)")
    }
  }

  @Test func aFolderAFIFOOrADeviceIsRefusedWithExitTwoAndLeftAsItWas() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let documents = folder.file("Documents")
    try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: documents + "/letter.txt"))
    let fifo = folder.file("pipe")
    try #require(mkfifo(fifo, 0o644) == 0)
    let linkToFolder = folder.file("link")
    try #require(symlink("Documents", linkToFolder) == 0)
    let script = folder.file("add.keys")
    try "keys a\ntype \"x\"\nkeys enter\n".write(toFile: script, atomically: true, encoding: .utf8)
    let cases: [(path: String, reason: String)] = [
      (documents, "is a directory"),
      (fifo, "is a FIFO (named pipe)"),
      ("/dev/null", "is a character device"),
      (linkToFolder, "is a directory (through the symlink to \(folder.path)/Documents)"),
      // Under a regular file: accepted before, then reported at the first save (or never).
      (documents + "/letter.txt/sub/todos.json", "cannot be created: \(documents)/letter.txt is a file, not a folder"),
    ]
    for testCase in cases {
      let before = (snapshot(testCase.path), folder.contents())
      for arguments in [["--data", testCase.path, "--screen", "todos"], ["replay", script, "--data", testCase.path]] {
        let result = try await runProcess(binary, arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr == "tide-demo: --data \(testCase.path): \(testCase.reason)\n", "\(arguments): \(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(snapshot(testCase.path) == before.0, "\(testCase.path) was changed")
        #expect(folder.contents() == before.1, "something was created or moved beside \(testCase.path)")
      }
    }
    #expect(try String(contentsOfFile: documents + "/letter.txt", encoding: .utf8) == "mine")
  }

  /// A file to start a replay from must be a regular file: a FIFO with no writer hung the
  /// replay forever, and `/dev/zero` filled gigabytes of memory (both before this check).
  @Test func anInitialDataThatIsNotARegularFileIsRefusedAtOnce() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let fifo = folder.file("pipe")
    try #require(mkfifo(fifo, 0o644) == 0)
    let script = folder.file("look.keys")
    try "screen\n".write(toFile: script, atomically: true, encoding: .utf8)
    for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device")] {
      let result = try await runProcess(binary, ["replay", script, "--screen", "todos", "--initial-data", path])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr == "\(path): error: --initial-data: is \(kind), not a data file\n", "\(result)")
    }
  }

  /// The app's messages about its data file name the replay's copy of `--initial-data`: the
  /// replay says that what moved aside was the copy, and the user's file is as it was
  /// (hostile finding: the details named a temporary file that was gone after the run).
  @Test func aCorruptInitialDataIsSaidToBeACopyAndTheFileIsKept() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let data = folder.file("g.json")
    try "garbage{".write(toFile: data, atomically: true, encoding: .utf8)
    let script = folder.file("look.keys")
    try "screen\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await runProcess(binary, ["replay", script, "--screen", "todos", "--initial-data", data])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("g.json was unreadable; moved aside"), "\(result)")
    #expect(result.stderr == "note: the replay ran on a copy of \(data); what the app moved aside was that copy, which is removed with it, and \(data) is as it was\n", "\(result)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == "garbage{")
    #expect(folder.contents().sorted() == ["g.json", "look.keys"])
  }

  /// Whatever a user names as input, reading it stops at a limit rather than filling memory.
  @Test func readingAnEndlessInputStopsAtItsLimit() throws {
    let failure = #expect(throws: SystemError.self) { try FileContents.read(atPath: "/dev/zero", atMost: 1 << 20) }
    #expect(failure?.code == EFBIG)
    #expect(try FileContents.read(atPath: "/dev/null", atMost: 0).isEmpty)
  }

  @Test func aReplayWithACorruptDataFilePrintsTheSameScreenEveryRun() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("look.keys")
    try "keys a\n".write(toFile: script, atomically: true, encoding: .utf8)
    var screens: [String] = []
    for run in 0..<2 {
      let data = folder.file("run\(run)/todos.json")
      try FileManager.default.createDirectory(atPath: folder.file("run\(run)"), withIntermediateDirectories: false)
      try Data("{ not json".utf8).write(to: URL(fileURLWithPath: data))
      let result = try await runProcess(binary, ["replay", script, "--screen", "todos", "--data", data])
      #expect(result.status == 0, "\(result)")
      screens.append(result.stdout)
      #expect(folder.contents("run\(run)").contains { $0.hasPrefix("todos.json.corrupt-") })
    }
    #expect(screens[0] == screens[1], "\(lineDiff(expected: screens[0], actual: screens[1]))")
    #expect(screens[0].contains("! todos.json was unreadable; moved aside, starting empty"), "\(screens[0])")
  }
}

/// A `--data` file too large to be a todo list (a sparse 3 GB file) was read whole — 5.7 GB of
/// memory for a 10 GB one — and the replay ignored SIGTERM for the whole load (issue 37's
/// hostile test, F2). It is now opened read-only, unread, with the reason, and left as it was.
@Suite struct LargeDataFileTests {
  @Test func aDataFileOverTheLimitIsShownReadOnlyAndKept() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let data = folder.file("huge.json")
    #expect(FileManager.default.createFile(atPath: data, contents: nil))
    #expect(truncate(data, 3 << 30) == 0)
    let script = folder.file("look.keys")
    try "keys tab tab\nexpect \"read-only\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await runProcess(binary, ["replay", script, "--data", data])
    #expect(result.status == 0, "\(result)")
    // Not read whole: no child of this test process ever held 1 GiB (reading the file took 3),
    // a measure that holds on a busy machine where a time limit did not.
    var usage = rusage()
    #expect(getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0)
    #expect(usage.ru_maxrss < 1 << 20, "peak of a child: \(usage.ru_maxrss) KiB")
    var info = stat()
    #expect(stat(data, &info) == 0 && info.st_size == 3 << 30, "the file is left as it was")
    let names = try FileManager.default.contentsOfDirectory(atPath: PathName.folder(of: data))
    #expect(!names.contains { $0.contains(".corrupt-") }, "nothing moved aside: \(names)")
  }
}
