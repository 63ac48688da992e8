import Tide
import TideTerminal
import TideTrace

/// Live time travel in the running app (`--inspect-socket PATH`): a jump from the inspector
/// puts the store into the state of a step of the trace — State only: running effects are
/// cancelled, none is run again — and holds the app's own input (keys, pastes, pointer and the
/// resize action, all but ctrl-c) with a line saying so at the bottom of its screen. A resume,
/// or the inspector going away however it goes, lets the app go on from the state it was put
/// in: the trace gets a branch line there (the steps after it are left behind), then the
/// terminal's size now as a resize, whose action the app gets.
@MainActor
final class LiveTravel<State: Codable & Sendable, Action: Codable & Sendable> {
  private let recorder: TraceRecorder<State, Action>
  private var store: Store<State, Action>?
  /// The step and state the app was put in, while its input is held.
  private var held: (step: Int, state: State)?
  /// The terminal's size as the app last heard of it, held or not.
  private var size: TerminalSize?
  private var resizeAction: ((TerminalSize) -> Action?)?
  /// Why the last jump was refused, shown on the app's last row until the next command.
  private var refusal: String?

  init(recorder: TraceRecorder<State, Action>) {
    self.recorder = recorder
  }

  /// `app` with its input held while a jump holds it, and the line that says so.
  func holding(_ app: TerminalApp<State, Action>) -> TerminalApp<State, Action> {
    store = app.store
    resizeAction = app.resizeAction
    var app = app
    let keyAction = app.keyAction
    let pasteAction = app.pasteAction
    let resizeAction = app.resizeAction
    let view = app.view
    app.keyAction = { [self] state, key in held == nil ? keyAction(state, key) : nil }
    app.pasteAction = { [self] state, text in held == nil ? pasteAction(state, text) : nil }
    app.resizeAction = { [self] size in
      self.size = size
      return held == nil ? resizeAction(size) : nil
    }
    app.view = { [self] state, canvas in
      view(state, &canvas)
      guard let line = statusLine, canvas.rows > 0 else { return }
      // The app's own clicks are held too: no region of its frame answers.
      if held != nil { canvas.forgetHitRegions() }
      let row = canvas.rows - 1
      canvas.fill(Rect(column: 0, row: row, width: canvas.columns, height: 1), style: canvas.theme.selection)
      canvas.draw(line, atColumn: 0, row: row, style: canvas.theme.selection, maxWidth: canvas.columns)
    }
    return app
  }

  private var statusLine: String? {
    if let held { return " ⏸ step \(held.step), from the inspector: keys held until it resumes (ctrl-c quits)" }
    return refusal.map { " inspector: \($0)" }
  }

  /// Acts on a command from the inspector; why it could not, for the inspector to show.
  func handle(_ command: LiveCommand) -> String? {
    guard let store else { return nil }
    switch command {
    case .jump(let step, let json):
      let state: State
      do {
        state = try JSONValueDecoder.decode(State.self, from: json)
      } catch {
        let reason = "step \(step) could not be put back: \(error)"
        refusal = reason
        store.replaceState(store.state, cancellingEffects: false)
        return reason
      }
      refusal = nil
      held = (step, state)
      store.replaceState(state, cancellingEffects: true)
    case .resume:
      resume()
      clearRefusal()
    }
    return nil
  }

  /// The inspector went: the app goes on from where it was put.
  func detached() {
    resume()
    clearRefusal()
  }

  private func clearRefusal() {
    guard refusal != nil, let store else { return }
    refusal = nil
    store.replaceState(store.state, cancellingEffects: false)
  }

  private func resume() {
    guard let store, let jump = held else { return }
    held = nil
    refusal = nil
    recorder.jumped(to: jump.step, state: jump.state)
    // Redrawn without the line; no effect is cancelled by it.
    store.replaceState(store.state, cancellingEffects: false)
    // The state put back was laid out for the terminal of its step: the app hears of the
    // terminal it has now, as a resize after the branch in the trace too.
    if let size, let action = resizeAction?(size) {
      recorder.record(.resize(size))
      recorder.willSend(action)
      store.send(action)
    }
  }
}
