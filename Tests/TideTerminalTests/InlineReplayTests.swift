import Testing
import Tide
@testable import TideTerminal

/// An inline app replayed: the screen is its printed lines over its live area, as a terminal
/// shows them — in every frame (`--frames`), in the cast and in the SVG — and its canvas is the
/// live area's size.
@MainActor
@Suite struct InlineReplayTests {
  struct Log: Reducer {
    struct State: Equatable { var done = 0 }
    enum Action: Equatable { case finish }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.done += 1
      return .printAbove(["✓ step \(state.done)", "  日本 \(state.done)"])
    }
  }

  func player(sizes: Box<[TerminalSize]>) -> KeyScriptPlayer<Log.State, Log.Action> {
    let clock = VirtualClock()
    let app = TerminalApp(
      store: Store(initialState: Log.State(), reducer: Log(), clock: clock),
      minimumSize: TerminalSize(columns: 10, rows: 2),
      screen: .inline(maximumHeight: 3),
      view: { state, canvas in
        canvas.draw("Working: \(state.done)", atColumn: 0, row: 0)
        canvas.draw("[\(String(repeating: "=", count: state.done))]", atColumn: 0, row: 1, style: Style(bold: true))
      },
      keyAction: { _, key in key == .character("f") ? .finish : nil },
      resizeAction: { size in
        sizes.value.append(size)
        return nil
      },
      quitAction: .finish, isFinished: { _ in false })
    return KeyScriptPlayer(app: app, clock: clock, size: TerminalSize(columns: 30, rows: 6))
  }

  final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  @Test func printedLinesShowAboveTheLiveAreaInFramesCastsAndImages() async throws {
    let sizes = Box<[TerminalSize]>([])
    let player = player(sizes: sizes)
    var frames: [String] = []
    var cast = AsciicastRecorder(size: TerminalSize(columns: 30, rows: 6))
    player.onFrame = { frame in
      frames.append(frame.screen)
      cast.add(frame.canvas, at: .zero)
    }
    try await player.play(KeyScript(parsing: "keys f\nexpect \"✓ step 1\"\nkeys f f\nresize 20x5\n"))
    // The canvas is the live area's: the width by the most lines it may take.
    #expect(sizes.value == [TerminalSize(columns: 30, rows: 3), TerminalSize(columns: 20, rows: 3)])
    // Six printed lines and two of the live area on five rows: the first lines scrolled off.
    #expect(player.screenText == "  日本 2\n✓ step 3\n  日本 3\nWorking: 3\n[===]")
    #expect(frames.first?.hasPrefix("Working: 0\n[]\n") == true, "\(frames)")
    #expect(frames.contains { $0.hasPrefix("✓ step 1\n  日本 1\nWorking: 1") }, "\(frames)")
    #expect(cast.text.contains("✓ step 1") && cast.text.contains("step 3"))
    let image = SVGWriter.document(for: player.screen)
    #expect(image.contains("step 3") && image.contains("Working: 3"))
  }
}
