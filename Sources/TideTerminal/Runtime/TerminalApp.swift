import Tide

/// A terminal program made of a store, a view and its keys — what `TerminalCommand` runs in a
/// real terminal or replays headlessly, and what `TideTerminalTesting` replays in tests.
@MainActor
public struct TerminalApp<State, Action: Sendable> {
  /// The store that owns the program's state.
  public let store: Store<State, Action>
  /// Below this size the view is replaced by `Terminal too small (need WxH)`.
  package var minimumSize: TerminalSize
  /// Full screen, or inline below the shell's prompt (see ``ScreenMode``).
  package var screen: ScreenMode
  /// What the app leaves when it ends: text for standard output, written after the terminal is
  /// given back, and the exit status (see ``ExitResult``).
  package var exitResult: (State) -> ExitResult
  /// Draws a state into a canvas the size of the terminal: a pure function of the state.
  package var view: (State, inout Canvas) -> Void
  /// The action a key stands for in a state, or `nil` to ignore the key; usually a
  /// ``KeyMap`` lookup.
  package var keyAction: (State, Key) -> Action?
  /// The action a bracketed paste of `text` stands for in a state, or `nil` to ignore it. A paste
  /// is never replayed as keys, so pasted text cannot run commands.
  package var pasteAction: (State, String) -> Action?
  /// The action that tells the app the terminal's size, or `nil` for an app that does not need
  /// it: sent before the first frame with the size at the start, then whenever the size changes,
  /// as Bubble Tea's window-size message is. What depends on the size — how many rows a list
  /// shows, and so how far a page key moves — then lives in the state and is tested like
  /// anything else.
  ///
  /// ```swift
  /// resizeAction: { size in .list(.resize(height: size.rows - 2)) }
  /// ```
  package var resizeAction: (TerminalSize) -> Action?
  /// Whether the program is done (it quit).
  package var isFinished: (State) -> Bool
  /// Whether the app takes pointer (mouse) input: the terminal then reports presses, releases
  /// and the wheel while the app runs, and a pointer event goes to the hit region under it (see
  /// ``Canvas/addHitRegion(_:handler:)``). Off by default, so the terminal's own text selection
  /// keeps working in apps that have no use for the pointer.
  package var acceptsPointer: Bool
  /// The window's title in a state, or `nil` for the terminal's own; `nil` as a whole for an app
  /// that leaves the title alone (see ``init(store:minimumSize:screen:view:keyAction:pasteAction:resizeAction:quitAction:isFinished:acceptsPointer:title:unfinishedWorkMessage:unsavedChanges:exitResult:)``).
  package var title: ((State) -> String?)?
  /// What to tell the user on standard error when work marked with
  /// ``Tide/Effect/finishesBeforeExit()`` did not finish in time as the program ended: what was
  /// lost and where any copy of it is.
  package var unfinishedWorkMessage: () -> String
  /// The theme every frame's canvas carries (``Canvas/theme``), and the one a key script's
  /// `expect-style` checks against: `TerminalCommand` sets it to ``TerminalLaunch/theme``
  /// (`--theme`, or the terminal's choice); a test sets it to replay the app in another.
  public var theme: Theme = .default
  /// The terminal background every frame's canvas carries (``Canvas/background``), which
  /// adaptive colours are drawn for (see ``Color/adaptive(light:dark:)``): `TerminalCommand`
  /// sets it to `--background`'s in a replay (dark for `auto`); live it is what the terminal
  /// answered as the app started (see ``TerminalBackground``). A test sets it to replay the app
  /// on a light background.
  public var background: TerminalBackground = .dark
  /// The scope of `Action`, in which every frame is drawn: made once, as its functions are the
  /// same for every frame.
  private let actionScope = ActionScope.root(Action.self)
  /// Told each input event before the program handles it — first the terminal's size at the
  /// start, as a resize — for an app that records its sessions (a trace, a log).
  package var inputObserver: ((InputEvent) -> Void)?
  /// Holds the app's input from outside, while something else has its state in hand (see
  /// ``InputHold``); `nil` for an app nothing holds.
  package var inputHold: InputHold?
  /// Asked once the program has ended and its pending work finished: what the user's changes
  /// did not reach — a failed save they were warned about — as a message for standard error
  /// naming what was not saved and where, or `nil` when everything is saved. A message makes
  /// the `TerminalCommand` of TideTerminalCommand exit with status 1, for a live run and a
  /// replay alike, so quitting never hides lost work.
  package var unsavedChanges: () -> String?
  /// Reads the state in place and sends the action `makeAction` finds in it, if any; whether it
  /// sent one. Made where the app is (the initializer is inlinable), so it is compiled for the
  /// app's types: the program's loop, which hands it each key, is not, and through the store's
  /// generic entry points each key looked up the metadata of the store's fields, effects and
  /// observers (a fifth of a replayed key's instructions) and copied the whole state to read it.
  @usableFromInline let respond: (_ makeAction: (State) -> Action?) -> Bool
  /// Calls `body` with the state read in place, compiled for the app's types as ``respond`` is:
  /// what a frame is drawn from.
  @usableFromInline let readState: (_ body: (State) -> Void) -> Void
  /// Sent when SIGINT, SIGTERM, SIGHUP or SIGQUIT (ctrl-\ typed included) asks the program to
  /// end, and for a ctrl-c key the app does not bind (see ``press(_:)``).
  ///
  /// The last stored property: the only one whose size depends on the app's types. Every one
  /// before it then lies at an offset known without the app type's metadata, which the loop's
  /// code, not specialised for the app, otherwise looked up at every frame.
  package var quitAction: Action

