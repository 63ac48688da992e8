import TideJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TideTerminal

/// The inspector's side of live time travel (`inspect --attach PATH`): the app's trace arrives
/// on the socket and is appended, as it comes, to a file in a folder only this user can read,
/// which the inspector follows as it follows a growing trace; commands go back on the socket,
/// and the app's refusals of them come apart from the trace (``takeRefusals()``).
package final class LiveTraceClient: Sendable {
  /// The trace as received so far: the file the inspector reads.
  package let tracePath: String
  private let folder: String
  private let connection: Int32
  private let isEnded = LiveFlag()
  private let isClosed = LiveFlag()
  private let refusals = Refusals()

  /// How long the app has to say who it is before the socket is taken for something else.
  package static let greetingLimit = Duration.seconds(2)

  /// Attaches to the app serving its inspector at `path`: its first line must be a trace's
  /// header (else this is no Tide app's socket, or a refusal, said as such).
  package init(path: String) throws(InspectorSocket.Failure) {
    connection = try InspectorSocket.connect(to: path)
    do throws(InspectorSocket.Failure) {
      folder = try PrivateFolder.make("tide-inspect")
    } catch {
      Glibc.close(connection)
      throw error
    }
    tracePath = folder + "/live.trace"
    // From here on the client is whole, so a throw runs its `deinit`: each failure below lets go
    // of what it holds through `close()`, which does it once, and never closes the connection
    // itself (a second close of its number closes whatever another thread opened meanwhile).
    let first: [UInt8]
    do throws(InspectorSocket.Failure) {
      first = try Self.firstLine(from: connection, path: path)
    } catch {
      close()
      throw error
    }
    let file = open(tracePath, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
    // The header, then whatever came with it, split as every later chunk is.
    let headerEnd = first.firstIndex(of: UInt8(ascii: "\n"))! + 1
    var splitter = LiveStreamSplitter()
    let refusals = refusals
    guard file >= 0, (try? AtomicFile.writeAll(first[..<headerEnd], to: file, path: tracePath)) != nil,
      Self.receive(first[headerEnd...], by: &splitter, into: file, path: tracePath, refusals: refusals)
    else {
      let reason = systemReason()
      if file >= 0 { Glibc.close(file) }
      close()
      throw InspectorSocket.Failure(description: "\(escapedName(tracePath)): \(reason)")
    }
    let connection = connection
    let isEnded = isEnded
    let receivedPath = tracePath
    do {
      try DetachedThread.start(named: "tide-inspect-in") { [splitter] in
        var splitter = splitter
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = recv(connection, &buffer, buffer.count, 0)
          if count < 0, errno == EINTR { continue }
          guard count > 0, Self.receive(buffer[..<count], by: &splitter, into: file, path: receivedPath, refusals: refusals)
          else { break }
        }
        Glibc.close(file)
        isEnded.set()
      }
    } catch {
      Glibc.close(file)
      close()
      throw InspectorSocket.Failure(description: "\(error)")
    }
  }

  deinit {
    close()
  }

  /// Whether the app has ended (or closed the connection): no more lines come.
  package var hasEnded: Bool { isEnded.isSet }

  /// The app's refusals of commands (a jump whose state it could not decode) since this was
  /// last asked, oldest first: each says why.
  package func takeRefusals() -> [String] {
    refusals.reasons.withLock { reasons in
      defer { reasons = [] }
      return reasons
    }
  }

  /// Sends `command` to the app; false when it is gone.
  @discardableResult
  package func send(_ command: LiveCommand) -> Bool {
    !hasEnded && InspectorSocket.send(command.line, to: connection)
  }

  /// Detaches: the app goes on (resuming if it was held), and the received trace is removed.
  package func close() {
    guard !isClosed.set() else { return }
    shutdown(connection, Int32(SHUT_RDWR))
    Glibc.close(connection)
    PrivateFolder.remove(tracePath, in: folder)
  }

  /// Appends the trace's part of `bytes` to the inspector's copy and keeps the app's refusals;
  /// false when the copy cannot be written.
  private static func receive(
    _ bytes: ArraySlice<UInt8>, by splitter: inout LiveStreamSplitter, into file: Int32, path: String,
    refusals: Refusals
  ) -> Bool {
    var written = true
    splitter.take(
      bytes, trace: { written = written && (try? AtomicFile.writeAll($0, to: file, path: path)) != nil },
      refusal: { reason in refusals.reasons.withLock { $0.append(reason) } })
    return written
  }

  /// The app's refusals not yet taken, shared with the receiving thread.
  private final class Refusals: Sendable {
    let reasons = Mutex<[String]>([])
  }

  /// What the app sends first: its trace's header line (and whatever came with it), or a
  /// refusal. The first byte must come within ``greetingLimit``, and each later one within as
  /// long again: a header holding a large state takes a while, a silent peer is not a Tide app.
  private static func firstLine(from connection: Int32, path: String) throws(InspectorSocket.Failure) -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let limit = Int32(greetingLimit.components.seconds * 1000)
    var hasLineEnd = false
    while !hasLineEnd {
      var watched = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&watched, 1, limit) > 0 else {
        throw InspectorSocket.Failure(description: "\(escapedName(path)) said nothing in \(greetingLimit): not a Tide app's inspector socket")
      }
      let count = recv(connection, &chunk, chunk.count, 0)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw InspectorSocket.Failure(description: "\(escapedName(path)) closed the connection before saying anything")
      }
      received.append(contentsOf: chunk[..<count])
      hasLineEnd = chunk[..<count].contains(UInt8(ascii: "\n"))
      guard received.count <= FileContents.defaultLimit else {
        throw InspectorSocket.Failure(description: "\(escapedName(path)): not a Tide app's inspector socket")
      }
    }
    let end = received.firstIndex(of: UInt8(ascii: "\n"))!
    let text = String(decoding: received[..<end], as: UTF8.self)
    if text.hasPrefix(#"{"refused":"#), case .string(let reason)? = (try? JSONParser.parse(text))?["refused"] {
      throw InspectorSocket.Failure(description: "\(escapedName(path)): \(reason)")
    }
    guard text.hasPrefix(#"{"format":"tide-trace""#) else {
      throw InspectorSocket.Failure(description: "\(escapedName(path)) is not a Tide app's inspector socket")
    }
    return received
  }
}
