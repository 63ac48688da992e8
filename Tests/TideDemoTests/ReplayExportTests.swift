import Foundation
import Testing
import TideTestSupport

/// `tide-demo replay` as a tool to test and show an app: strict about sizes, scripts and quits,
/// and able to write the trace, an asciinema cast and SVG screenshots.
@Suite("tide-demo replay: checks and exports")
struct ReplayExportTests {
  func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  // MARK: Checks

  @Test(arguments: [
    ("80xx24", "invalid size '80xx24' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("+80x24", "invalid size '+80x24' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("80x", "invalid size '80x' (expected COLUMNSxROWS, e.g. 100x30)"),
    ("1001x24", "size '1001x24' is out of range (1x1 to 1000x1000)"),
  ])
  func sizeAcceptsWhatResizeAccepts(size: String, message: String) async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let plain = folder.file("plain.keys")
    try write("keys +\n", to: plain)
    let option = try await runProcess(binary, ["replay", plain, "--size", size])
    #expect(option.status == 2, "\(option)")
    #expect(option.stderr.contains("--size: \(message)"), "\(option)")
    #expect(option.stdout.isEmpty, "\(option)")

    let resizing = folder.file("resize.keys")
    try write("resize \(size)\n", to: resizing)
    let script = try await runProcess(binary, ["replay", resizing])
    #expect(script.status == 2, "\(script)")
    #expect(script.stderr == "\(resizing):1:8: error: \(message)\n", "\(script)")
  }

