import ArgumentParser
import TideTerminalCommand

// `tide-progress [--seconds S]`, and `tide-progress replay [--seconds S] SCRIPT...`.
struct ProgressOptions: ParsableArguments {
  @Option(help: "How long the work takes, in seconds of the app's clock (0 < S ≤ 86400).")
  var seconds = 4.0

  func validate() throws {
    guard seconds > 0, seconds <= 86_400 else { throw ValidationError("--seconds must be over 0 and at most 86400") }
  }
}

await TerminalCommand(
  "tide-progress", version: "0.1.0", abstract: "A spinner and a progress bar.", options: ProgressOptions.self,
  replayArguments: { ["--seconds", "\($0.seconds)"] }
) { options, launch in
  Progress.app(seconds: options.seconds, launch: launch)
}.main()
