import TideJSON
import Foundation
import Synchronization
import Testing
import TideTestSupport
import TideTrace

/// The socket between a running app and its inspector: the trace flows to one inspector of the
/// app's user, the inspector's commands flow back, and every wrong place or peer is refused
/// with a clear reason and nothing touched.
@Suite("TideTrace: the live inspector's socket", .serialized)
struct LiveTraceSocketTests {
  /// A folder only this user can write, for sockets (a temporary directory may be shared).
  func privateFolder(_ label: String) -> TemporaryDirectory {
    let folder = TemporaryDirectory(label)
    #expect(chmod(folder.path, 0o700) == 0)
    return folder
  }

  final class Received: Sendable {
    let commands = Mutex<[LiveCommand]>([])
    let detaches = Atomic<Int>(0)
  }

  let header = #"{"format":"tide-trace","version":1,"app":"probe","appVersion":"1","arguments":[],"size":[80,24],"snapshotEvery":1000,"state":{"count":0}}"# + "\n"
  let step = #"{"n":1,"t":0.5,"key":"+","action":{"add":{}},"changes":[["count",1]]}"# + "\n"

  /// Appends `text` to the trace, as the app writes it, and tells the server.
  func append(_ text: some StringProtocol, to tracePath: String, for server: LiveTraceServer) throws {
    let handle = try #require(FileHandle(forWritingAtPath: tracePath))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    try handle.close()
    server.traceWritten()
  }

