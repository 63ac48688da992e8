import Foundation

/// Runs `arguments` (looked up on the `PATH`) and returns what it wrote to standard output; throws,
/// naming `what`, when it cannot start or exits with a status other than 0. The one way tide-bench
/// runs another process: valgrind, strip, and its own children.
func runProcess(
  _ arguments: [String], doing what: String, environment: [String: String]? = nil
) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  if let environment { process.environment = environment }
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  do {
    try process.run()
  } catch {
    throw InstructionCountError(message: "could not run \(what): \(error)")
  }
  // Read before waiting: a child that fills the pipe would otherwise never exit.
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw InstructionCountError(message: "\(what) exited with status \(process.terminationStatus)")
  }
  return String(decoding: data, as: UTF8.self)
}

/// Runs this executable again with `arguments` and returns its standard output.
func childOutput(_ arguments: [String]) throws -> String {
  try runProcess([CommandLine.arguments[0]] + arguments, doing: "tide-bench \(arguments.joined(separator: " "))")
}
