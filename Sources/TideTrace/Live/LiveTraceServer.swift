#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import TideTerminal

/// The app's side of live time travel (`--inspect-socket PATH`): a thread of its own serves the
/// trace the app is writing to one inspector at a time — the whole file at the connection, then
/// each line as it is written — and hands the inspector's commands to the app. A second
/// inspector is refused with a line saying so. The app never waits for the inspector: a slow or
/// stopped one holds this thread only.
package final class LiveTraceServer: Sendable {
  private let path: String
  private let listener: Int32
  /// The pipe that wakes the thread: the trace grew, or the server is stopping.
  private let wakeRead: Int32
  /// The pipe's write end, -1 once closed: a write after ``stop()`` must not reach whatever file
  /// the number is given to next.
  private let wakeWrite: Mutex<Int32>
  private let isStopping = LiveFlag()
  private let stopped = DispatchSemaphore(value: 0)

  /// Serves the trace written to `tracePath` at the socket `path` (see
  /// ``InspectorSocket/listen(at:)``). `onCommand` gets each command, `onDetach` is called when
  /// an inspector goes, however it goes; both on the server's thread.
  package init(
    path: String, tracePath: String, onCommand: @escaping @Sendable (LiveCommand) -> Void,
    onDetach: @escaping @Sendable () -> Void
  ) throws(InspectorSocket.Failure) {
    self.path = path
    listener = try InspectorSocket.listen(at: path)
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      close(listener)
      unlink(path)
      throw InspectorSocket.Failure(description: "cannot make a pipe: \(systemReason())")
    }
    wakeRead = pipeEnds[0]
    wakeWrite = Mutex(pipeEnds[1])
    // Neither end blocks (a full pipe already holds a wake-up), nor goes to a child process.
    for end in pipeEnds {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    let session = Session(
      listener: listener, wake: wakeRead, tracePath: tracePath, path: path, onCommand: onCommand, onDetach: onDetach)
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
    wakeWrite.withLock { descriptor in
      guard descriptor >= 0 else { return }
      var byte: UInt8 = 1
      _ = write(descriptor, &byte, 1)
    }
  }

  /// Closes the connection and the socket, removing its path; returns once the thread is done.
  package func stop() {
    guard !isStopping.set() else { return }
    traceWritten()
    stopped.wait()
    wakeWrite.withLock { descriptor in
      close(descriptor)
      descriptor = -1
    }
  }

  /// The server thread's state.
  private struct Session: Sendable {
    let listener: Int32
    let wake: Int32
    let tracePath: String
    let path: String
    let onCommand: @Sendable (LiveCommand) -> Void
    let onDetach: @Sendable () -> Void
    var client: Int32 = -1
    var trace: Int32 = -1
    /// How much of the trace the inspector has been sent.
    var sent = 0
    /// What the inspector sent after its last whole line.
    var pending: [UInt8] = []

    init(
      listener: Int32, wake: Int32, tracePath: String, path: String, onCommand: @escaping @Sendable (LiveCommand) -> Void,
      onDetach: @escaping @Sendable () -> Void
    ) {
      self.listener = listener
      self.wake = wake
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
      let connection = Glibc.accept(listener, nil, nil)
      guard connection >= 0 else { return }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
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
      pending = []
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
        if let command = LiveCommand(line: line) { onCommand(command) }
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
