import CNcurses
import Tide
import TideDemo
import TideTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension InstructionWorkload {
  /// `stopwatch-frame` (`--instructions` only): one frame of the running stopwatch — its tick
  /// sent to the demo's store, the whole 80×24 view drawn, diffed and handed to ncurses, which
  /// writes it (to /dev/null: the child's standard output). The baseline is the floor's frame
  /// (../shared/floor/swift): the same three lines formatted and written with `mvwaddstr`, then
  /// `wrefresh`. What the runtime adds between frames — timers, thread hand-offs — is not in
  /// either side: scripts/measure-frame-instructions.sh counts the whole process.
  static func stopwatchFrame() -> InstructionWorkload {
    // Set up on first use, in the child that counts: the parent only reads the side names.
    let frames = StopwatchFrames()
    return InstructionWorkload(
      sides: [
        ("tide", { n in frames.drawTide(n) }),
        ("baseline", { n in frames.drawFloor(n) }),
      ],
      note: "baseline: the floor's frame, three lines with mvwaddstr and wrefresh")
  }
}

/// The two sides of `stopwatch-frame`: ncurses started on the child's output, the demo's store
/// with a running stopwatch, and the floor's counter.
@MainActor
private final class StopwatchFrames {
  private var terminal: CursesTerminal?
  private var renderer = Renderer()
  private var tick = 0
  private var floorTick = 0
  private lazy var app: TerminalApp<AppFeature.State, AppFeature.Action> = {
    var state = AppFeature.State(screen: .stopwatch)
    state.stopwatch.startedAt = .zero
    let store = Store(initialState: state, reducer: AppFeature(), clock: VirtualClock())
    return TerminalApp(
      store: store, minimumSize: AppFeature.minimumSize,
      view: { state, canvas in AppFeature.draw(state, on: &canvas) },
      keyAction: { state, key in AppFeature.action(for: key, in: state) },
      quitAction: .quit, isFinished: \.isQuitting)
  }()

  /// ncurses on standard output (/dev/null in the child), with a terminal type and size that do
  /// not depend on where the benchmark runs, reading /dev/null so no terminal is ever touched.
  private func started() -> CursesTerminal {
    if let terminal { return terminal }
    setenv("TERM", "xterm-256color", 0)
    setenv("LINES", "24", 1)
    setenv("COLUMNS", "80", 1)
    let nothing = open("/dev/null", O_RDONLY)
    _ = dup2(nothing, STDIN_FILENO)
    close(nothing)
    let terminal = CursesTerminal()
    do {
      try terminal.begin()
    } catch {
      preconditionFailure("stopwatch-frame: \(error)")
    }
    self.terminal = terminal
    return terminal
  }

  func drawTide(_ count: Int) {
    let terminal = started()
    let interval = StopwatchFeature.tickInterval
    for _ in 0..<count {
      tick += 1
      app.store.send(.stopwatch(.tick(at: interval * tick)))
      renderer.render(app.frame(size: terminal.size), to: terminal)
    }
    // Each tick moves the centiseconds on: a frame that wrote nothing measured nothing.
    precondition(renderer.statistics.frames == tick, "stopwatch-frame: a tick drew no frame")
  }

  func drawFloor(_ count: Int) {
    _ = started()
    let window = tide_stdscr()
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    for _ in 0..<count {
      floorTick += 1
      let elapsed = floorTick * 1000 / 60
      let clock = "\(two(elapsed / 60000)):\(two(elapsed / 1000 % 60)).\(two(elapsed / 10 % 100))"
      mvwaddstr(window, 1, 2, "Stopwatch  Running")
      wclrtoeol(window)
      mvwaddstr(window, 3, 2, clock)
      wclrtoeol(window)
      mvwaddstr(window, 5, 2, "")
      wclrtoeol(window)
      wrefresh(window)
    }
  }
}
