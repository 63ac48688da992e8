import TideTerminal

/// The files `replay --cast PATH --svg PATH` writes, worked out before anything runs.
///
/// With one script, the cast is `PATH` and the final screen's SVG is `PATH`. With several
/// scripts, each gets its own files: `-NAME` is inserted before the extension, NAME being the
/// script's file name without its folder and `.keys` (`--svg shots/s.svg a.keys b.keys` writes
/// `shots/s-a.svg` and `shots/s-b.svg`). Each `screen` line of a script also writes an SVG of
/// the screen at that point, with `-lineN` inserted (`shots/s-line4.svg`, or `shots/s-a-line4.svg`
/// with several scripts). Names that would collide (two scripts called the same, an output
/// named like a script) are refused before the first script runs.
struct ReplayExportNames {
  /// What one script writes.
  struct Files {
    /// The cast, if `--cast` was given.
    var cast: String?
    /// The final screen's SVG, if `--svg` was given.
    var finalScreen: String?
    /// The SVG for each `screen` line, by line, in script order (empty without `--svg`).
    var screens: [(line: Int, path: String)] = []
  }

  /// Per script, in order.
  var exports: [Files] = []
  /// Why the names cannot be used, if they cannot.
  var clash: String?

  init(scripts: [KeyScript], castPath: String?, svgPath: String?) {
    let several = scripts.count > 1
    var seen: [String: String] = [:]
    for script in scripts {
      seen[script.file] = "the script \(script.file)"
    }
    for script in scripts {
      let name = several ? "-" + Self.scriptName(script.file) : ""
      var files = Files()
      files.cast = castPath.map { Self.inserting(name, into: $0) }
      files.finalScreen = svgPath.map { Self.inserting(name, into: $0) }
      if let svgPath {
        for step in script.steps where step.command == .screen {
          files.screens.append((step.line, Self.inserting(name + "-line\(step.line)", into: svgPath)))
        }
      }
      let outputs = [files.cast, files.finalScreen].compactMap { $0 } + files.screens.map(\.path)
      for path in outputs {
        if let owner = seen[path], clash == nil {
          clash = "\(escapedName(path)) would be written for \(escapedName(script.file)) and is already \(escapedName(owner)); "
            + "give the scripts or the output paths different names"
        }
        seen[path] = "the output of \(script.file)"
      }
      exports.append(files)
    }
  }

  /// Every file the replay will write, with the option that names it.
  var allPaths: [(option: String, path: String)] {
    exports.flatMap { files -> [(option: String, path: String)] in
      var paths: [(option: String, path: String)] = []
      if let cast = files.cast { paths.append(("--cast", cast)) }
      if let finalScreen = files.finalScreen { paths.append(("--svg", finalScreen)) }
      return paths + files.screens.map { ("--svg", $0.path) }
    }
  }

  /// `a/b/run.keys` → `run`; a file without `.keys` keeps its whole name.
  static func scriptName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(".keys") && file.count > 5 ? String(file.dropLast(5)) : file
  }

  /// `suffix` inserted before the file name's extension, or appended when it has none.
  static func inserting(_ suffix: String, into path: String) -> String {
    guard !suffix.isEmpty else { return path }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let file = path[slash...]
    if let dot = file.lastIndex(of: "."), dot != file.startIndex {
      return String(path[..<dot]) + suffix + String(path[dot...])
    }
    return path + suffix
  }
}
