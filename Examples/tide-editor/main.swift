import ArgumentParser
import TideTerminal
import TideTerminalCommand

// `tide-editor FILE`, and `tide-editor replay FILE SCRIPT...` (which writes no file unless given
// `--initial-data`, a private copy to edit and save).
struct EditorOptions: ParsableArguments {
  @Argument(help: "The UTF-8 text file to edit (a new one when it does not exist).")
  var file: String
}

await TerminalCommand(
  "tide-editor", version: "0.1.0", abstract: "Edit a text file.", options: EditorOptions.self,
  dataFile: { options, mode in mode == .interactive ? options.file : nil },
  inputFiles: { [$0.file] }, replayArguments: { [$0.file] }
) { options, launch in
  try Editor.app(name: options.file.split(separator: "/").last.map(String.init) ?? options.file, path: launch.dataFile ?? options.file, launch: launch)
}.main()