  /// Creates a terminal program; only `store`, `view`, `keyAction`, `quitAction` and
  /// `isFinished` are needed.
  ///
  /// - Parameters:
  ///   - store: The store that owns the program's state; build it with
  ///     `TerminalLaunch.store(initialState:reducer:middleware:)` so it runs on the launch's clock.
  ///   - minimumSize: Below this size the view is replaced by `Terminal too small (need WxH)`.
  ///     For an inline app, the rows are those of its canvas (see ``ScreenMode``).
  ///   - screen: ``ScreenMode/fullScreen`` (the default), or
  ///     ``ScreenMode/inline(maximumHeight:onExit:)``: drawn in the lines below the prompt.
  ///   - view: Draws a state into a canvas the size of the terminal: a pure function of the state.
  ///   - keyAction: The action a key stands for in a state, or `nil` to ignore the key; usually a
  ///     ``KeyMap`` lookup. ctrl-c needs no binding: when this gives it no action, it sends
  ///     `quitAction`.
  ///   - pasteAction: The action a bracketed paste of the text stands for, or `nil` to ignore it.
  ///     A paste is never replayed as keys, so pasted text cannot run commands.
  ///   - resizeAction: The action that tells the app the terminal's size — sent before the first
  ///     frame, then whenever the size changes, as Bubble Tea's window-size message is — or `nil`
  ///     for an app that does not need it. What depends on the size (how many rows a list shows)
  ///     then lives in the state: `{ size in .list(.resize(height: size.rows - 2)) }`.
  ///   - quitAction: Sent when ctrl-c (a signal or an unbound key), SIGTERM, SIGHUP or SIGQUIT
  ///     asks the program to end, so it ends through the app's own reducer.
  ///   - isFinished: Whether the program is done: the run ends once it is true.
  ///   - acceptsPointer: Whether the app takes pointer (mouse) input, delivered to the hit region
  ///     under it (``Canvas/addHitRegion(_:handler:)``). Off by default, so the terminal's own
  ///     text selection keeps working.
  ///   - title: The terminal window's title in a state — `{ "\($0.fileName) — tide-edit" }` — or
  ///     `nil` in a state for the terminal's own title. Written with each frame whose title
  ///     differs from the last one written (OSC 2), with its control characters dropped, so a
  ///     file's name cannot inject an escape; the terminal's title from before the app is saved
  ///     on its title stack at the start and put back on every way out (a quit, a signal, a
  ///     crash; while stopped by ctrl-z). Without it (the default) the title is never touched.
  ///     A replay shows it to tests (`expect-title` in a key script).
  ///   - unfinishedWorkMessage: What to tell the user when work marked
  ///     ``Tide/Effect/finishesBeforeExit()`` did not finish as the program ended: what was lost
  ///     and where any copy of it is.
  ///   - unsavedChanges: Asked once the program has ended and its work finished: a message naming
  ///     what the user's changes did not reach (a failed save), or `nil` when all is saved. A
  ///     message makes `TerminalCommand` exit with status 1.
  ///   - exitResult: What the app leaves in its final state: text `TerminalCommand` writes to
  ///     standard output once the terminal is given back (and a replay prints after the screen),
  ///     and the exit status — `{ $0.chosen.map { .printing($0) } ?? .failure() }` for a picker
  ///     whose result a shell captures with `x=$(app)`. By default nothing, status 0.
  @inlinable
  public init(
    store: Store<State, Action>,
    minimumSize: TerminalSize = TerminalSize(columns: 40, rows: 12),
    screen: ScreenMode = .fullScreen,
    view: @escaping (State, inout Canvas) -> Void,
    keyAction: @escaping (State, Key) -> Action?,
    pasteAction: @escaping (State, String) -> Action? = { _, _ in nil },
    resizeAction: @escaping (TerminalSize) -> Action? = { _ in nil },
    quitAction: Action,
    isFinished: @escaping (State) -> Bool,
    acceptsPointer: Bool = false,
    title: ((State) -> String?)? = nil,
    unfinishedWorkMessage: @escaping () -> String = { "some work did not finish before the program ended" },
    unsavedChanges: @escaping () -> String? = { nil },
    exitResult: @escaping (State) -> ExitResult = { _ in .success }
  ) {
    self.init(
      store: store, minimumSize: minimumSize, screen: screen, view: view, keyAction: keyAction,
      pasteAction: pasteAction, resizeAction: resizeAction, quitAction: quitAction, isFinished: isFinished,
      acceptsPointer: acceptsPointer, title: title, unfinishedWorkMessage: unfinishedWorkMessage,
      unsavedChanges: unsavedChanges, exitResult: exitResult,
      respond: { makeAction in
        guard let action = store.withState(makeAction) else { return false }
        store.send(action)
        return true
      },
      readState: { body in store.withState(body) })
  }

