import Tide
import TideTerminal

/// Builds the demo as a ``TerminalApp``, for the real terminal and for replays alike.
@MainActor
package enum DemoApp {
  /// The version of tide-demo, in `--version` and in its traces' headers: a trace of another
  /// version may hold states this one cannot read.
  package nonisolated static let version = "0.1.0"

  /// The demo on `screen`, its todos loaded from `storage` (none: nothing is read or written),
  /// its time from `clock`, its actions traced when `launch` traces them (`--trace`).
  package static func make(
    screen: Screen = .counter,
    storage: TodoStorage?,
    clock: any Clock<Duration>,
    launch: TerminalLaunch? = nil
  ) -> TerminalApp<AppFeature.State, AppFeature.Action> {
    // A replay runs on a virtual clock, and its screens must be the same on every run: no
    // wall-clock time in the names of copies the load makes.
    let loaded = storage?.load(showsTime: !(clock is VirtualClock))
    let initialState = AppFeature.State(
      screen: screen, todos: loaded?.todos ?? [], warning: loaded?.warning, readOnly: loaded?.readOnly)
    let reducer = launch.map { Reduce($0.traced(AppFeature())) } ?? Reduce(AppFeature())
    return app(
      store: Store(
        initialState: initialState,
        reducer: reducer,
        clock: clock,
        middleware: storage.map { [AppFeature.persistence(to: $0, initialRevision: initialState.todos.revision)] } ?? []),
      storage: storage)
  }

  /// The app on `store`, drawn by ``AppFeature/draw(_:on:)``; `storage` names what a save left
  /// unfinished.
  package static func app(
    store: Store<AppFeature.State, AppFeature.Action>, storage: TodoStorage? = nil
  ) -> TerminalApp<AppFeature.State, AppFeature.Action> {
    TerminalApp(
      store: store,
      minimumSize: AppFeature.minimumSize,
      view: { state, canvas in AppFeature.draw(state, on: &canvas) },
      keyAction: { state, key in AppFeature.action(for: key, in: state) },
      pasteAction: { state, text in AppFeature.action(forPaste: text, in: state) },
      resizeAction: { size in .todos(.resized(areaHeight: AppFeature.body(of: size.bounds).height)) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true,
      unfinishedWorkMessage: { storage?.unfinishedSaveMessage() ?? "tide-demo: some work did not finish before the app ended" },
      unsavedChanges: { storage?.unsavedChangesMessage() })
  }
}
