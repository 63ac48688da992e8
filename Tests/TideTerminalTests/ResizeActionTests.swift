import Testing
import Tide
@testable import TideTerminal

/// The app learns its size: ``TerminalApp/resizeAction`` reaches the reducer before the first
/// frame and whenever the size changes, so what depends on the size lives in the state.
@MainActor
@Suite struct ResizeActionTests {
  /// Records every size its reducer hears of, and draws the last one.
  struct SizeApp: Reducer {
    struct State: Equatable, Sendable {
      var sizes: [TerminalSize] = []
      var isQuitting = false
    }

    enum Action: Equatable, Sendable {
      case resized(TerminalSize)
      case quit
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .resized(let size): state.sizes.append(size)
      case .quit: state.isQuitting = true
      }
      return .none
    }

    @MainActor
    static func app(clock: VirtualClock) -> TerminalApp<State, Action> {
      TerminalApp(
        store: Store(initialState: State(), reducer: SizeApp(), clock: clock),
        view: { state, canvas in
          canvas.draw("size: \(state.sizes.last.map(\.description) ?? "unknown")", atColumn: 0, row: 0)
        },
        keyAction: { _, key in key == .character("q") ? .quit : nil },
        resizeAction: { .resized($0) },
        quitAction: .quit,
        isFinished: \.isQuitting)
    }
  }

  @Test func theStartSizeReachesTheReducerBeforeTheFirstFrameAndEachNewSizeAfter() async throws {
    let clock = VirtualClock()
    let app = SizeApp.app(clock: clock)
    let driver = HeadlessDriver(size: TerminalSize(columns: 40, rows: 12), clock: clock)
    let program = Program(app, driver: driver)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    // The first frame is already drawn for the size: no frame ever said "unknown".
    #expect(driver.frames == [driver.screenText])
    #expect(driver.screenText.hasPrefix("size: 40x12"))
    #expect(app.store.state.sizes == [TerminalSize(columns: 40, rows: 12)])

    await driver.send(.resize(TerminalSize(columns: 60, rows: 20)))
    // A terminal may report one size twice: the app hears of it once.
    await driver.send(.resize(TerminalSize(columns: 60, rows: 20)))
    #expect(app.store.state.sizes == [TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 60, rows: 20)])
    await driver.send(.key(.character("q")))
    try await run.value
  }

  @Test func aReplaysResizeLineReachesTheReducer() async throws {
    let clock = VirtualClock()
    let app = SizeApp.app(clock: clock)
    let player = KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 80, rows: 24))
    try await player.play(try KeyScript(parsing: "resize 100x30\nexpect \"size: 100x30\"", file: "resize.keys"))
    #expect(app.store.state.sizes == [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 100, rows: 30)])
  }

  @Test func anAppWithoutAResizeActionIsNotToldItsSize() {
    let clock = VirtualClock()
    let app = TerminalApp(
      store: Store(initialState: SizeApp.State(), reducer: SizeApp(), clock: clock),
      view: { _, _ in }, keyAction: { _, _ in nil }, quitAction: .quit, isFinished: \.isQuitting)
    app.resize(to: TerminalSize(columns: 80, rows: 24))
    #expect(app.store.state.sizes.isEmpty)
  }
}
