import Tide
import TideDemo
import TideTerminal

/// `render-inline`: the `render-24bit` keypress frame (20 todos, the selection moving, the dark
/// theme, 80×24) drawn inline (``InlineTerminal``: relative moves below the prompt) against the
/// same frame drawn full screen by the escape-sequence encoder (``ANSIOutputTerminal``, the
/// baseline): the budget is an inline frame costing no more than a full-screen frame of its
/// size. Also the bytes each writes a frame, and the inline first frame's cost.
@MainActor
func renderInlineScenario(iterations: Int, rounds: Int) async -> Measurement {
  let app = darkTodosApp()
  let size = TerminalSize(columns: 80, rows: 24)
  let inline = InlineTerminal(size: size, profile: .trueColor)
  let full = ANSIOutputTerminal(size: size, profile: .trueColor)
  var inlineRenderer = Renderer()
  var fullRenderer = Renderer()
  let first = app.frame(size: size)
  let firstStart = ContinuousClock.now
  inline.prepare(height: InlineTerminal.height(of: first))
  inlineRenderer.render(first, to: inline)
  let firstBytes = inline.takeOutput().utf8.count
  let firstTime = ContinuousClock.now - firstStart
  fullRenderer.render(first, to: full)
  _ = full.takeOutput()
  var inlineTimes: [Double] = []
  var fullTimes: [Double] = []
  var inlineBytes = 0
  var fullBytes = 0
  for _ in 0..<rounds {
    inlineTimes.append(nanosecondsPerOperation(iterations: iterations) { index in
      app.press(index % 40 < 20 ? .up : .down)
      let frame = app.frame(size: size)
      inline.prepare(height: InlineTerminal.height(of: frame))
      inlineRenderer.render(frame, to: inline)
      inlineBytes += inline.takeOutput().utf8.count
    })
    fullTimes.append(nanosecondsPerOperation(iterations: iterations) { index in
      app.press(index % 40 < 20 ? .up : .down)
      fullRenderer.render(app.frame(size: size), to: full)
      fullBytes += full.takeOutput().utf8.count
    })
  }
  var measurement = Measurement(name: "render-inline", tide: median(inlineTimes), baseline: median(fullTimes))
  measurement.note = String(
    format: "inline %.3f ms, full screen %.3f ms per keypress frame; %d and %d bytes a frame on average; first inline frame %.3f ms, %d bytes",
    median(inlineTimes) / 1e6, median(fullTimes) / 1e6, inlineBytes / (iterations * rounds), fullBytes / (iterations * rounds),
    Double(firstTime.components.attoseconds) / 1e15 + Double(firstTime.components.seconds) * 1e3, firstBytes)
  return measurement
}
