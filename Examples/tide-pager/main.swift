import ArgumentParser
import TideTerminalCommand

// `tide-pager FILE`, and `tide-pager replay FILE SCRIPT...`.
struct PagerOptions: ParsableArguments {
  @Argument(help: "The text file to page through.")
  var file: String
}

await TerminalCommand(
  "tide-pager", version: "0.1.0", abstract: "Page through a text file.", options: PagerOptions.self,
  inputFiles: { [$0.file] }, replayArguments: { [$0.file] }
) { options, launch in
  Pager.app(path: options.file, text: try Pager.text(ofFile: options.file), launch: launch)
}.main()
