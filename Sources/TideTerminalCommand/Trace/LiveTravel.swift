import Tide
import TideTerminal
import TideTrace

/// Live time travel in the running app (`--inspect-socket PATH`): a jump from the inspector
/// puts the store into the state of a step of the trace — State only: running effects are
/// cancelled, none is run again — and holds the app's own input through the program's
/// ``InputHold`` (keys, pastes, pointer and resizes, all but ctrl-c: neither delivered, traced
/// nor recorded by `--record`, whose script says where the app was put instead) with a line
/// saying so at the bottom of its screen. A resume,
/// or the inspector going away however it goes, lets the app go on from the state it was put
/// in: the trace gets a branch line there (the steps after it are left behind), then the
/// terminal's size now as a resize, whose action the app gets.
@MainActor
final class LiveTravel<State: Codable & Sendable, Action: Codable & Sendable> {
  private let recorder: TraceRecorder<State, Action>
  private var store: Store<State, Action>?
  /// The step and state the app was put in, while its input is held.
  private var held: (step: Int, state: State)?
  /// The program's hold on the app's input, while a jump holds it.
  private let hold = InputHold()
  /// Why the last jump was refused, shown on the app's last row until the next command.
  private var refusal: String?

  init(recorder: TraceRecorder<State, Action>) {
    self.recorder = recorder
  }

  /// `app` with its input held while a jump holds it, and the line that says so.
  func holding(_ app: TerminalApp<State, Action>) -> TerminalApp<State, Action> {
    store = app.store
    var app = app
    app.inputHold = hold
    let view = app.view
    app.view = { [self] state, canvas in
      view(state, &canvas)
      guard let line = statusLine, canvas.rows > 0 else { return }
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
        // Checked as the inspector checks a state it shows: a member it has no use for, or one
        // named twice (the first of which decoding would read), is not this build's state.
        state = try JSONValueDecoder.decode(State.self, from: json, rejectingUnknownMembers: true)
      } catch {
        let reason = "step \(step) could not be put back: \(JSONDecodingProblem(error, decoding: json))"
        refusal = reason
        store.replaceState(store.state, cancellingEffects: false)
        return reason
      }
      refusal = nil
      held = (step, state)
      hold.hold(because: "live time travel had put the app into the state of step \(step) of its trace")
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
    // The program lets the input through, and tells the app the terminal's size now (the
    // state put back was laid out for the terminal of its step): a resize after the branch.
    hold.release()
  }
}
