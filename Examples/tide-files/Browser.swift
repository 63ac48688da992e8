// tide-files [DIR]: a FilePicker of DIR beside a Viewport previewing the selected file; `.`
// toggles hidden files, enter opens a folder, tab moves the focus, q quits. Built only on
// TideTerminal's public components.

import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: the picker, the preview and which of them has the focus.
struct Browser: Reducer {
  enum Pane: Hashable, Sendable { case picker, preview }

  struct State: Equatable, Sendable {
    var picker: FilePicker.State
    var preview = Viewport.State()
    /// The file the preview shows (or is being read).
    var previewed: FilePicker.Path?
    var focus = FocusRing<Pane>.State(order: [.picker, .preview])
    var isQuitting = false

    init(folder: String) { picker = FilePicker.State(folder: FilePicker.Path(folder)) }
  }

  enum Action: Equatable, Sendable {
    case picker(FilePicker.Action)
    case preview(Viewport.Action)
    case focus(FocusRing<Pane>.Action)
    case previewRead(FilePicker.Path, String)
    case resize(TerminalSize)
    case quit
  }

  static let picker = ActionPath<Action, FilePicker.Action>(embed: Action.picker) {
    if case .picker(let action) = $0 { action } else { nil }
  }
  static let preview = ActionPath<Action, Viewport.Action>(embed: Action.preview) {
    if case .preview(let action) = $0 { action } else { nil }
  }
  static let focus = ActionPath<Action, FocusRing<Pane>.Action>(embed: Action.focus) {
    if case .focus(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.picker, action: Self.picker) { FilePicker() }
    Scope(state: \State.preview, action: Self.preview) { Viewport() }
    Scope(state: \State.focus, action: Self.focus) { FocusRing() }
    Reduce { state, action in
      switch action {
      case .previewRead(let path, let text) where path == state.previewed: state.preview.setText(text)
      case .resize(let size):
        let parts = Self.layout(size.bounds)
        state.picker.resize(height: parts.picker.height)
        state.preview.resize(width: parts.preview.width, height: parts.preview.height)
      case .picker(.press): state.focus.focus(.picker)
      case .quit: state.isQuitting = true
      default: break
      }
      // The preview follows the selection: a file selected anew is read off the main actor.
      let selected = state.picker.selectedEntry?.kind == .file ? state.picker.selectedPath : nil
      guard selected != state.previewed else { return .none }
      state.previewed = selected
      state.preview.setText("")
      guard let selected else { return .none }
      return .run { send in await send(.previewRead(selected, await Self.preview(of: selected))) }
        .cancellable(id: Pane.preview, cancelInFlight: true)
    }
  }

  /// The first 64 KiB of the file as text, or what it is when it is not text.
  @concurrent static func preview(of path: FilePicker.Path) async -> String {
    do {
      let bytes = try FileContents.read(atPath: path, atMost: 64 << 20)
      let head = bytes.prefix(64 << 10)
      guard !head.contains(0), let text = String(validating: head, as: UTF8.self) else {
        return "binary file, \(bytes.count) bytes"
      }
      return text
    } catch {
      return "\(error)"
    }
  }

  static let keys = KeyMap<Action>([KeyBinding(.character("q"), action: .quit, help: "quit")])
    .followed(by: FocusRing<Pane>.keys.map(Action.focus))

  static func action(for key: Key, in state: State) -> Action? {
    if state.focus.isFocused(.picker) {
      if state.picker.isFiltering { return FilePicker.action(for: key, in: state.picker).map(Action.picker) }
      return keys.action(for: key) ?? FilePicker.action(for: key, in: state.picker).map(Action.picker)
    }
    return keys.action(for: key) ?? Viewport.keys.action(for: key).map(Action.preview)
  }

  /// The picker on the left, a bar and the preview on the right, the help line under them.
  static func layout(_ screen: Rect) -> (picker: Rect, bar: Rect, preview: Rect, help: Rect) {
    let rows = screen.rows([.fill(), .fixed(1)])
    let columns = rows[0].columns([.percentage(40), .fixed(1), .fill()])
    return (columns[0], columns[1], columns[2], rows[1])
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    let onPicker = state.focus.isFocused(.picker)
    canvas.withActionScope(Action.picker) { canvas in
      FilePicker.draw(state.picker, in: parts.picker, on: &canvas, isFocused: onPicker, sending: { $0 })
    }
    canvas.fill(parts.bar, with: "│", style: canvas.theme.border)
    Viewport.draw(state.preview, in: parts.preview, on: &canvas, sending: { Action.preview($0) })
    // A press on the preview focuses it; the wheel goes through to it.
    canvas.addHitRegion(parts.preview, handler: { $0.isPrimaryPress ? Action.focus(.focus(.preview)) : nil })
    let help = onPicker ? FilePicker.keys(for: state.picker).map(Action.picker) : Viewport.keys.map(Action.preview)
    Help.drawShort(keys.followed(by: help).helpLine(maxWidth: parts.help.width), in: parts.help, on: &canvas)
  }

  @MainActor
  static func app(folder: String, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    let store = launch.store(initialState: State(folder: folder), reducer: Browser())
    store.send(.picker(.reload))
    return TerminalApp(
      store: store,
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in state.picker.isFiltering ? .picker(.query(.paste(text))) : nil },
      resizeAction: { size in .resize(size) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
