import Tide
import TideDemo
import TideTerminal

/// `replay`: a 10,000-key script replayed headlessly through the demo, rendering after every
/// line as `tide-demo replay` does.
@MainActor
func replayScenario(keys: Int, rounds: Int) async -> Measurement {
  let script = makeReplayScript(keys: keys)
  var times: [Double] = []
  for _ in 0..<rounds {
    let clock = VirtualClock()
    let app = DemoApp.make(screen: .counter, storage: nil, clock: clock)
    let player = KeyScriptPlayer(app: app, clock: clock)
    let start = ContinuousClock.now
    do {
      try await player.play(script)
    } catch {
      fatalError("replay: \(error)")
    }
    times.append(Double((ContinuousClock.now - start).attoseconds) / 1e9)
  }
  var measurement = Measurement(name: "replay", tide: median(times) / Double(keys), baseline: nil)
  measurement.note = String(format: "%d keys in %.0f ms", keys, median(times) / 1e6)
  return measurement
}

/// A script of `keys` key presses across the three screens: counting, starting and stopping
/// the stopwatch with waits, and typing, adding, moving and toggling todos.
func makeReplayScript(keys: Int) -> KeyScript {
  var lines: [String] = []
  var pressed = 0
  let counter = "keys + + + - k j up down = r"               // 10 keys
  let stopwatch = "keys tab space l l space r btab"            // 7 keys (+ a wait)
  let todos = "keys tab tab a b u y space m i l k enter j k x x btab btab"  // 20 keys
  while pressed < keys {
    lines.append(counter); pressed += 10
    lines.append(stopwatch); lines.append("wait 100ms"); pressed += 7
    lines.append(todos); pressed += 20
  }
  lines.append("expect \"Count: 0\"")
  do {
    return try KeyScript(parsing: lines.joined(separator: "\n"), file: "replay-bench.keys")
  } catch {
    fatalError("replay bench script: \(error)")
  }
}

/// `stopwatch-hour`: `wait` through `minutes` virtual minutes of the running stopwatch — 60
/// ticks a second, each reaching the reducer at its instant — as `tide-demo replay` runs it
/// (no frame watcher: the screen is drawn when the line ends). Reported per tick.
@MainActor
func stopwatchHourScenario(minutes: Int, rounds: Int) async -> Measurement {
  let script: KeyScript
  do {
    script = try KeyScript(parsing: "keys s\nwait \(minutes)m", file: "stopwatch-hour.keys")
  } catch {
    fatalError("stopwatch-hour script: \(error)")
  }
  let expectedTicks = Int(Duration.seconds(minutes * 60) / StopwatchFeature.tickInterval)
  var times: [Double] = []
  for _ in 0..<rounds {
    let clock = VirtualClock()
    let app = DemoApp.make(screen: .stopwatch, storage: nil, clock: clock)
    let player = KeyScriptPlayer(app: app, clock: clock)
    // Every tick moves the reading forward: counting the readings, each later than the one
    // before, proves no tick was skipped or repeated (a count and a comparison, so the check
    // costs next to nothing beside the tick it checks).
    var readings = 0
    var lastReading: Duration?
    var inOrder = true
    let token = app.store.observe(\.stopwatch.lastReading) { reading in
      if let lastReading, reading <= lastReading { inOrder = false }
      lastReading = reading
      readings += 1
    }
    let start = ContinuousClock.now
    do {
      try await player.play(script)
    } catch {
      fatalError("stopwatch-hour: \(error)")
    }
    times.append(Double((ContinuousClock.now - start).attoseconds) / 1e9)
    token.cancel()
    // The zero reading at the start, plus one per tick.
    // The last tick's instant: on the whole nanosecond nearest its multiple of the interval.
    let lastInstant = (StopwatchFeature.tickInterval * expectedTicks).roundedToNanosecond
    guard inOrder, readings == expectedTicks + 1, lastReading == lastInstant else {
      fatalError("stopwatch-hour: \(readings - 1) ticks (in order: \(inOrder)), expected \(expectedTicks)")
    }
  }
  var measurement = Measurement(name: "stopwatch-hour", tide: median(times) / Double(expectedTicks), baseline: nil)
  measurement.note = String(format: "%d virtual minutes, %d ticks, in %.0f ms", minutes, expectedTicks, median(times) / 1e6)
  return measurement
}
