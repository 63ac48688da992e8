import ArgumentParser
import TideTerminalCommand

// `tide-edit FILE`, and `tide-edit replay FILE SCRIPT...`.
struct EditOptions: ParsableArguments {
  @Argument(help: "The text file to show and edit.")
  var file: String
}

await TerminalCommand(
  "tide-edit", version: "0.1.0", abstract: "Show a text file and edit it in $VISUAL or $EDITOR.",
  options: EditOptions.self, inputFiles: { [$0.file] }, replayArguments: { [$0.file] }
) { options, launch in
  EditedFile.app(path: options.file, text: try EditedFile.text(ofFile: options.file), launch: launch)
}.main()