  @Test func everyScriptIsCheckedBeforeTheFirstRuns() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let good = folder.file("good.keys")
    let bad = folder.file("bad.keys")
    let data = folder.file("todos.json")
    try write("keys a\ntype \"saved?\"\nkeys enter\nscreen\n", to: good)
    try write("keys a\nkeys nope\n", to: bad)
    let result = try await runProcess(binary, ["--screen", "todos", "--data", data, "replay", good, bad, "--svg", folder.file("s.svg")])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr == "\(bad):2:6: error: unknown key 'nope'\n", "\(result)")
    #expect(result.stdout.isEmpty, "the first script did not run: \(result)")
    #expect(folder.contents() == ["bad.keys", "good.keys"], "no data file, no SVG")

    let binaryFile = folder.file("binary.keys")
    try Data([0x6B, 0x65, 0x79, 0x73, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binaryFile))
    let invalid = try await runProcess(binary, ["replay", good, binaryFile])
    #expect(invalid.status == 2, "\(invalid)")
    #expect(invalid.stderr == "\(binaryFile):1:6: error: invalid UTF-8 (bytes 0xFF); key scripts are UTF-8 text\n", "\(invalid)")
    #expect(invalid.stdout.isEmpty, "\(invalid)")
  }

  @Test func aLineAfterTheAppQuitFails() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let after = folder.file("after.keys")
    try write("keys q\n# a comment is not a line that runs\nexpect \"NOT THERE\"\n", to: after)
    let failing = try await runProcess(binary, ["replay", after])
    #expect(failing.status == 1, "\(failing)")
    #expect(failing.stderr == "\(after):3: the app quit at line 1; this line never ran\n", "\(failing)")

    let ending = folder.file("ending.keys")
    try write("keys + +\nexpect \"Count: 2\"\nkeys q\n", to: ending)
    let passing = try await runProcess(binary, ["replay", ending])
    #expect(passing.status == 0, "a script that ends with its quit passes: \(passing)")
  }

  @Test func aPasteOutsideATextInputRunsNoCommand() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("paste.keys")
    // `dd` and `q` typed as keys would delete the todo and quit; pasted, they do nothing.
    try write("keys a\ntype \"milk\"\nkeys enter\npaste \"ddq\"\nexpect \"[ ] milk\"\n", to: script)
    let result = try await runProcess(binary, ["replay", script, "--screen", "todos"])
    #expect(result.status == 0, "\(result)")
  }

  // MARK: Exports

  /// Trace format v1: a header line, then one line per action, the action as its `Codable`
  /// JSON (before v1 each line held the action as a custom-dump string and no header).
  @Test func traceWritesOneJSONLinePerAction() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("count.keys")
    let trace = folder.file("trace.jsonl")
    try write("keys + + -\n", to: script)
    let result = try await runProcess(binary, ["--trace", trace, "replay", script])
    #expect(result.status == 0, "\(result)")
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let objects = try lines.map { line in
      try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.first?["format"] as? String == "tide-trace")
    let actions = try objects.dropFirst().map { object in
      String(decoding: try JSONSerialization.data(withJSONObject: try #require(object["action"])), as: UTF8.self)
    }
    // The resize action the size at the start sends, then one per key.
    #expect(actions.count == 4, "\(actions)")
    #expect(actions.first?.contains("resized") == true, "\(actions)")
    #expect(actions.filter { $0.contains("increment") }.count == 2, "\(actions)")
    #expect(actions.filter { $0.contains("decrement") }.count == 1, "\(actions)")
  }

  /// The output events of a cast, in order, and its header.
  func readCast(_ path: String) throws -> (header: [String: Any], events: [(time: Double, type: String, data: String)]) {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let events = try lines.dropFirst().map { line in
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      return (
        try #require((event[0] as? NSNumber)?.doubleValue), try #require(event[1] as? String),
        try #require(event[2] as? String))
    }
    return (header, events)
  }

  @Test func theCastRunsOnVirtualTime() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("watch.keys")
    let cast = folder.file("watch.cast")
    try write("keys space\nwait 3s\nkeys space\nexpect \"00:03.00\"\n", to: script)
    let result = try await runProcess(binary, ["replay", script, "--screen", "stopwatch", "--size", "60x20", "--cast", cast])
    #expect(result.status == 0, "\(result)")
    let (header, events) = try readCast(cast)
    #expect(header["version"] as? Int == 2)
    #expect(header["width"] as? Int == 60)
    #expect(header["height"] as? Int == 20)
    #expect(events.first?.time == 0)
    #expect(events.last?.time == 3, "a 3 s script is a 3 s cast")
    #expect(events.count > 30, "the running stopwatch is drawn many times a second: \(events.count)")
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(events.allSatisfy { $0.type == "o" })
  }

  /// Plays `data` in a fresh tmux pane of `size` (`cat` of the cast's output) and waits until
  /// the pane shows `expected`; returns the last capture.
  func playInTmux(_ data: String, columns: Int, rows: Int, expecting expected: String) async throws -> String {
    _ = try #require(TmuxSession.path, "tmux is needed to play the cast; run `make deps`")
    let session = TmuxSession(label: "tide-cast-tmux", columns: columns, rows: rows)
    defer { withExtendedLifetime(session) {} }
    let dataFile = session.folder.file("cast.data")
    try write(data, to: dataFile)
    try await session.start("cat '\(dataFile)'; exec sleep 600", environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
    // Polls with a deadline of 20 s: the pane shows the cast's end as soon as `cat` is done.
    return try await session.waitForScreen("the replay's final screen:\n\(expected)") { screen in
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0.reversed().drop { $0 == " " }.reversed()) }
      return rows.joined(separator: "\n").trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines)
    }
  }

  @Test func playingTheCastInAFreshTerminalEndsOnTheFinalScreen() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("todos.keys")
    let cast = folder.file("todos.cast")
    try write(
      """
      keys a
      type "buy 日本 milk"
      keys enter a
      type "<b> & \\"quotes\\""
      keys enter up space ?
      keys esc f
      keys f f
      wait 1s
      """, to: script)
    let result = try await runProcess(binary, ["replay", script, "--screen", "todos", "--cast", cast])
    #expect(result.status == 0, "\(result)")
    let (_, events) = try readCast(cast)
    #expect(events.count >= 5)
    let data = events.map(\.data).joined()
    try await _ = playInTmux(data, columns: 80, rows: 24, expecting: result.stdout)
  }

  @Test func svgFilesAreNamedPerScriptAndScreenLine() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let first = folder.file("first.keys")
    let second = folder.file("second.keys")
    try write("keys + +\nscreen\nkeys +\n", to: first)
    try write("keys -\n", to: second)
    let one = try await runProcess(binary, ["replay", first, "--svg", folder.file("one.svg")])
    #expect(one.status == 0, "\(one)")
    let several = try await runProcess(
      binary, ["replay", first, second, "--svg", folder.file("shot.svg"), "--cast", folder.file("play.cast")])
    #expect(several.status == 0, "\(several)")
    #expect(folder.contents() == [
      "first.keys", "one-line2.svg", "one.svg", "play-first.cast", "play-second.cast", "second.keys",
      "shot-first-line2.svg", "shot-first.svg", "shot-second.svg",
    ])
    let final = try String(contentsOfFile: folder.file("one.svg"), encoding: .utf8)
    let atScreen = try String(contentsOfFile: folder.file("one-line2.svg"), encoding: .utf8)
    #expect(final.contains(">Count: 3</text>"), "\(final)")
    #expect(atScreen.contains(">Count: 2</text>"), "\(atScreen)")
    #expect(try String(contentsOfFile: folder.file("shot-second.svg"), encoding: .utf8).contains(">Count: -1</text>"))
  }

  @Test func anOutputThatCannotBeWrittenIsRefusedFirst() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("count.keys")
    try write("keys +\n", to: script)
    let missing = folder.file("no-such-folder/shot.svg")
    let result = try await runProcess(binary, ["replay", script, "--svg", missing])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr == "\(missing): error: --svg: the folder \(folder.file("no-such-folder")) does not exist\n", "\(result)")
    #expect(result.stdout.isEmpty, "nothing ran: \(result)")
    let isFolder = try await runProcess(binary, ["replay", script, "--cast", folder.path])
    #expect(isFolder.status == 2, "\(isFolder)")
    #expect(isFolder.stderr == "\(folder.path): error: --cast: is a folder, not a file to write\n", "\(isFolder)")
  }

  @Test func aResizeIsInTheCastAndTheSVGHasTheFinalSize() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    let script = folder.file("resize.keys")
    try write("keys +\nwait 1s\nresize 60x20\nkeys +\n", to: script)
    let result = try await runProcess(
      binary, ["replay", script, "--svg", folder.file("s.svg"), "--cast", folder.file("c.cast")])
    #expect(result.status == 0, "\(result)")
    let svg = try String(contentsOfFile: folder.file("s.svg"), encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"540\" height=\"360\""), "\(svg.prefix(120))")
    #expect(svg.contains(">Count: 2</text>"))
    let (header, events) = try readCast(folder.file("c.cast"))
    #expect(header["width"] as? Int == 80)
    let resize = try #require(events.firstIndex { $0.type == "r" }, "\(events.map(\.type))")
    #expect(events[resize].data == "60x20")
    #expect(events[resize].time == 1)
    #expect(events[resize + 1].type == "o" && events[resize + 1].data.contains("\u{1B}[2J"), "a full redraw follows")
  }

  @Test func outputNamesThatWouldCollideAreRefusedFirst() async throws {
    let binary = try requireTideDemo()
    let folder = TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    try FileManager.default.createDirectory(atPath: folder.file("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
    try write("keys +\n", to: folder.file("a/run.keys"))
    try write("keys -\n", to: folder.file("b/run.keys"))
    let result = try await runProcess(
      binary, ["replay", folder.file("a/run.keys"), folder.file("b/run.keys"), "--svg", folder.file("s.svg")])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("\(folder.file("s-run.svg")) would be written for \(folder.file("b/run.keys"))"), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(folder.contents() == ["a", "b"])
  }
}
