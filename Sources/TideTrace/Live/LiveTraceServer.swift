#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Dispatch
import Synchronization
import TideTerminal

/// The app's side of live time travel (`--inspect-socket PATH`): a thread of its own serves the
/// trace the app is writing to one inspector at a time — the whole file at the connection, then
/// each line as it is written — and hands the inspector's commands to the app. A second
/// inspector is refused with a line saying so, and a command the app could not carry out is
/// answered with one (`{"refused":"…"}`), sent between two whole lines of the trace.
/// The app never waits for the inspector: a slow or stopped one holds this thread only.
package final class LiveTraceServer: Sendable {
  private let path: String
  private let listener: Int32
  /// The pipe that wakes the thread: the trace grew, a refusal waits, or the server is stopping.
  private let wakeRead: Int32
  private let outbox: Outbox
  private let isStopping = LiveFlag()
  private let stopped = DispatchSemaphore(value: 0)

  /// Serves the trace written to `tracePath` at the socket `path` (see
  /// ``InspectorSocket/listen(at:)``). `onCommand` gets each command and a function that tells
  /// the inspector it was refused, and why (from any thread); `onDetach` is called when an
  /// inspector goes, however it goes. Both are called on the server's thread.
  package init(
    path: String, tracePath: String,
    onCommand: @escaping @Sendable (_ command: LiveCommand, _ refuse: @escaping @Sendable (String) -> Void) -> Void,
    onDetach: @escaping @Sendable () -> Void
  ) throws(InspectorSocket.Failure) {
    self.path = path
    listener = try InspectorSocket.listen(at: path)
    var pipeEnds: [Int32] = [0, 0]
    // Neither end blocks (a full pipe already holds a wake-up), nor goes to a child process:
    // both made so in the one call, as a hand-over starting meanwhile could inherit them.
    guard tide_pipe_close_on_exec_nonblocking(&pipeEnds) == 0 else {
      close(listener)
      unlink(path)
      throw InspectorSocket.Failure(description: "cannot make a pipe: \(systemReason())")
    }
    wakeRead = pipeEnds[0]
    outbox = Outbox(wake: pipeEnds[1])
    let session = Session(
      listener: listener, wake: wakeRead, outbox: outbox, tracePath: tracePath, path: path, onCommand: onCommand,
      onDetach: onDetach)
    let isStopping = isStopping
    let stopped = stopped
    do {
      try DetachedThread.start(named: "tide-inspect-io") {
        var session = session
        session.run(until: { isStopping.isSet })
        stopped.signal()
      }
    } catch {
      close(listener)
      close(wakeRead)
      close(pipeEnds[1])
      unlink(path)
      throw InspectorSocket.Failure(description: "\(error)")
    }
  }

  /// Tells the server the trace grew: the new lines go to the inspector.
  package func traceWritten() {
    outbox.wake()
  }

  /// Closes the connection and the socket, removing its path; returns once the thread is done.
  package func stop() {
    guard !isStopping.set() else { return }
    traceWritten()
    stopped.wait()
    outbox.close()
  }

  /// The pipe's write end, which wakes the server's thread, and the lines waiting for the
  /// inspector beside the trace.
  private final class Outbox: Sendable {
    /// The write end is -1 once closed: a write after ``stop()`` must not reach whatever file
    /// the number is given to next.
    private let state: Mutex<(wake: Int32, lines: [[UInt8]])>

    init(wake: Int32) {
      state = Mutex((wake, []))
    }

    func wake() {
      state.withLock { Self.wake($0.wake) }
    }

    /// Queues `line` for the inspector and wakes the thread to send it.
    func post(_ line: [UInt8]) {
      state.withLock { state in
        state.lines.append(line)
        Self.wake(state.wake)
      }
    }

    /// The lines queued, which are no longer.
    func take() -> [[UInt8]] {
      state.withLock { state in
        defer { state.lines = [] }
        return state.lines
      }
    }

    func close() {
      state.withLock { state in
        if state.wake >= 0 { Glibc.close(state.wake) }
        state.wake = -1
      }
    }

    private static func wake(_ descriptor: Int32) {
      guard descriptor >= 0 else { return }
      var byte: UInt8 = 1
      _ = write(descriptor, &byte, 1)
    }
  }

  /// The server thread's state.
  private struct Session: Sendable {
    let listener: Int32
    let wake: Int32
    let outbox: Outbox
    let tracePath: String
    let path: String
    let onCommand: @Sendable (LiveCommand, @escaping @Sendable (String) -> Void) -> Void
    let onDetach: @Sendable () -> Void
    var client: Int32 = -1
    var trace: Int32 = -1
    /// How much of the trace the inspector has been sent.
    var sent = 0
    /// Whether what was sent ends with a whole line: a refusal may go only then.
    var endsWithWholeLine = true
    /// What the inspector sent after its last whole line.
    var pending: [UInt8] = []

    init(
      listener: Int32, wake: Int32, outbox: Outbox, tracePath: String, path: String,
      onCommand: @escaping @Sendable (LiveCommand, @escaping @Sendable (String) -> Void) -> Void,
      onDetach: @escaping @Sendable () -> Void
    ) {
      self.listener = listener
      self.wake = wake
      self.outbox = outbox
      self.tracePath = tracePath
      self.path = path
      self.onCommand = onCommand
      self.onDetach = onDetach
    }

    mutating func run(until isStopping: () -> Bool) {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while !isStopping() {
        var watched = [
          pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
          pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&watched, client >= 0 ? 3 : 2, -1)
        if count < 0 {
          if errno == EINTR { continue }
          break
        }
        if watched[1].revents != 0 {
          while read(wake, &buffer, buffer.count) > 0 {}
          if isStopping() { break }
          sendNewLines(&buffer)
          sendRefusals()
        }
        if watched[0].revents & Int16(POLLIN) != 0 { accept() }
        if client >= 0, watched[2].revents != 0 { receive(&buffer) }
      }
      if client >= 0 { detach() }
      if trace >= 0 { close(trace) }
      close(listener)
      close(wake)
      unlink(path)
    }

    private mutating func accept() {
      // Close-on-exec in the same call: a program the app hands the terminal to between an
      // `accept` and an `fcntl` would inherit the inspector's connection.
      let connection = tide_accept_close_on_exec(listener)
      guard connection >= 0 else { return }
      guard InspectorSocket.peerIsOurUser(connection) else {
        close(connection)
        return
      }
      guard client < 0 else {
        _ = InspectorSocket.send(
          LiveCommand.refusal("another inspector is attached to \(escapedName(path)); one at a time"), to: connection)
        close(connection)
        return
      }
      // An inspector that takes nothing for this long (stopped with ctrl-z, hung) is dropped
      // rather than holding this thread, and with it the app's exit, which waits for it.
      var limit = timeval(tv_sec: Int(InspectorSocket.stallLimit.components.seconds), tv_usec: 0)
      _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
      client = connection
      sent = 0
      endsWithWholeLine = true
      pending = []
      // Refusals of commands of an inspector gone before are not this one's.
      _ = outbox.take()
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      sendNewLines(&buffer)
    }

    /// Sends the inspector what was written to the trace since it was last sent some.
    private mutating func sendNewLines(_ buffer: inout [UInt8]) {
      guard client >= 0 else { return }
      if trace < 0 {
        trace = open(tracePath, O_RDONLY | O_CLOEXEC)
        guard trace >= 0 else { return }
      }
      while true {
        let count = buffer.withUnsafeMutableBytes { pread(trace, $0.baseAddress, $0.count, off_t(sent)) }
        guard count > 0 else { return }
        guard InspectorSocket.send(buffer[..<count], to: client) else {
          detach()
          return
        }
        sent += count
        endsWithWholeLine = buffer[count - 1] == UInt8(ascii: "\n")
      }
    }

    /// Sends the refusals queued, between two lines of the trace: none while the trace's last
    /// line is cut short (the rest comes with the next wake-up, when they go).
    private mutating func sendRefusals() {
      guard client >= 0, endsWithWholeLine else { return }
      for line in outbox.take() {
        guard InspectorSocket.send(line, to: client) else {
          detach()
          return
        }
      }
    }

    private mutating func receive(_ buffer: inout [UInt8]) {
      let count = recv(client, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR || errno == EAGAIN { return }
      guard count > 0 else {
        detach()
        return
      }
      pending.append(contentsOf: buffer[..<count])
      // Only the bytes just read can end a line: a state of megabytes is not scanned again per read.
      guard buffer[..<count].contains(UInt8(ascii: "\n")) else {
        if pending.count > FileContents.defaultLimit { detach() }
        return
      }
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(pending[..<end])
        pending.removeSubrange(...end)
        if let command = LiveCommand(line: line) {
          let outbox = outbox
          onCommand(command) { reason in outbox.post(LiveCommand.refusal(reason)) }
        }
      }
      // A line longer than any state the inspector would send is not one: the connection goes.
      if pending.count > FileContents.defaultLimit { detach() }
    }

    private mutating func detach() {
      close(client)
      client = -1
      pending = []
      onDetach()
    }
  }
}
