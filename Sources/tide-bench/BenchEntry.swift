import Foundation

/// The entry point: synchronous, so that a child counting instructions under valgrind runs on
/// the main thread alone (valgrind cannot run the concurrency runtime's thread pool); every
/// other invocation runs the `TideBench` command on the main actor.
@main
enum BenchEntry {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let index = arguments.firstIndex(of: InstructionCount.childOption), index + 1 < arguments.count {
      let operations = arguments.firstIndex(of: "--iterations")
        .flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? InstructionCount.fewer
      do {
        try MainActor.assumeIsolated {
          try InstructionCount.runChild(arguments[index + 1], operations: operations)
        }
      } catch {
        FileHandle.standardError.write(Data("tide-bench: \(error)\n".utf8))
        exit(1)
      }
      exit(0)
    }
    Task { @MainActor in
      await TideBench.main()
      exit(0)
    }
    dispatchMain()
  }
}