  @usableFromInline
  init(
    store: Store<State, Action>, minimumSize: TerminalSize, screen: ScreenMode, view: @escaping (State, inout Canvas) -> Void,
    keyAction: @escaping (State, Key) -> Action?, pasteAction: @escaping (State, String) -> Action?,
    resizeAction: @escaping (TerminalSize) -> Action?, quitAction: Action, isFinished: @escaping (State) -> Bool,
    acceptsPointer: Bool, title: ((State) -> String?)?, unfinishedWorkMessage: @escaping () -> String,
    unsavedChanges: @escaping () -> String?, exitResult: @escaping (State) -> ExitResult,
    respond: @escaping ((State) -> Action?) -> Bool, readState: @escaping ((State) -> Void) -> Void
  ) {
    self.respond = respond
    self.readState = readState
    self.store = store
    self.minimumSize = minimumSize
    self.screen = screen
    self.exitResult = exitResult
    self.view = view
    self.keyAction = keyAction
    self.pasteAction = pasteAction
    self.resizeAction = resizeAction
    self.quitAction = quitAction
    self.isFinished = isFinished
    self.acceptsPointer = acceptsPointer
    self.title = title
    self.unfinishedWorkMessage = unfinishedWorkMessage
    self.unsavedChanges = unsavedChanges
  }

  /// The frame to show at `size`: the view of the current state, or the too-small message.
  /// `background`: the terminal's, when it answered, in place of ``background``.
  package func frame(size: TerminalSize, background: TerminalBackground? = nil) -> Canvas {
    var frame: Canvas?
    readState { state in frame = self.frame(of: state, size: size, background: background) }
    return frame!
  }

  /// The frame to show at `size` and the window's title (``title``; `nil` without one), from
  /// one reading of the state: what a live program draws each frame.
  package func frameAndTitle(size: TerminalSize, background: TerminalBackground?) -> (frame: Canvas, title: String?) {
    var shown: (frame: Canvas, title: String?)?
    readState { state in shown = (frame(of: state, size: size, background: background), title?(state) ?? nil) }
    // `readState` calls its body once, synchronously.
    return shown!
  }

