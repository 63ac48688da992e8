/// The paths among an app's command-line arguments that may be files the app reads, so that no
/// output of the run is allowed to name them (see ``TerminalCommand``'s output policy).
///
/// An app declares the files it reads (`inputFiles:`), but one that forgets must not lose its
/// user's file to `--svg FILE`: every argument word that is not the value of one of the
/// command's own output options counts, whatever option or position it stands in. Words that
/// name no existing regular file are dropped later, by the check itself, so a count such as
/// `--items 50` costs nothing.
enum CommandLineInputs {
  /// The options whose values the command writes.
  static let outputOptions: Set<String> = ["--record", "--trace", "--cast", "--svg"]

  /// The words of `arguments` that may name a file read: positional words, and the values of
  /// every option but ``outputOptions`` (`--data=todos.json` counts `todos.json`).
  static func words(in arguments: [String]) -> [String] {
    var words: [String] = []
    var skipsNext = false
    var optionsEnded = false
    for argument in arguments {
      if skipsNext {
        skipsNext = false
        continue
      }
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        words.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if outputOptions.contains(String(parts[0])) {
        skipsNext = parts.count == 1
      } else if parts.count == 2 {
        words.append(String(parts[1]))
      }
    }
    return words
  }
}
