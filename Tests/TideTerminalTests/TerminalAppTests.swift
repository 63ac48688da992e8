import Testing
import Tide
import TideTerminal

@MainActor
@Suite struct TerminalAppTests {
  /// `rows` lines of text, each `(row, text)` placed at its row, the rest empty.
  private func screen(rows: Int, _ lines: [Int: String]) -> String {
    (0..<rows).map { lines[$0] ?? "" }.joined(separator: "\n")
  }

  /// The view and a key's closure read the state in place; one that sends an action (it
  /// should not) has it handled once it is done, as an observer's is: the state it holds does
  /// not change under it, and the key's own action comes after.
  @Test func anActionSentWhileTheStateIsReadIsHandledAfterTheRead() {
    struct Log: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable, Sendable { case fromKeyClosure, fromView, key, quit }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("\(action)")
        return .none
      }
    }
    let store = Store(initialState: Log.State(), reducer: Log())
    let app = TerminalApp(
      store: store,
      view: { state, _ in
        let before = state.log
        store.send(.fromView)
        #expect(store.state.log == before && state.log == before, "handled while the view reads the state")
      },
      keyAction: { state, _ in
        let before = state.log
        store.send(.fromKeyClosure)
        #expect(store.state.log == before && state.log == before, "handled while the key's closure reads the state")
        return .key
      },
      quitAction: .quit, isFinished: { _ in false })
    app.press(.character("x"))
    #expect(store.state.log == ["fromKeyClosure", "key"])
    _ = app.frame(size: TerminalSize(columns: 40, rows: 12))
    #expect(store.state.log == ["fromKeyClosure", "key", "fromView"])
  }

  @Test func tooSmallShowsTheMessageCentred() {
    let app = Ticker.app(clock: VirtualClock())
    // 31 columns of message in 39: four columns to its left; row (11 - 1) / 2.
    let frame = app.frame(size: TerminalSize(columns: 39, rows: 11))
    #expect(frame.columns == 39)
    #expect(frame.rows == 11)
    #expect(frame.text() == screen(rows: 11, [5: "    Terminal too small (need 40x12)"]))

    let wide = app.frame(size: TerminalSize(columns: 120, rows: 4))
    #expect(wide.text() == screen(rows: 4, [1: String(repeating: " ", count: 44) + "Terminal too small (need 40x12)"]))
  }

  @Test func eachDimensionAloneCanBeTooSmall() {
    let app = Ticker.app(clock: VirtualClock())
    #expect(app.frame(size: TerminalSize(columns: 39, rows: 12)).text().contains("Terminal too small (need 40x12)"))
    #expect(app.frame(size: TerminalSize(columns: 40, rows: 11)).text().contains("Terminal too small (need 40x12)"))
    let exact = app.frame(size: TerminalSize(columns: 40, rows: 12)).text()
    #expect(!exact.contains("Terminal too small"))
    #expect(exact.contains("count: 0"))
  }

  @Test func theMessageNamesTheAppsMinimumAndIsTruncatedWhenNarrower() {
    let clock = VirtualClock()
    let app = Ticker.app(clock: clock, minimumSize: TerminalSize(columns: 60, rows: 20))
    #expect(app.frame(size: TerminalSize(columns: 59, rows: 30)).text().contains("Terminal too small (need 60x20)"))
    // 20 columns cannot hold 31: wrapped before "(need", each line centred.
    let narrow = app.frame(size: TerminalSize(columns: 20, rows: 5))
    #expect(narrow.text() == screen(rows: 5, [1: " Terminal too small", 2: "    (need 60x20)"]))
    // 10 columns cannot hold either line: each is cut with an ellipsis.
    let tiny = app.frame(size: TerminalSize(columns: 10, rows: 5))
    #expect(tiny.text() == screen(rows: 5, [1: "Terminal …", 2: "(need 60x…"]))
    // A zero-sized terminal draws nothing and does not crash.
    #expect(app.frame(size: TerminalSize(columns: 0, rows: 0)).text() == "")
  }

  /// An app need not bind ctrl-c: live it is SIGINT, the quit action; as a key — a key script's
  /// `ctrl-c`, a terminal whose line discipline does not turn it into a signal — it quits too
  /// when the app gives it no action of its own.
  @Test func ctrlCAsAKeyQuitsAnAppThatDoesNotBindIt() async {
    let app = Ticker.app(clock: VirtualClock())
    app.press(.control("c"))
    await app.store.send(.nothing).finish()
    #expect(app.store.state.isQuitting)
    // An app that binds it keeps its own meaning.
    let own = Ticker.app(clock: VirtualClock(), keyAction: { _, key in key == .control("c") ? .increment : nil })
    own.press(.control("c"))
    #expect(own.store.state.count == 1)
    #expect(!own.store.state.isQuitting)
  }

  @Test func frameDrawsTheViewOfTheCurrentState() {
    let app = Ticker.app(clock: VirtualClock())
    #expect(app.frame(size: TerminalSize(columns: 40, rows: 12)).text().contains("count: 0"))
    app.store.send(.increment)
    app.store.send(.increment)
    let text = app.frame(size: TerminalSize(columns: 40, rows: 12)).text()
    #expect(text.contains("count: 2"))
    #expect(!text.contains("count: 0"))
  }

  @Test func keysWhoseActionIsNilAreIgnored() async throws {
    // `+` counts only while the count is below 2: the key action sees the current state.
    var seen: [(count: Int, key: Key)] = []
    let replay = TickerReplay(keyAction: { state, key in
      seen.append((state.count, key))
      if key == .character("+"), state.count >= 2 { return nil }
      return Ticker.keys.action(for: key)
    })
    try await replay.play("keys + + + z\nkeys enter f1")
    #expect(replay.state.count == 2)
    // Two increments reduced; the third `+`, `z`, enter and F1 sent nothing.
    #expect(replay.state.actionsReceived == 2)
    #expect(seen.map(\.count) == [0, 1, 2, 2, 2, 2])
    #expect(seen.map(\.key) == [.character("+"), .character("+"), .character("+"), .character("z"), .enter, .function(1)])
    #expect(replay.player.screenText.contains("count: 2"))
  }
}
