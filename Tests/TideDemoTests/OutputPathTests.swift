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

  /// A FIFO nobody reads is refused before anything runs (status 2, nothing on standard
  /// output), as the trace's always was: found out only after the whole replay before (status
  /// 1, the screen printed), for every option that writes a file at its end.
  @Test(arguments: ["--svg", "--cast"])
  func aFIFOWithNoReaderIsRefusedBeforeAnythingRuns(option: String) async throws {
    let binary = try requireTideDemo()
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try await runProcess(binary, ["replay", try script(), option, fifo])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty, "nothing ran: \(result)")
    #expect(result.stderr == "\(fifo): error: \(option): cannot write the file: no process is reading it (a FIFO needs a reader)\n", "\(result)")
    #expect(kind(fifo) == S_IFIFO)
  }

  /// A FIFO with a reader gets the export whole, and the reader no end of file before it: the
  /// check opened it and kept it open through the replay.
  @Test func aFIFOWithAReaderGetsTheExport() async throws {
    let binary = try requireTideDemo()
    let fifo = folder.file("read")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try await runProcess(
      "/bin/sh", ["-c", "cat \"$3\" > \"$3.out\" & \"$0\" replay \"$1\" \"$2\" \"$3\"; status=$?; wait; exit $status",
                  binary, try script(), "--svg", fifo])
    #expect(result.status == 0, "\(result)")
    let received = try String(contentsOfFile: fifo + ".out", encoding: .utf8)
    #expect(received.hasPrefix("<svg") && received.hasSuffix("</svg>\n"), "\(received)")
  }

  /// An output that names the script being replayed, however spelled (`./s.keys`, a link to
  /// it), is refused before anything runs: the script is the user's. Before, `--trace s.keys`
  /// or `--svg ./s.keys` replaced the script with the trace or the SVG (status 0).
  @Test(arguments: ["--svg", "--cast", "--trace"])
  func noOutputMayWriteOverTheScript(option: String) async throws {
    let binary = try requireTideDemo()
    let path = try script()
    let original = try String(contentsOfFile: path, encoding: .utf8)
    symlink(path, folder.file("link.keys"))
    for spelling in [folder.path + "/./s.keys", folder.file("link.keys")] {
      let result = try await runProcess(binary, ["replay", path, option, spelling])
      #expect(result.status == 2, "\(spelling): \(result)")
      #expect(result.stderr == "\(spelling): error: \(option) names the script \(path); give it a path of its own\n", "\(result)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == original, "the script is intact")
    }
  }

  /// A trace cut short by `ulimit -f` (SIGXFSZ ignored, so the write fails with EFBIG): status
  /// 1 and the reason on standard error, and the trace holds every whole line written, and only
  /// whole lines — before, it ended in half a JSON object.
  @Test func aTraceBeyondTheFileSizeLimitEndsWithAWholeLine() async throws {
    let binary = try requireTideDemo()
    let keys = folder.file("many.keys")
    // Up and down, so every key is an action: about 100 bytes of trace a key, more in all than
    // the limit lets the trace have.
    try ("keys " + Array(repeating: "+ -", count: FileSizeLimit.bytesBeyond / 180).joined(separator: " ") + "\n")
      .write(toFile: keys, atomically: true, encoding: .utf8)
    let trace = folder.file("t.jsonl")
    let result = try await runProcess(
      "/bin/sh", ["-c", FileSizeLimit.command + " && exec \"$0\" replay \"$1\" --trace \"$2\"", binary, keys, trace])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr == "\(trace): error: lines of the trace were lost: File too large\n", "\(result)")
    let text = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(!text.isEmpty && text.hasSuffix("\n"), "whole lines only: \(text.suffix(80))")
    for line in text.split(separator: "\n") {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole line: \(line)")
    }
  }

  /// A folder the process may not write in is refused before anything runs (status 2), not
  /// after the whole replay (status 1 before). A read-only file system, which refuses even
  /// root, in a private mount namespace (`unshare`), so the test holds whoever runs it.
  @Test(
    .enabled(if: (try? runProcessAndWait("/usr/bin/unshare", ["-rm", "true"]))?.status == 0, "needs unshare -rm"),
    arguments: ["--svg", "--cast", "--trace"])
  func aReadOnlyFolderIsRefusedBeforeAnythingRuns(option: String) async throws {
    let binary = try requireTideDemo()
    let readOnly = folder.file("ro")
    try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
    let result = try await runProcess(
      "/usr/bin/unshare",
      ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o ro tmpfs \"$1\" && exec \"$0\" replay \"$2\" \"$3\" \"$1/out\"",
       binary, readOnly, try script(), option])
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty, "nothing ran: \(result)")
    #expect(
      result.stderr == "\(readOnly)/out: error: \(option): cannot write in the folder \(readOnly): Read-only file system\n",
      "\(result)")
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