  /// Polls `condition` until it holds; says what it waited for.
  func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    if try await poll(every: .milliseconds(5), until: condition) { return }
    Issue.record("timed out waiting for \(what)")
    throw CancellationError()
  }

  @Test func theTraceFlowsToTheInspectorAndItsCommandsBack() async throws {
    let folder = privateFolder("live-socket")
    let tracePath = folder.file("app.trace")
    try header.write(toFile: tracePath, atomically: true, encoding: .utf8)
    let socket = folder.file("app.sock")
    let received = Received()
    let server = try LiveTraceServer(
      path: socket, tracePath: tracePath, onCommand: { command, _ in received.commands.withLock { $0.append(command) } },
      onDetach: { received.detaches.add(1, ordering: .relaxed) })
    defer { server.stop() }
    var info = stat()
    #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o600, "only its user may connect")

    let client = try LiveTraceClient(path: socket)
    try await waitUntil("the header in the inspector's copy") {
      (try? String(contentsOfFile: client.tracePath, encoding: .utf8)) == header
    }
    // A line the app writes later reaches the inspector once the server is told.
    try append(step, to: tracePath, for: server)
    try await waitUntil("the step in the inspector's copy") {
      (try? String(contentsOfFile: client.tracePath, encoding: .utf8)) == header + step
    }
    #expect(client.send(.jump(step: 1, state: .object([JSONMember(key: "count", value: .integer(1))]))))
    #expect(client.send(.resume))
    try await waitUntil("both commands at the app") { received.commands.withLock { $0.count } == 2 }
    #expect(received.commands.withLock { $0 } == [.jump(step: 1, state: .object([JSONMember(key: "count", value: .integer(1))])), .resume])

    // One inspector at a time: a second is told why.
    #expect(throws: InspectorSocket.Failure.self) { try LiveTraceClient(path: socket) }
    do {
      _ = try LiveTraceClient(path: socket)
    } catch {
      #expect(error.description.contains("another inspector is attached"), "\(error)")
    }
    let copy = client.tracePath
    client.close()
    try await waitUntil("the app to hear the inspector went") { received.detaches.load(ordering: .relaxed) == 1 }
    #expect(!FileManager.default.fileExists(atPath: copy), "the inspector's copy is removed")
    // The app goes on serving: a new inspector attaches.
    let again = try LiveTraceClient(path: socket)
    try await waitUntil("the whole trace again") {
      (try? String(contentsOfFile: again.tracePath, encoding: .utf8)) == header + step
    }
    again.close()
    server.stop()
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket goes with the app")
  }

  /// A jump the app cannot carry out is answered with why, which the inspector is told (it was
  /// shown on the app's last row only); the refusal goes between two whole lines of the trace,
  /// a line cut short waits for its end, and the inspector's copy holds the trace alone.
  @Test func aRefusedJumpIsToldToTheInspectorApartFromTheTrace() async throws {
    let folder = privateFolder("live-refusal")
    let tracePath = folder.file("app.trace")
    try header.write(toFile: tracePath, atomically: true, encoding: .utf8)
    let socket = folder.file("app.sock")
    let server = try LiveTraceServer(
      path: socket, tracePath: tracePath,
      onCommand: { command, refuse in
        if case .jump(let step, _) = command { refuse("step \(step) could not be put back: no count") }
      }, onDetach: {})
    defer { server.stop() }
    let client = try LiveTraceClient(path: socket)
    try await waitUntil("the header in the inspector's copy") {
      (try? String(contentsOfFile: client.tracePath, encoding: .utf8)) == header
    }
    // Half a line is written: the refusal waits for its end.
    try append(step.prefix(20), to: tracePath, for: server)
    try await waitUntil("half the step in the inspector's copy") {
      (try? String(contentsOfFile: client.tracePath, encoding: .utf8)) == header + String(step.prefix(20))
    }
    #expect(client.send(.jump(step: 1, state: .object([]))))
    try append(step.dropFirst(20), to: tracePath, for: server)
    var refusals: [String] = []
    try await waitUntil("the refusal at the inspector") {
      refusals += client.takeRefusals()
      return !refusals.isEmpty
    }
    #expect(refusals == ["step 1 could not be put back: no count"])
    try await waitUntil("the whole step in the inspector's copy") {
      (try? String(contentsOfFile: client.tracePath, encoding: .utf8)) == header + step
    }
    // Taken once.
    #expect(client.takeRefusals() == [])
    client.close()
  }

  @Test func theAppIsToldWhenTheInspectorEndsAndTheInspectorWhenTheAppEnds() async throws {
    let folder = privateFolder("live-ends")
    let tracePath = folder.file("app.trace")
    try header.write(toFile: tracePath, atomically: true, encoding: .utf8)
    let socket = folder.file("app.sock")
    let server = try LiveTraceServer(path: socket, tracePath: tracePath, onCommand: { _, _ in }, onDetach: {})
    let client = try LiveTraceClient(path: socket)
    server.stop()
    try await waitUntil("the inspector to see the app end") { client.hasEnded }
    #expect(!client.send(.resume))
    client.close()
  }

  /// An inspector that takes nothing (stopped with ctrl-z) is dropped after the stall limit:
  /// it holds up neither the server nor the app's exit.
  @Test func anInspectorThatTakesNothingIsDroppedAndNeverHoldsUpTheExit() async throws {
    let folder = privateFolder("live-stall")
    let tracePath = folder.file("app.trace")
    // More than a socket's buffers hold.
    let big = header + String(repeating: #"{"t":0.5,"key":"x"}"# + "\n", count: 400_000)
    try big.write(toFile: tracePath, atomically: true, encoding: .utf8)
    let socket = folder.file("app.sock")
    let received = Received()
    let server = try LiveTraceServer(
      path: socket, tracePath: tracePath, onCommand: { _, _ in }, onDetach: { received.detaches.add(1, ordering: .relaxed) })
    let stalled = try InspectorSocket.connect(to: socket)
    defer { close(stalled) }
    try await waitUntil("the stalled inspector to be dropped") { received.detaches.load(ordering: .relaxed) == 1 }
    let started = ContinuousClock.now
    server.stop()
    #expect(ContinuousClock.now - started < .seconds(5), "the exit is not held up")
  }

  @Test func aPlaceOthersCouldWriteOrAFileThereIsRefusedAndLeftUntouched() throws {
    let shared = TemporaryDirectory("live-shared")
    #expect(chmod(shared.path, 0o777) == 0)
    #expect {
      _ = try LiveTraceServer(path: shared.file("s.sock"), tracePath: shared.file("t"), onCommand: { _, _ in }, onDetach: {})
    } throws: { error in
      "\(error)".contains("is writable by others")
    }
    #expect(!FileManager.default.fileExists(atPath: shared.file("s.sock")))

    let folder = privateFolder("live-file")
    let file = folder.file("notes.txt")
    try "mine\n".write(toFile: file, atomically: true, encoding: .utf8)
    #expect {
      _ = try LiveTraceServer(path: file, tracePath: folder.file("t"), onCommand: { _, _ in }, onDetach: {})
    } throws: { error in
      "\(error)".contains("exists and is not a socket: left as it is")
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine\n")
  }

  @Test func attachingToNothingToAFileOrToASocketThatIsNotTideSaysSo() throws {
    let folder = privateFolder("live-attach")
    #expect { _ = try LiveTraceClient(path: folder.file("none.sock")) } throws: { error in
      "\(error)".contains("no app serves its inspector at") && "\(error)".contains("--inspect-socket")
    }
    try "x".write(toFile: folder.file("plain"), atomically: true, encoding: .utf8)
    #expect { _ = try LiveTraceClient(path: folder.file("plain")) } throws: { error in "\(error)".contains("is not a socket") }

    // A socket whose server says nothing: refused after the greeting's limit, never a hang.
    let silent = folder.file("silent.sock")
    let listener = try InspectorSocket.listen(at: silent)
    defer {
      close(listener)
      unlink(silent)
    }
    let started = ContinuousClock.now
    #expect { _ = try LiveTraceClient(path: silent) } throws: { error in "\(error)".contains("not a Tide app's inspector socket") }
    #expect(ContinuousClock.now - started < .seconds(10))

    // A socket left by an app that ended: nothing serves it.
    let stale = folder.file("stale.sock")
    let old = try InspectorSocket.listen(at: stale)
    close(old)
    #expect { _ = try LiveTraceClient(path: stale) } throws: { error in "\(error)".contains("the app that made it has ended") }
    // And a new app takes its place.
    let server = try LiveTraceServer(path: stale, tracePath: folder.file("t"), onCommand: { _, _ in }, onDetach: {})
    server.stop()
  }

  /// A refused attach let go of its connection twice: once where it failed and again in the
  /// `deinit` a throwing initializer runs, so the second close hit whatever descriptor another
  /// thread had opened under the same number meanwhile (a script another test was reading:
  /// "Bad file descriptor"). A thread here keeps opening descriptors and checks each stays open
  /// until it closes it, while attaches are refused one after another.
  @Test func aRefusedAttachClosesNothingButItsOwnConnection() throws {
    let folder = privateFolder("live-closing")
    let path = folder.file("closing.sock")
    let listener = try InspectorSocket.listen(at: path)
    defer {
      close(listener)
      unlink(path)
    }
    let stop = Atomic<Bool>(false)
    // The server: takes each connection and closes it without a word.
    let server = Thread {
      while !stop.load(ordering: .relaxed) {
        var watched = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 10) > 0 else { continue }
        let connection = accept(listener, nil, nil)
        if connection >= 0 { close(connection) }
      }
    }
    let foreignCloses = Atomic<Int>(0)
    let canaryEnded = Atomic<Bool>(false)
    let canary = Thread {
      while !stop.load(ordering: .relaxed) {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        for _ in 0..<200 where fcntl(descriptor, F_GETFD) == -1 {
          foreignCloses.add(1, ordering: .relaxed)
          break
        }
        close(descriptor)
      }
      canaryEnded.store(true, ordering: .releasing)
    }
    server.start()
    canary.start()
    for _ in 0..<2_000 {
      #expect { _ = try LiveTraceClient(path: path) } throws: { error in
        "\(error)".contains("closed the connection before saying anything")
      }
    }
    stop.store(true, ordering: .relaxed)
    while !canaryEnded.load(ordering: .acquiring) { sched_yield() }
    #expect(foreignCloses.load(ordering: .relaxed) == 0, "another thread's descriptor was closed under it")
  }
}
