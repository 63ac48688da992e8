import Testing
import Tide
@testable import TideTerminal

/// ``Program``'s own loop, run in-process on the ``HeadlessDriver``: frames, pacing, quitting,
/// resizes, quit signals and the wait for work that must finish before the terminal is restored.
/// Every wait is for an event (a frame, a handled event, a sleeper on the virtual clock), never
/// for time passing.
@MainActor
@Suite struct ProgramTests {
  /// A program on the ticker app and a 40×12 headless driver, running in a task.
  @MainActor
  final class Harness {
    let clock = VirtualClock()
    let app: TerminalApp<Ticker.State, Ticker.Action>
    let driver: HeadlessDriver
    let run: Task<Void, any Error>

    init(size: TerminalSize = TerminalSize(columns: 40, rows: 12)) async {
      app = Ticker.app(clock: clock)
      driver = HeadlessDriver(size: size, clock: clock)
      let program = Program(app, driver: driver)
      run = Task { try await program.run() }
      await driver.waitUntil { $0.frames.count == 1 }
    }

    func key(_ character: Character) async {
      await driver.send(.key(.character(character)))
    }

    /// Waits until the frame task (or another sleeper) is asleep on the clock, then wakes it.
    func advanceToNextSleeper() async {
      await driver.waitUntil { [clock] _ in clock.sleeperCount > 0 }
      let deadline = try! #require(clock.nextDeadline)
      clock.advance(to: deadline)
    }
  }

  @Test func theFirstFrameShowsTheInitialStateAndAKeyIsDrawnAtOnce() async throws {
    let harness = await Harness()
    #expect(harness.driver.starts == 1)
    #expect(harness.driver.screenText.contains("count: 0"))
    await harness.key("+")
    // A person waits for a key: it does not wait for the frame slot after the first frame.
    #expect(harness.driver.frames.count == 2)
    #expect(harness.clock.now.offset == .zero)
    #expect(harness.driver.screenText.contains("count: 1"))
    await harness.key("q")
    try await harness.run.value
  }

  @Test func keysTypedFasterThanTheFrameRateShareFrames() async throws {
    let harness = await Harness()
    await harness.key("+")
    #expect(harness.driver.frames.count == 2)
    await harness.key("+")
    await harness.key("+")
    #expect(harness.driver.frames.count == 2, "the keys after the first wait for the next slot")
    await harness.advanceToNextSleeper()
    await harness.driver.waitUntil { $0.screenText.contains("count: 3") }
    // Drawn 1/60 s after the first key's frame, less the pacer's tolerance of a quarter of that.
    let slot: Duration = .seconds(1) / 60 - .seconds(1) / 60 / 4
    #expect(harness.clock.now.offset == slot)
    #expect(harness.driver.frames.last?.contains("count: 3") == true)
    #expect(harness.driver.statistics.frames == 3)
    // A key that changes nothing on screen writes nothing, even once its frame slot comes.
    await harness.key("n")
    #expect(harness.app.store.state.actionsReceived == 4)
    await harness.key("q")
    try await harness.run.value
    #expect(harness.driver.frames.count == 3)
  }

  /// An animation (or a wheel storm, or any effect) that just drew a frame took the slot; a key
  /// pressed at that instant is drawn at once all the same. Before keys had their own pacing it
  /// waited for the next slot, up to a frame interval: the stopwatch's keys were slower than
  /// the counter's, and 1,000 wheel reports a second added 13 ms to every key.
  @Test func aKeyIsNotDelayedByTheSlotAnAnimationFrameTook() async throws {
    let harness = await Harness()
    await harness.key("t")
    #expect(harness.driver.frames.count == 2)
    harness.clock.advance(to: VirtualClock.Instant(offset: .seconds(1)))
    await harness.driver.waitUntil { $0.screenText.contains("ticks: 1") }
    let frames = harness.driver.frames.count
    await harness.key("+")
    #expect(harness.driver.frames.count == frames + 1)
    #expect(harness.clock.now.offset == .seconds(1))
    #expect(harness.driver.screenText.contains("count: 1"))
    await harness.key("q")
    try await harness.run.value
  }

  @Test func theQuitKeyEndsTheRunAndRestoresTheTerminalOnce() async throws {
    let harness = await Harness()
    await harness.key("q")
    try await harness.run.value
    #expect(harness.app.store.state.isQuitting)
    #expect(harness.driver.stops == 1)
    #expect(!harness.driver.isActive)
    #expect(harness.driver.reports.isEmpty)
  }

  @Test func aQuitSignalSendsTheQuitAction() async throws {
    let harness = await Harness()
    await harness.driver.sendQuitSignal()
    try await harness.run.value
    #expect(harness.app.store.state.isQuitting)
    #expect(harness.driver.stops == 1)
  }

