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
/// it — never anything read from the todo file. It is written atomically (a temporary file
/// renamed over `path`), so an interrupted write leaves no half script behind.
package enum SessionRecordingFile {
  /// The script text for a session that started on `screen` at `start` and lasted `duration`.
  package static func text(
    of recorder: KeyScriptRecorder, screen: Screen, start: Date, duration: Duration
  ) -> String {
    recorder.script(
      date: start, notes: ["replay it with: tide-demo replay FILE --screen \(screen.rawValue)"], end: duration)
  }

  /// Writes ``text(of:screen:start:duration:)`` to `path` atomically; fails with status 1 and the
  /// system's reason.
  package static func write(
    _ recorder: KeyScriptRecorder, screen: Screen, start: Date, duration: Duration, to path: String
  ) throws(DemoRunner.Failure) {
    let text = text(of: recorder, screen: screen, start: start, duration: duration)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw DemoRunner.Failure(
        status: 1, description: "\(path): error: cannot write the recording: \(systemReason(of: error))")
    }
  }
}
