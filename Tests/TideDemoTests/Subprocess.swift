import Foundation
import Testing

/// What a finished process left behind.
struct ProcessResult: CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String

  var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs `executable` with `arguments` and waits for it to end, without blocking a thread: the
/// output goes to files (no pipe can fill up), the exit arrives through the termination handler.
func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  currentDirectory: String? = nil
) async throws -> ProcessResult {
  let folder = TemporaryDirectory("tide-demo-process")
  defer { withExtendedLifetime(folder) {} }
  let outPath = folder.file("stdout")
  let errPath = folder.file("stderr")
  _ = FileManager.default.createFile(atPath: outPath, contents: nil)
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
  let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = out
  process.standardError = err
  let status: Int32 = try await withCheckedThrowingContinuation { continuation in
    process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      continuation.resume(throwing: error)
    }
  }
  try out.close()
  try err.close()
  return ProcessResult(
    status: status,
    stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// The first executable named `name` on `PATH`.
func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The built `tide-demo`: next to the test bundle (the same build folder), else in the
/// package's default `.build/debug`.
let tideDemoBinary: String? = {
  var folders: [URL] = []
  if let executable = Bundle.main.executablePath {
    folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
  }
  if let first = CommandLine.arguments.first {
    let url = URL(fileURLWithPath: first)
    folders.append(url.deletingLastPathComponent())
    // On macOS the test bundle is a folder: PackageTests.xctest/Contents/MacOS/PackageTests.
    folders.append(url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
  }
  folders.append(packageRoot.appendingPathComponent(".build/debug"))
  for folder in folders {
    let candidate = folder.appendingPathComponent("tide-demo").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}()

/// The binary, or a recorded failure saying where it was looked for.
func requireTideDemo() throws -> String {
  try #require(
    tideDemoBinary,
    "tide-demo was not found next to the test bundle (\(CommandLine.arguments.first ?? "?")) or in .build/debug; build it first")
}
