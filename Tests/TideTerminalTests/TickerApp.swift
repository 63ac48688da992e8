import Tide
import TideTerminal

/// The feature the runtime tests replay: a counter and a ticker that `t` starts and stops — an
/// interval effect on the store's clock, cancelled by id. Every tick records the virtual time it
/// fired at, so tests can check exact instants, and every action is counted, so tests can tell
/// an ignored key from one that was sent.
struct Ticker: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var ticks = 0
    var tickTimes: [Duration] = []
    var isTicking = false
    var isQuitting = false
    /// Every action reduced, whether or not it changed anything else.
    var actionsReceived = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case toggleTicking
    case tick
    /// Reduced, changes nothing the view shows.
    case nothing
    case quit
  }

  enum CancelID: Hashable, Sendable { case ticker }

  let clock: VirtualClock
  var period: Duration = .seconds(1)
  /// The tick at which the ticker quits by itself, if any: a quit that comes from an effect.
  var quitAtTick: Int?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.actionsReceived += 1
    switch action {
    case .increment:
      state.count += 1
    case .decrement:
      state.count -= 1
    case .toggleTicking:
      state.isTicking.toggle()
      return state.isTicking
        ? .interval(.tick, every: period).cancellable(id: CancelID.ticker, cancelInFlight: true)
        : .cancel(id: CancelID.ticker)
    case .tick:
      state.ticks += 1
      state.tickTimes.append(clock.now.offset)
      if state.ticks == quitAtTick { return .send(.quit) }
    case .nothing:
      break
    case .quit:
      state.isQuitting = true
      state.isTicking = false
      return .cancel(id: CancelID.ticker)
    }
    return .none
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), action: .increment, help: "inc"),
    KeyBinding(.character("-"), action: .decrement, help: "dec"),
    KeyBinding(.character("t"), action: .toggleTicking, help: "ticks"),
    KeyBinding(.character("n"), action: .nothing, help: ""),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// Title at the top left, two centred lines in the middle, key help at the bottom.
  static func draw(_ state: State, on canvas: inout Canvas) {
    canvas.draw("Ticker", atColumn: 1, row: 0, style: Style(bold: true))
    let lines = [
      "count: \(state.count)",
      "ticks: \(state.ticks) (\(state.isTicking ? "ticking" : "stopped"))",
    ]
    let top = canvas.rows / 2 - 1
    for (offset, line) in lines.enumerated() {
      canvas.draw(line, atColumn: (canvas.columns - line.displayWidth) / 2, row: top + offset)
    }
    canvas.drawTruncated(
      keys.helpLine(maxWidth: canvas.columns - 2), atColumn: 1, row: canvas.rows - 1,
      width: canvas.columns - 2, style: Style(dim: true))
  }
}

extension Ticker {
  /// The ticker as a terminal program whose store runs on `clock`.
  @MainActor
  static func app(
    clock: VirtualClock, period: Duration = .seconds(1), quitAtTick: Int? = nil,
    minimumSize: TerminalSize = TerminalSize(columns: 40, rows: 12),
    keyAction: ((State, Key) -> Action?)? = nil
  ) -> TerminalApp<State, Action> {
    TerminalApp(
      store: Store(initialState: State(), reducer: Ticker(clock: clock, period: period, quitAtTick: quitAtTick), clock: clock),
      minimumSize: minimumSize,
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: keyAction ?? { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}

/// A player for a fresh ticker app, with every frame it reports collected.
@MainActor
final class TickerReplay {
  let clock = VirtualClock()
  let app: TerminalApp<Ticker.State, Ticker.Action>
  let player: KeyScriptPlayer<Ticker.State, Ticker.Action>
  private(set) var frames: [KeyScriptPlayer<Ticker.State, Ticker.Action>.Frame] = []

  init(
    size: TerminalSize = TerminalSize(columns: 40, rows: 12), period: Duration = .seconds(1),
    quitAtTick: Int? = nil, keyAction: ((Ticker.State, Key) -> Ticker.Action?)? = nil
  ) {
    app = Ticker.app(clock: clock, period: period, quitAtTick: quitAtTick, keyAction: keyAction)
    player = KeyScriptPlayer(app: app, clock: clock, size: size)
    player.onFrame = { [unowned self] frame in frames.append(frame) }
  }

  var state: Ticker.State { app.store.state }

  /// Parses and plays `text`.
  @discardableResult
  func play(_ text: String, file: String = "test.keys") async throws -> KeyScriptPlayer<Ticker.State, Ticker.Action>.Outcome {
    try await player.play(KeyScript(parsing: text, file: file))
  }
}