  @Test func aResizeRedrawsEveryCellAtTheNewSize() async throws {
    let harness = await Harness()
    await harness.driver.send(.resize(TerminalSize(columns: 50, rows: 14)))
    await harness.advanceToNextSleeper()
    await harness.driver.waitUntil { $0.frames.count == 2 }
    let lines = harness.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 14)
    #expect(lines.last?.contains("q quit") == true)
    // Resized to the same size: the screen was blanked, so everything is drawn again.
    let cells = harness.driver.statistics.cells
    await harness.driver.send(.resize(TerminalSize(columns: 50, rows: 14)))
    await harness.advanceToNextSleeper()
    await harness.driver.waitUntil { $0.frames.count == 3 }
    #expect(harness.driver.screenText.contains("count: 0"))
    #expect(harness.driver.statistics.cells - cells == cells / 2)
    harness.run.cancel()
    await harness.driver.sendQuitSignal()
    try await harness.run.value
  }

  @Test func aTooSmallTerminalShowsTheMessageAndRecoversOnResize() async throws {
    let harness = await Harness(size: TerminalSize(columns: 30, rows: 8))
    #expect(harness.driver.screenText.contains("Terminal too small"))
    await harness.driver.send(.resize(TerminalSize(columns: 40, rows: 12)))
    await harness.advanceToNextSleeper()
    await harness.driver.waitUntil { $0.screenText.contains("count: 0") }
    await harness.key("q")
    try await harness.run.value
  }
}

/// The shutdown: work marked ``Tide/Effect/finishesBeforeExit()`` finishes before the terminal is
/// given back, within the limit; past it the user is told.
@MainActor
@Suite struct ProgramShutdownTests {
  struct Saver: Reducer {
    struct State: Equatable, Sendable {
      var saves = 0
      var isQuitting = false
    }
    enum Action: Equatable, Sendable { case save, saved, quit }
    var saveTakes: Duration

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .save: return .send(.saved, after: saveTakes).finishesBeforeExit()
      case .saved: state.saves += 1
      case .quit: state.isQuitting = true
      }
      return .none
    }
  }

  func start(saveTakes: Duration) async -> (Store<Saver.State, Saver.Action>, HeadlessDriver, Task<Void, any Error>, VirtualClock) {
    let clock = VirtualClock()
    let store = Store(initialState: Saver.State(), reducer: Saver(saveTakes: saveTakes), clock: clock)
    let app = TerminalApp(
      store: store,
      view: { state, canvas in canvas.draw("saves: \(state.saves)", atColumn: 0, row: 0) },
      keyAction: { _, key in key == .character("s") ? .save : key == .character("q") ? .quit : nil },
      quitAction: .quit,
      isFinished: \.isQuitting,
      unfinishedWorkMessage: { "the save did not finish" })
    let driver = HeadlessDriver(clock: clock)
    let program = Program(app, driver: driver)
    let run = Task { try await program.run() }
    await driver.waitUntil { $0.frames.count == 1 }
    return (store, driver, run, clock)
  }

  @Test func aPendingSaveFinishesBeforeTheTerminalIsRestored() async throws {
    let (store, driver, run, clock) = await start(saveTakes: .seconds(1))
    await driver.send(.key(.character("s")))
    await driver.send(.key(.character("q")))
    // The save is asleep on the clock and the exit wait sleeps for 5 s: two sleepers.
    await driver.waitUntil { clock.sleeperCount == 2 || !$0.isActive }
    #expect(driver.isActive, "the terminal is still held while the save runs")
    #expect(store.state.saves == 0)
    clock.advance(by: .seconds(1))
    try await run.value
    #expect(store.state.saves == 1)
    #expect(driver.stops == 1)
    #expect(driver.reports.isEmpty)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func aQuitSignalAlsoWaitsForThePendingSave() async throws {
    let (store, driver, run, clock) = await start(saveTakes: .milliseconds(300))
    await driver.send(.key(.character("s")))
    await driver.sendQuitSignal()
    await driver.waitUntil { clock.sleeperCount == 2 || !$0.isActive }
    #expect(driver.isActive)
    clock.advance(by: .milliseconds(300))
    try await run.value
    #expect(store.state.saves == 1)
    #expect(driver.reports.isEmpty)
  }

  @Test func workStillRunningAfterTheLimitIsReportedAfterTheRestore() async throws {
    let (store, driver, run, clock) = await start(saveTakes: .seconds(60))
    await driver.send(.key(.character("s")))
    await driver.send(.key(.character("q")))
    await driver.waitUntil { clock.sleeperCount == 2 || !$0.isActive }
    clock.advance(by: .seconds(5))
    try await run.value
    #expect(store.state.saves == 0)
    #expect(driver.stops == 1)
    #expect(driver.reports == ["the save did not finish"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func withNothingPendingTheProgramEndsAtOnce() async throws {
    let (_, driver, run, clock) = await start(saveTakes: .seconds(1))
    await driver.send(.key(.character("q")))
    try await run.value
    #expect(driver.stops == 1)
    #expect(clock.now.offset == .zero)
  }
}
