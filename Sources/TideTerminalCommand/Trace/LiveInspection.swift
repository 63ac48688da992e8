#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal
import TideTrace

/// `--inspect-socket PATH`: the app's trace served live to `inspect --attach PATH`.
@MainActor
enum LiveInspection {
  /// A folder only this user can read, for the trace of a live inspector run without `--trace`.
  static func privateFolder() throws(TerminalCommandError) -> String {
    do {
      return try PrivateFolder.make("tide-live")
    } catch {
      throw TerminalCommandError(status: 2, message: "--inspect-socket: \(error)")
    }
  }

  static func tracePath(in folder: String) -> String { folder + "/live.trace" }

  static func remove(_ folder: String) {
    PrivateFolder.remove(tracePath(in: folder), in: folder)
  }

  /// Whether the trace at `path` can be read back for an inspector as it is written: a regular
  /// file, or none yet (a FIFO or a device cannot).
  static func canServe(trace path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return true }
    return info.st_mode & S_IFMT == S_IFREG
  }

  /// Serves `trace` at the socket `path` and makes `app` ready for the inspector's jumps; the
  /// server, to stop when the run ends. A path that cannot be served is a usage error (2),
  /// said before the terminal is taken over.
  static func serve<State, Action>(
    _ app: inout TerminalApp<State, Action>, at path: String, session: TraceSession<State, Action>, trace: TraceFile,
    commandName: String
  ) throws(TerminalCommandError) -> LiveTraceServer {
    let (travelling, handle, detached) = session.travelling(app)
    let server: LiveTraceServer
    do {
      server = try LiveTraceServer(
        path: path, tracePath: trace.file.path,
        onCommand: { command, refuse in
          Task { @MainActor in
            if let reason = handle(command) { refuse(reason) }
          }
        },
        onDetach: { Task { @MainActor in detached() } })
    } catch {
      throw TerminalCommandError(status: 2, message: "\(commandName): --inspect-socket: \(error)")
    }
    trace.notifyingWrites { server.traceWritten() }
    app = travelling
    return server
  }
}
