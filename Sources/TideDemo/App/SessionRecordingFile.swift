#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TideTerminal

/// The file `tide-demo --record PATH` writes when the app ends: the session as a key script.
///
/// It holds only what the user did (keys, pastes, resizes and pauses, from a
/// ``KeyScriptRecorder``) under a header naming the date, the size and the command that replays
/// it — never anything read from the todo file. It is written by ``TideTerminal/OutputFile``'s
/// policy: a regular file atomically, so an interrupted write leaves no half script behind.
package enum SessionRecordingFile {
  /// The script text for a session that started on `screen` at `start` and lasted `duration`.
  package static func text(
    of recorder: KeyScriptRecorder, screen: Screen, start: Date, duration: Duration
  ) -> String {
    recorder.script(
      date: start, notes: ["replay it with: tide-demo replay FILE --screen \(screen.rawValue)"], end: duration)
  }

  /// Writes ``text(of:screen:start:duration:)`` to `file` by the output-file policy; fails with
  /// status 1 and the system's reason.
  package static func write(
    _ recorder: KeyScriptRecorder, screen: Screen, start: Date, duration: Duration, to file: OutputFile
  ) throws(DemoRunner.Failure) {
    let text = text(of: recorder, screen: screen, start: start, duration: duration)
    do {
      try file.write(text)
    } catch {
      throw DemoRunner.Failure(status: 1, description: error.description)
    }
  }
}
