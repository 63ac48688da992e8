import Foundation
import Testing
import TideTestSupport
import TideTerminal

/// A recorded session becomes a key script that parses back to the same events.
@Suite struct KeyScriptRecorderTests {
  typealias Event = InputEvent

  /// The events a script replays, and at what script time each happens.
  func replayedEvents(of script: KeyScript) -> [(time: Duration, event: Event)] {
    var time = Duration.zero
    var events: [(time: Duration, event: Event)] = []
    for step in script.steps {
      switch step.command {
      case .keys, .type, .paste, .resize: events += step.command.inputEvents.map { (time, $0) }
      case .wait(let duration): time += duration
      case .expect, .expectNot, .expectStyle, .expectTitle, .expectCopied, .program, .screen: break
      case .click(.cell(let column, let row)):
        events.append((time, .pointer(PointerEvent(.press(.left), column: column - 1, row: row - 1))))
        events.append((time, .pointer(PointerEvent(.release(.left), column: column - 1, row: row - 1))))
      case .scroll(let direction, let notches, .cell(let column, let row)):
        let event = PointerEvent(direction == .up ? .scrollUp : .scrollDown, column: column - 1, row: row - 1)
        events += Array(repeating: (time, .pointer(event)), count: notches)
      case .click, .scroll: Issue.record("a recorded script points at text")
      }
    }
    return events
  }

  func distance(_ a: Duration, _ b: Duration) -> Duration { a > b ? a - b : b - a }

  let date = Date(timeIntervalSince1970: 1_795_000_000)

