import Foundation
import Testing
import TideTestSupport

/// Every file tide-demo writes besides its data goes through one policy (SPEC "Output files"),
/// tried from the command line with the paths the issue found replaced or lost.
@Suite("tide-demo output files")
struct OutputPathTests {
  let folder = TemporaryDirectory("tide-output-paths")

  func script() throws -> String {
    let path = folder.file("s.keys")
    try "keys + +\nexpect \"Count: 2\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test(arguments: ["--svg", "--cast"])
  func aCharacterDeviceStaysADevice(option: String) async throws {
    let binary = try requireTideDemo()
    let device = folder.file("null")
    // A null device of our own where root may make one (CI runs as root); else the system's.
    let path = mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? device : "/dev/null"
    let result = try await runProcess(binary, ["replay", try script(), option, path])
    #expect(result.status == 0, "\(result)")
    #expect(kind(path) == S_IFCHR, "\(path) was replaced: \(result)")
  }

  /// `--svg /dev/stdout | …` (and `>(…)`, a /dev/fd/N path): the shell's pipe is written as a
  /// stream. Before, the links were followed to "pipe:[N]", which is no file, and the replay
  /// failed at its end with "No such file or directory".
  @Test(arguments: ["--svg", "--cast"])
  func thePipeOfStandardOutputIsWrittenAsAStream(option: String) async throws {
    let binary = try requireTideDemo()
    // Through `cat`, so that the app's standard output is a pipe whatever the test's is.
    let result = try await runProcess(
      "/bin/sh", ["-c", "\"$0\" replay \"$1\" \"$2\" /dev/stdout | cat", binary, try script(), option])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(option == "--svg" ? "<svg" : "\"version\": 2"), "\(result)")
  }

  @Test func aSymlinkIsFollowedAndStaysALink() async throws {
    let binary = try requireTideDemo()
    try "old".write(toFile: folder.file("real.svg"), atomically: true, encoding: .utf8)
    symlink("real.svg", folder.file("link.svg"))
    let result = try await runProcess(binary, ["replay", try script(), "--svg", folder.file("link.svg")])
    #expect(result.status == 0, "\(result)")
    #expect(kind(folder.file("link.svg")) == S_IFLNK)
    #expect(try String(contentsOfFile: folder.file("real.svg"), encoding: .utf8).hasPrefix("<svg"))
  }

  @Test func aFIFOWithNoReaderIsAPlainErrorNotAHang() async throws {
    let binary = try requireTideDemo()
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try await runProcess(binary, ["replay", try script(), "--cast", fifo])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("\(fifo): error: cannot write the file: no process is reading it"), "\(result)")
    #expect(kind(fifo) == S_IFIFO)
  }

  @Test func anEmptyPathIsRefusedAndLeavesNoStrayFile() async throws {
    let binary = try requireTideDemo()
    let scriptPath = folder.file("shot.keys")
    try "keys +\nscreen\n".write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let before = Set(folder.contents())
    let result = try await runProcess(binary, ["replay", scriptPath, "--svg", ""])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("the path is empty"), "\(result)")
    #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result)")
    #expect(Set(folder.contents()) == before, "nothing was written")
    #expect(!FileManager.default.fileExists(atPath: "-line1"), "no stray -line1 file in the working folder")
  }

  @Test(arguments: ["--trace", "--svg", "--cast"])
  func theDataFileIsNeverAnOutput(option: String) async throws {
    let binary = try requireTideDemo()
    let data = folder.file("t.json")
    let original = #"{"version":1,"todos":[{"id":1,"title":"keep me","isDone":false}]}"#
    try original.write(toFile: data, atomically: true, encoding: .utf8)
    let result = try await runProcess(binary, ["replay", try script(), "--data", data, option, data])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("\(option) names the data file"), "\(result)")
    #expect(try String(contentsOfFile: data, encoding: .utf8) == original, "the todos are kept")
  }

  @Test func recordingOverTheDataFileIsRefusedBeforeTheAppStarts() async throws {
    let binary = try requireTideDemo()
    let data = folder.file("t.json")
    let original = #"{"version":1,"todos":[{"id":1,"title":"keep me","isDone":false}]}"#
    try original.write(toFile: data, atomically: true, encoding: .utf8)
    for record in [data, folder.path + "/./t.json"] {
      let result = try await runProcess(binary, ["--screen", "todos", "--data", data, "--record", record])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("--record names the data file"), "\(result)")
      #expect(try String(contentsOfFile: data, encoding: .utf8) == original)
    }
  }

  /// A trace is an output like the others: a second run replaces it (keeping its mode), it does
  /// not append a second session the inspector would read as more steps of the first.
  @Test func aSecondTraceReplacesTheFirstAndKeepsItsMode() async throws {
    let binary = try requireTideDemo()
    let trace = folder.file("t.trace")
    let first = try await runProcess(binary, ["replay", try script(), "--trace", trace])
    #expect(first.status == 0, "\(first)")
    let once = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(chmod(trace, 0o640) == 0)
    let second = try await runProcess(binary, ["replay", try script(), "--trace", trace])
    #expect(second.status == 0, "\(second)")
    let text = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(text.split(separator: "\n").count { $0.contains(#""format":"tide-trace""#) } == 1, "\(text)")
    #expect(text == once, "the same replay writes the same trace")
    var info = stat()
    #expect(stat(trace, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o640)
  }

  @Test func twoOutputsNamingOneFileAreRefused() async throws {
    let binary = try requireTideDemo()
    let out = folder.file("out")
    let result = try await runProcess(binary, ["replay", try script(), "--svg", out, "--trace", out])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("--trace names the file of --svg"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
