import ArgumentParser
import TideTerminalCommand

// `tide-files [DIR]`, and `tide-files replay [DIR] SCRIPT...`.
struct FilesOptions: ParsableArguments {
  @Argument(help: "The folder to start in.")
  var folder = "."
}

await TerminalCommand(
  "tide-files", version: "0.1.0", abstract: "Browse a folder's files with a preview.", options: FilesOptions.self,
  replayArguments: { [$0.folder] }
) { options, launch in
  Browser.app(folder: options.folder, launch: launch)
}.main()