  /// The frame `state` shows at `size`, whatever the store holds: the inspector's screen of a
  /// step of a trace.
  package func frame(of state: State, size: TerminalSize, background: TerminalBackground? = nil) -> Canvas {
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    canvas.theme = theme
    canvas.background = background ?? self.background
    canvas.actionScope = actionScope
    if isTooSmall(size) {
      // One line when it fits, else wrapped before "(need", so the size needed stays readable.
      let message = "Terminal too small (need \(minimumSize))"
      let lines = message.displayWidth <= size.columns
        ? [message] : ["Terminal too small", "(need \(minimumSize))"]
      let top = max(0, (size.rows - lines.count) / 2)
      for (offset, line) in lines.enumerated() {
        let width = min(line.displayWidth, size.columns)
        canvas.drawTruncated(
          line, atColumn: max(0, (size.columns - width) / 2), row: top + offset, width: size.columns)
      }
    } else {
      view(state, &canvas)
    }
    return canvas
  }

  /// Whether `size` is below ``minimumSize``, where the screen shows only the too-small message.
  package func isTooSmall(_ size: TerminalSize) -> Bool {
    size.columns < minimumSize.columns || size.rows < minimumSize.rows
  }

  /// Handles one key on a screen of `size`: while the screen is too small to show the app, the
  /// user cannot see what a key would do (tide-list's `d tab enter` would delete unseen), so only
  /// a key that stands for ``quitAction`` reaches the app (`q`, where the app binds it so and its
  /// `Action` is `Equatable`), and ctrl-c quits whatever it is bound to; else ``press(_:)``.
  package func press(_ key: Key, on size: TerminalSize) {
    guard isTooSmall(size) else { return press(key) }
    let sent = respond { state in
      guard let action = keyAction(state, key), Self.isQuit(action, quitAction) else { return nil }
      return action
    }
    if !sent, key == .control("c") {
      store.send(quitAction)
    }
  }

  /// Whether the app gives `key` an action in its state now.
  package func binds(_ key: Key) -> Bool {
    var binds = false
    readState { state in binds = keyAction(state, key) != nil }
    return binds
  }

  /// Whether `action` is `quit`: equal, for an `Equatable` action type; never for another.
  private static func isQuit(_ action: Action, _ quit: Action) -> Bool {
    guard let quit = quit as? any Equatable else { return false }
    return Self.equals(quit, action)
  }

  private static func equals<Value: Equatable>(_ value: Value, _ other: Action) -> Bool {
    (other as? Value) == value
  }

  /// Handles one key: sends the action it stands for, if any. ctrl-c that the app gives no
  /// action of its own sends ``quitAction``, so an app need not bind it: a key script's
  /// `ctrl-c` quits, and typed in the real terminal it quits as SIGINT does, with status 130
  /// (the tty no longer turns it into the signal, so a pasted ctrl-c is text; see
  /// `Program`'s typed interrupt).
  package func press(_ key: Key) {
    if !respond({ keyAction($0, key) }), key == .control("c") {
      store.send(quitAction)
    }
  }

  /// Handles one pointer event on a frame whose hit regions are `regions`: sends the action of
  /// the topmost region under it, if any (see ``HitMap``). Does nothing unless the app
  /// ``acceptsPointer``.
  package func point(_ event: PointerEvent, on regions: HitMap) {
    guard acceptsPointer, let action = regions.target(of: event) as? Action else { return }
    store.send(action)
  }

  /// Handles one bracketed paste on a screen of `size`: sends the action it stands for, if any;
  /// none while the screen is too small to show the app (see ``press(_:on:)``).
  package func paste(_ text: String, on size: TerminalSize) {
    if !isTooSmall(size) {
      _ = respond { pasteAction($0, text) }
    }
  }

  /// Handles the terminal's size, at the start or after a resize: sends the action it stands
  /// for, if any.
  package func resize(to size: TerminalSize) {
    _ = respond { _ in resizeAction(size) }
  }
}
