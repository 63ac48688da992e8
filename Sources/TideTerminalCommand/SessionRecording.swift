#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// What `--record PATH` writes when the app ends: the session as a key script at PATH and, when
/// the app has a data file, the data it started from at `PATH.NAME` (NAME: the data file's
/// name, so `--record s.keys` with `todos.json` keeps `s.keys.todos.json`). A FIFO or device
/// as PATH, which has nowhere beside it for that copy, is refused while there is data to keep.
///
/// The script holds only what the user did (keys, pastes, resizes and pauses) under a header
/// naming the date, the size and the one command that replays it: `cd FOLDER && APP replay
/// PATH ARGS --initial-data PATH.NAME`, FOLDER the one the session ran in, so that it works from
/// any folder with relative paths among PATH and the app's own ARGS alike; it starts the app from a private copy of that data, so the
/// replay ends on the screen the user saw whatever the data held at the start, and however the
/// data file changed since. Both files are written by `OutputFile`'s policy (a regular file
/// atomically, so an interrupted write leaves no half script behind).
package struct SessionRecording {
  /// The script's file.
  package var script: OutputFile
  /// Where the starting data goes, when the app has a data file.
  package var startingData: OutputFile?
  /// The data file's bytes when the app started, or `nil` (no data file, or none yet: the app
  /// started empty, and so will the replay).
  package var startingBytes: [UInt8]?
  /// The data file's permission bits when the app started: its copy is not readable more widely.
  package var startingPermissions: mode_t?

  /// A recording to `script`, keeping `startingBytes` at `startingData`.
  package init(
    script: OutputFile, startingData: OutputFile? = nil, startingBytes: [UInt8]? = nil,
    startingPermissions: mode_t? = nil
  ) {
    self.script = script
    self.startingData = startingData
    self.startingBytes = startingBytes
    self.startingPermissions = startingPermissions
  }

  /// The outputs `--record path` names, for the policy check: the script and, when the app has
  /// a data file, the copy of its data (not for a stream: a FIFO or a device has no folder of
  /// its own to put it in).
  static func outputs(record path: String, dataFile: String?) -> [(option: String, path: String)] {
    var outputs = [(option: "--record", path: path)]
    if let dataFile, !isStream(path) { outputs.append(("--record", dataPath(for: path, dataFile: dataFile))) }
    return outputs
  }

  /// `PATH.NAME`, NAME the data file's name.
  static func dataPath(for path: String, dataFile: String) -> String { path + "." + PathName.name(of: dataFile) }

  /// Refuses `--record` to a FIFO or character device while the data file holds data: a stream
  /// has no folder to keep the starting data in beside it, and a replay from an empty start
  /// would end on another screen than the one the user saw. Without starting data (no data
  /// file, or none yet) the script streams as it is.
  static func checkStream(record path: String, dataFile: String?, startingBytes: [UInt8]?) throws(TerminalCommandError) {
    guard let dataFile, startingBytes != nil, isStream(path) else { return }
    throw TerminalCommandError(
      status: 2,
      message: "\(escapedName(path)): error: --record to a FIFO or device cannot keep the data the app starts from "
        + "(\(dataFile)) beside the script, so its replay would not show what you saw; record to a file")
  }

  private static func isStream(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFCHR
  }

  /// The data file's content and permission bits now, if it is a file that can be read; `nil`
  /// when it does not exist. Read before the app starts, since starting may move a damaged file
  /// aside.
  static func snapshot(of dataFile: String) throws(TerminalCommandError) -> (bytes: [UInt8], permissions: mode_t)? {
    var info = stat()
    guard stat(dataFile, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFREG else { return nil }
    do {
      return (try FileContents.read(atPath: dataFile), info.st_mode & 0o7777)
    } catch {
      throw TerminalCommandError(status: 2, message: "\(dataFile): error: cannot keep the data for --record: \(error.plainReason)")
    }
  }

  /// The script text of a session: `recorder`'s events under the header, started at `start`,
  /// ended after `duration`.
  package func text(
    of recorder: KeyScriptRecorder, commandName: String, replayArguments: [String], start: Date,
    duration: Duration
  ) -> String {
    // The app's own arguments first: its positional ones (a FILE) come before the scripts.
    var command = [commandName, "replay"] + replayArguments + [script.path]
    if let startingData, startingBytes != nil { command += ["--initial-data", startingData.path] }
    // The paths the user typed (the script's, the app's own arguments) are relative to the
    // folder the session ran in, not to wherever the replay is run from.
    let folder = FileManager.default.currentDirectoryPath
    return recorder.script(
      date: start,
      notes: ["replay it with: cd \(shellQuoted(folder)) && " + command.map(shellQuoted).joined(separator: " ")],
      end: duration)
  }

  /// Writes the script and the starting data; fails with status 1 and the system's reason.
  package func write(_ text: String) throws(TerminalCommandError) {
    do {
      if let startingData, let startingBytes { try startingData.write(startingBytes, atMost: startingPermissions) }
      try script.write(text)
    } catch {
      throw TerminalCommandError(status: 1, message: error.description)
    }
  }
}