  /// A press and its release become `click COL ROW`, wheel notches in a row at one cell one
  /// `scroll` line (1-based, as scripts count), and the script replays the same events.
  @Test func pointerEventsBecomeClickAndScrollLines() throws {
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 300, rows: 30))
    let events: [(Int, Event)] = [
      (0, .pointer(PointerEvent(.press(.left), column: 249, row: 4))),
      (5, .pointer(PointerEvent(.release(.left), column: 249, row: 4))),
      (10, .key(.character("x"))),
      (20, .pointer(PointerEvent(.scrollDown, column: 3, row: 7))),
      (21, .pointer(PointerEvent(.scrollDown, column: 3, row: 7))),
      (22, .pointer(PointerEvent(.scrollDown, column: 3, row: 7))),
      (23, .pointer(PointerEvent(.scrollUp, column: 3, row: 7))),
      (24, .pointer(PointerEvent(.press(.right), column: 0, row: 0))),
    ]
    for (milliseconds, event) in events { recorder.record(event, at: .milliseconds(milliseconds)) }
    let text = recorder.script(date: date)
    #expect(text == """
      # key script recorded 2026-11-18T11:06:40Z, terminal 300x30
      resize 300x30
      click 250 5
      keys x
      scroll down 3 at 4 8
      scroll up 1 at 4 8
      # the right button was pressed here; scripts click only the primary one

      """)
    let replayed = replayedEvents(of: try KeyScript(parsing: text)).map(\.event)
    #expect(replayed == [.resize(TerminalSize(columns: 300, rows: 30))] + events.dropLast().map(\.1))
    // The header's date is the one a replay of the script starts the app at.
    #expect(try KeyScript(parsing: text).recordedDate == date)
  }

  /// A script made from a trace (`--export-keys`) puts each input between the same two timer
  /// ticks as the run did: at 60 ticks a second no tick is on a 10 ms step, and rounding to
  /// one moved a key past a tick (and the end before the last). Every pause is written, to the
  /// nanosecond, and the end is reached even when its instant lies between two nanoseconds.
  @Test func anExactScriptKeepsEveryInputBetweenTheSameTicks() throws {
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24), timing: .exact)
    let tick = Duration.seconds(1) / 60
    let times: [Duration] = [.zero, tick + .nanoseconds(1), tick * 2 - .nanoseconds(1), .milliseconds(120)]
    for (index, time) in times.enumerated() { recorder.record(.key(.character(["a", "b", "c", "d"][index])), at: time) }
    // The end is the eighth tick's instant, a third of a nanosecond past a whole one.
    let end = tick * 8
    let text = recorder.script(date: Date(timeIntervalSince1970: 0), end: end)
    #expect(text.contains("wait 16.666668ms\n"), "\(text)")
    // After the size the script starts at.
    let replayed = replayedEvents(of: try KeyScript(parsing: text)).dropFirst().map(\.time)
    #expect(replayed == [.zero, .nanoseconds(16_666_668), .nanoseconds(33_333_332), .milliseconds(120)])
    let scriptEnd = try KeyScript(parsing: text).steps.reduce(Duration.zero) { total, step in
      if case .wait(let duration) = step.command { total + duration } else { total }
    }
    #expect(scriptEnd >= end && scriptEnd - end < .nanoseconds(1), "ends at \(scriptEnd), the tick at \(end)")
    // A live session's script keeps its 10 ms steps and its 50 ms shortest pause.
    var rounded = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    rounded.record(.key(.character("a")), at: tick + .nanoseconds(1))
    rounded.record(.key(.character("b")), at: .milliseconds(123))
    #expect(rounded.script(date: Date(timeIntervalSince1970: 0)).contains("keys a\nwait 120ms\nkeys b\n"))
  }

  /// A hand-over's `program` line stands before the input that started it, even when keys came
  /// meanwhile; one no recorded input started (an effect at the start) still has its line.
  @Test func programLinesStandBeforeTheInputThatStartedThem() throws {
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    recorder.record(program: .couldNotStart("vim: not found"), afterEvents: 0)
    recorder.record(.key(.character("e")), at: .zero)
    // Typed while the editor started: after the key that started it.
    recorder.record(.key(.character("x")), at: .zero)
    recorder.record(program: .exited(0), afterEvents: 1)
    let script = recorder.script(date: Date(timeIntervalSince1970: 0))
    #expect(script == """
      # key script recorded 1970-01-01T00:00:00Z, terminal 80x24
      resize 80x24
      program fails "vim: not found"
      program exits 0
      type "ex"

      """)
    var empty = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    empty.record(program: .killed(signal: 9), afterEvents: 0)
    #expect(empty.script(date: Date(timeIntervalSince1970: 0)).contains("program killed 9\n"))
  }

  @Test func theScriptGroupsKeysTypesTextAndWritesPauses() throws {
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 100, rows: 30))
    let events: [(Int, Event)] = [
      (0, .key(.tab)), (10, .key(.tab)), (20, .key(.character("a"))),
      (600, .key(.character("b"))), (610, .key(.character("u"))), (620, .key(.character("y"))),
      (625, .key(.character(" "))), (630, .key(.character("\""))), (631, .key(.enter)),
      (2_000, .paste("two\nlines \\ \u{1B}")), (2_004, .resize(TerminalSize(columns: 90, rows: 20))),
      (62_004, .key(.character("#"))), (62_020, .key(.control("c"))),
    ]
    for (milliseconds, event) in events { recorder.record(event, at: .milliseconds(milliseconds)) }
    let text = recorder.script(date: date, notes: ["replay: tide-demo replay FILE --screen todos"])
    #expect(text == """
      # key script recorded 2026-11-18T11:06:40Z, terminal 100x30
      # replay: tide-demo replay FILE --screen todos
      resize 100x30
      keys tab tab a
      wait 600ms
      type "buy \\""
      keys enter
      wait 1.4s
      paste "two\\nlines \\\\ \\u{1B}"
      resize 90x20
      wait 1m
      type "#"
      keys ctrl-c

      """)
  }

  @Test(arguments: 1...30 as ClosedRange<UInt64>)
  func aRecordingParsesBackToTheSameEvents(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let keys: [Key] = [
      .character("a"), .character("é"), .character("e"), .character("\u{301}"), .character("#"),
      .character("\""), .character("\\"), .character(" "), .character("\t"), .character("🏽"),
      .character("\u{2028}"), .character("\u{1}"), .character("日"), .character("🇫"), .character("🇷"),
      .character("\r\n"), .enter, .escape, .up, .backTab, .function(5), .control("x"), .pageDown,
      .modified(.up, [.control, .shift]), .modified(.enter, .control), .modified(.character("a"), [.control, .shift]),
      .modified(.function(12), [.alt, .shift]), .alt(.control("b")),
    ]
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    var time = Duration.zero
    var recorded: [(time: Duration, event: Event)] = []
    for _ in 0..<200 {
      time += .milliseconds(Int.random(in: 0...400, using: &random))
      let event: Event
      switch Int.random(in: 0..<20, using: &random) {
      case 0: event = .paste(String((0..<Int.random(in: 0...6, using: &random)).map { _ in
          "ab\"\\\n\r\t\u{0}\u{85}é🏽".randomElement(using: &random)! }))
      case 1: event = .resize(TerminalSize(columns: Int.random(in: 1...300, using: &random), rows: Int.random(in: 1...100, using: &random)))
      default: event = .key(keys.randomElement(using: &random)!)
      }
      recorder.record(event, at: time)
      if case .paste("") = event { continue }  // an empty paste does nothing and is not written
      recorded.append((time, event))
    }
    let text = recorder.script(date: date, end: time + .seconds(3))
    let script = try KeyScript(parsing: text, file: "recorded.keys")
    let replayed = replayedEvents(of: script)
    // The first event is the initial resize to the recorded size.
    #expect(replayed.first?.event == .resize(TerminalSize(columns: 80, rows: 24)))
    let events = Array(replayed.dropFirst())
    #expect(events.map(\.event) == recorded.map(\.event), "seed \(seed)\n\(text)")
    for (replay, live) in zip(events, recorded) {
      // The script's clock never drifts 50 ms or more from the session's.
      #expect(distance(replay.time, live.time) < .milliseconds(50), "seed \(seed): \(replay.time) vs \(live.time)")
    }
    let total = script.steps.reduce(Duration.zero) { sum, step in
      if case .wait(let duration) = step.command { sum + duration } else { sum }
    }
    #expect(distance(total, time + .seconds(3)) < .milliseconds(50))
  }

  @Test func charactersThatWouldMergeAreTypedSeparately() throws {
    var recorder = KeyScriptRecorder(size: TerminalSize(columns: 80, rows: 24))
    for character: Character in ["e", "\u{301}", "🇫", "🇷", "x"] {
      recorder.record(.key(.character(character)), at: .zero)
    }
    let script = try KeyScript(parsing: recorder.script(date: date))
    #expect(script.steps.dropFirst().flatMap(\.command.inputEvents) == ["e", "\u{301}", "🇫", "🇷", "x"].map { .key(.character($0)) })
  }
}
