#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses

/// The real terminal for an inline app (``ScreenMode/inline(maximumHeight:onExit:)``): the live
/// area below the cursor, drawn by ``InlineTerminal`` with relative moves and written to the
/// terminal as it is, without ncurses' screen (ncurses has no inline mode of several lines: its
/// `filter()` draws on one). The tty's modes, the input, the signals and every way out are those
/// of full screen (see ``CursesTerminal``), but for the screen itself: no alternate screen is
/// entered, and a way out leaves the live area as the app chose, the cursor below it.
///
/// - ctrl-z and a program the terminal is handed to: the live area is erased first, the shell
///   gets the terminal in its own modes, and the app's frame is drawn whole again below the
///   cursor after `fg` (or the program).
/// - A resize: the next frame is drawn whole at the new width, from the live area's first line
///   (the cursor's line, or as many lines above it as a caret's row) to the end of the screen;
///   the lines above are the terminal's to reflow (the article *Inline apps* says where a
///   reflowing terminal can leave a wrapped row's tail).
/// - A crash or the quit watch: the live area is erased from its first line (the C side is told
///   after each write how far below it the cursor rests: at a caret, it may be lower).
///
/// Threading: as ``CursesTerminal``, one thread does everything.
final class InlineScreen: ScreenDevice {
  private var isActive = false
  private let profile: ColorProfile
  private let maximumHeight: Int
  private let keepsLastFrame: Bool
  private let setsTitle: Bool
  /// Whether borders and blocks are drawn in ASCII (see ``ASCIIBorders``), as full screen does.
  private var asciiBorders = false
  private var title: String?
  private var repaintRequested = false
  private var input = TerminalInputReader()
  private var live: InlineTerminal

  /// An inline screen whose live area takes at most `maximumHeight` lines and is kept or
  /// erased at the exit; the other settings are ``CursesTerminal/init(reportsPointer:profile:setsTitle:)``'s
  /// but the pointer, which an inline app never gets (see ``ScreenMode/inline(maximumHeight:onExit:)``).
  init(maximumHeight: Int, onExit: InlineExit, profile: ColorProfile, setsTitle: Bool) {
    self.maximumHeight = maximumHeight
    keepsLastFrame = onExit == .keepLastFrame
    self.profile = profile
    self.setsTitle = setsTitle
    live = InlineTerminal(size: TerminalSize(columns: 80, rows: 1), profile: profile)
  }

  deinit {
    restore()
  }

  /// The app's canvas: the terminal's width by the live area's most lines.
  var size: TerminalSize { live.size }

  private func canvasSize() -> TerminalSize {
    var columns: Int32 = 0
    var rows: Int32 = 0
    let screen =
      tide_tty_size(&columns, &rows) != 0 && columns > 0 && rows > 0
      ? TerminalSize(columns: Int(columns), rows: Int(rows)) : TerminalSize(columns: 80, rows: 24)
    return ScreenMode.inline(maximumHeight: maximumHeight).canvasSize(onScreen: screen)
  }

  /// Takes over the terminal (see `tide_inline_begin`): the tty's modes as in full screen, the
  /// cursor hidden, bracketed paste, focus reporting, no pointer reporting, the title
  /// saved when the app sets one; every way out puts them back.
  func begin() throws {
    guard !isActive else { return }
    setlocale(LC_ALL, "")
    tide_save_tty()
    _ = tide_suspend_guard_install()
    guard tide_inline_begin() != 0 else {
      tide_suspend_guard_remove()
      throw CursesTerminal.StartError(description: "cannot start the terminal (is TERM set and is there a terminal?)")
    }
    isActive = true
    live = InlineTerminal(size: canvasSize(), profile: profile)
    asciiBorders = ASCIIBorders.areNeeded(
      term: tide_term().map { String(cString: $0) }, codeset: tide_codeset().map { String(cString: $0) })
    CursesTerminal.turnModesOn(reportsPointer: false, setsTitle: setsTitle)
  }

  func restore() {
    guard isActive else { return }
    isActive = false
    tide_remove_resize_handler()
    tide_suspend_guard_remove()
    live.finish(keepingLastFrame: keepsLastFrame)
    writeLiveArea()
    tide_terminal_modes_off()
    tide_inline_end()
    tide_crash_guard_remove()
  }

  func askTerminal(forBackground: Bool) -> TerminalAnswers {
    guard isActive else { return TerminalAnswers() }
    return input.askTerminal(forBackground: forBackground)
  }

  func turnOnModifiedKeys(_ answers: TerminalAnswers) {
    guard isActive else { return }
    CursesTerminal.turnOnModifiedKeys(answers)
  }

  func readEvent(timeout: Duration?) -> InputEvent? {
    guard isActive else { return nil }
    return input.readEvent(timeout: timeout) {
      live.resize(to: canvasSize())
      return .resize(live.size)
    }
  }

  func suspendIfAsked() -> Bool {
    guard isActive, tide_take_suspend() != 0 else { return false }
    stopUntilContinued()
    return true
  }

  func suspend() -> Bool {
    guard isActive, tide_can_suspend() != 0 else { return false }
    stopUntilContinued()
    repaintRequested = true
    return true
  }

  private func stopUntilContinued() {
    vacate()
    tide_suspend()
    if setsTitle, let title { TerminalControl.write(WindowTitle.sequence(for: title)) }
  }

  func takeRepaintRequest() -> Bool {
    defer { repaintRequested = false }
    return repaintRequested
  }

  func render(_ frame: consuming Canvas, with renderer: inout Renderer) {
    guard isActive else { return }
    live.prepare(height: InlineTerminal.height(of: frame))
    renderer.render(consume frame, to: self)
  }

  func handOver(to program: ExternalProgram) -> ExternalProgram.Outcome {
    guard isActive else { return .couldNotStart("the app's terminal is already given back") }
    vacate()
    let outcome = CursesTerminal.run(program)
    repaintRequested = true
    if setsTitle, let title { TerminalControl.write(WindowTitle.sequence(for: title)) }
    return outcome
  }

  func printAbove(_ lines: [String]) {
    guard isActive, !lines.isEmpty else { return }
    live.printAbove(lines)
    writeLiveArea()
    repaintRequested = true
  }

  func setTitle(_ title: String?) {
    guard isActive, setsTitle else { return }
    self.title = title
    TerminalControl.write(WindowTitle.sequence(for: title))
  }

  func copyToClipboard(_ text: String) {
    guard isActive, let sequence = ClipboardCopy.sequence(for: text) else { return }
    TerminalControl.write(sequence)
  }

  /// Erases the live area for the shell or a program; the frame is drawn whole after.
  private func vacate() {
    live.vacate()
    writeLiveArea()
  }

  /// Writes what the live area queued, and tells the crash path where the cursor rests now.
  private func writeLiveArea() {
    TerminalControl.write(live.takeOutput())
    tide_inline_cursor_row(Int32(clamping: live.cursorRow))
  }

  func clear() { live.clear() }

  func put(_ cell: Cell, atColumn column: Int, row: Int) {
    live.put(asciiBorders ? ASCIIBorders.shown(cell) : cell, atColumn: column, row: row)
  }

  func placeCursor(at position: (column: Int, row: Int)?) { live.placeCursor(at: position) }

  func flush() {
    live.flush()
    writeLiveArea()
  }
}
