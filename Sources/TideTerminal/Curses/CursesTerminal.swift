#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses

/// The real terminal, through ncurses.
///
/// Threading rule: ncurses is not thread-safe, so one thread must do everything — ``begin()``,
/// drawing, ``readEvent(timeout:)`` and ``restore()``. That thread sleeps in `readEvent` until a key,
/// a resize or a wake-up from another thread (the program's screen thread) arrives, so an idle app uses
/// no CPU.
///
/// Signals: a SIGWINCH handler installed by `begin()` only records the resize and wakes the
/// reader; `restore()` (never called from a signal handler) puts the terminal back.
package final class CursesTerminal: ScreenDevice {
  private var isActive = false
  /// The colours the app may show (what was detected or asked for) …
  private let profile: ColorProfile
  /// … and what ncurses itself can draw of them; the rest is written over (see ``CursesDrawing``).
  private var capabilities = CursesDrawing.Capabilities()
  private var colorPairs = ColorPairs(capacity: 0, columns: 0, rows: 0)
  /// How the last style put is drawn, by its ``Cell/styleBits``: cells come in runs of one style.
  private var drawing: (
    styleBits: UInt32, attributes: attr_t, colors: ColorPairs.Colors?, overlay: String?, link: Hyperlink?
  )?
  /// What the terminal shows beyond what ncurses can say, written after each update …
  private var overlay = ScreenOverlay()
  /// … in runs of one style.
  private var overlayRun = OverlayRun()
  /// Whether box-drawing characters and block elements are shown as ASCII (see ``ASCIIBorders``
  /// and ``ASCIIBlocks``).
  private var asciiBorders = false
  private var scalarBuffer: [wchar_t] = []
  /// The terminal's bytes, read and decoded (ncurses decodes no key; see ``begin()``).
  private var input = TerminalInputReader()

  /// Thrown by ``begin()`` when ncurses cannot start, e.g. stdout is not a terminal or TERM is unknown.
  package struct StartError: Error, CustomStringConvertible {
    /// Why the terminal could not start.
    package var description: String
  }

  /// Whether the terminal reports pointer (mouse) presses, releases and wheel notches.
  private let reportsPointer: Bool
  /// Whether the app sets the window's title: the terminal's own is then saved at the start and
  /// put back on every way out.
  private let setsTitle: Bool
  /// The title the app set last, or `nil` for the terminal's own: written again after ctrl-z
  /// and `fg`, which put the terminal's own back while the process was stopped.
  private var title: String?
  /// See ``takeRepaintRequest()``.
  private var repaintRequested = false
  /// Where the terminal's cursor shows after each flush: the focused text component's caret.
  private var caret: (column: Int, row: Int)?

  /// A terminal that does nothing until ``begin()``; with `reportsPointer`, it reports pointer
  /// presses, releases and the wheel (SGR extended coordinates) from ``begin()`` until
  /// ``restore()``, and on every other way out (signals, a crash, ctrl-z) turns that off. It
  /// shows the colours of `profile`, as far as the terminal can (see ``ColorProfile``). With
  /// `setsTitle`, the window's title is saved on the terminal's title stack (XTWINOPS 22) at
  /// ``begin()`` and popped back (23) on every way out, so ``setTitle(_:)`` changes it for the
  /// app's run only (where the terminal keeps no stack, the app's title stays).
  package init(reportsPointer: Bool = false, profile: ColorProfile = .ansi16, setsTitle: Bool = false) {
    self.reportsPointer = reportsPointer
    self.profile = profile
    self.setsTitle = setsTitle
  }

  deinit {
    restore()
  }

  /// The screen size as ncurses knows it; the tty's size before ``begin()``.
  package var size: TerminalSize {
    if isActive {
      var rows: Int32 = 0
      var columns: Int32 = 0
      tide_getmaxyx(tide_stdscr(), &rows, &columns)
      return TerminalSize(columns: Int(columns), rows: Int(rows))
    }
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard tide_tty_size(&columns, &rows) != 0 else { return TerminalSize(columns: 80, rows: 24) }
    return TerminalSize(columns: Int(columns), rows: Int(rows))
  }

  /// Takes over the screen (raw input, alternate screen). Must be balanced by ``restore()``.
  ///
  /// Starts ncurses: locale from the environment (for UTF-8), alternate screen, cbreak, no echo,
  /// no flow control (ctrl-s and ctrl-q reach the app as keys), no signal characters (ctrl-c,
  /// ctrl-\ and ctrl-z are bytes, so pasted ones are text; see ``TypedSignal`` for typed ones),
  /// the keypad's "transmit" mode, hidden cursor, bracketed paste, focus reporting (mode 1004),
  /// the window title saved on the title stack when the app sets one, and colours on top of the
  /// terminal's defaults unless the profile is ``ColorProfile/noColor``.
  ///
  /// ncurses only draws: it never reads a key. ``readEvent(timeout:)`` reads the terminal's
  /// bytes and ``InputDecoder`` decodes them, every byte accounted for (ncurses' `wget_wch`
  /// lost the rest of a read at a byte that was not UTF-8).
  package func begin() throws {
    guard !isActive else { return }
    setlocale(LC_ALL, "")
    tide_save_tty()
    // ctrl-z: before newterm, so that ncurses leaves SIGTSTP to us (it installs its own handler
    // only where SIGTSTP is at its default, and then ignores and restores it around every update).
    _ = tide_suspend_guard_install()
    // newterm instead of initscr: initscr exits the process on failure, newterm reports it.
    guard tide_start() != 0 else {
      tide_suspend_guard_remove()
      throw StartError(description: "cannot start the terminal (is TERM set and stdout a terminal?)")
    }
    isActive = true
    cbreak()
    noecho()
    nonl()
    // Only for the mode it sends (smkx): the keys come in the form terminfo describes, which
    // the suspend and crash paths turn off again (rmkx). ncurses decodes nothing itself.
    keypad(tide_stdscr(), true)
    intrflush(tide_stdscr(), false)
    // A quit signal (SIGINT sent with kill, say) must not discard keys typed before it that are
    // still in the input queue: the quit is handled after them (see ScreenThread).
    noqiflush()
    // ctrl-s and ctrl-q are keys: with the tty's flow control on, ctrl-s froze the screen.
    tide_flow_control_off()
    // ctrl-c, ctrl-\ and ctrl-z are bytes: with the tty's ISIG on, one inside a paste was a
    // signal. Typed, the screen loop sends their signals itself (see ``TypedSignal``).
    tide_signal_characters_off()
    // No typeahead check in each update: ncurses would poll the input before every frame to
    // postpone drawing while keys wait, a system call a frame; the input thread reads them anyway.
    typeahead(-1)
    curs_set(0)
    // The cursor is hidden: an update leaves it where it wrote last rather than move it back to
    // the last cell put, a move a frame, and the overlay after it need not move back either.
    leaveok(tide_stdscr(), true)
    let usesColor = has_colors() && profile != .noColor
    if usesColor {
      start_color()
      use_default_colors()
    }
    asciiBorders = ASCIIBorders.areNeeded(
      term: tide_term().map { String(cString: $0) }, codeset: tide_codeset().map { String(cString: $0) })
    capabilities = CursesDrawing.Capabilities(
      profile: profile, colors: usesColor ? Int(tide_colors()) : 0,
      strikethrough: tide_has_string_capability("smxx") != 0,
      underlineShapes: tide_has_string_capability("Smulx") != 0,
      underlineColor: tide_has_string_capability("Setulc") != 0)
    let size = self.size
    colorPairs = ColorPairs(capacity: usesColor ? tide_color_pairs() : 0, columns: size.columns, rows: size.rows)
    overlay.reset(columns: size.columns, rows: size.rows)
    drawing = nil
    // ncurses owns SIGWINCH by default but only notices it inside wgetch; our handler also wakes the poll.
    Self.turnModesOn(reportsPointer: reportsPointer, setsTitle: setsTitle)
  }

  /// What every kind of screen turns on once the tty is the app's, with the guards that turn it
  /// off again on every way out: the resize handler, the crash guard (which needs to know about
  /// pointer reporting and the title stack first), bracketed paste, pointer reporting when asked,
  /// focus reporting, the title saved on its stack when the app sets one.
  static func turnModesOn(reportsPointer: Bool, setsTitle: Bool) {
    _ = tide_install_resize_handler()
    tide_pointer_reporting_prepare(reportsPointer ? 1 : 0)
    tide_title_stack_prepare(setsTitle ? 1 : 0)
    _ = tide_crash_guard_install()
    tide_bracketed_paste(1)
    tide_pointer_reporting(reportsPointer ? 1 : 0)
    // Focus in and out come as keys (``Key/focusIn``) an app may bind; unbound, they do nothing.
    tide_focus_reporting(1)
    tide_title_stack_push()
  }

  /// Shows `title` as the window's title (OSC 2, sanitized: see `WindowTitle`), or for `nil`
  /// puts back the terminal's own, when the terminal was started `setsTitle`.
  package func setTitle(_ title: String?) {
    guard isActive, setsTitle else { return }
    self.title = title
    writeControl(WindowTitle.sequence(for: title))
  }

  /// Copies `text` to the clipboard (OSC 52: see `ClipboardCopy`); a text too long is not copied.
  package func copyToClipboard(_ text: String) {
    guard isActive, let sequence = ClipboardCopy.sequence(for: text) else { return }
    writeControl(sequence)
  }

  /// Writes a string that moves no cursor and changes no cell, out of ncurses' band.
  private func writeControl(_ sequence: String) {
    TerminalControl.write(sequence)
  }

  /// ctrl-z, when it came: leaves curses mode, stops the process until `fg`, then redraws
  /// everything ncurses knows. Called by the screen loop between two frames, never in a signal
  /// handler. Returns whether it suspended: what was written over ncurses' cells (24-bit colour
  /// on a palette terminal type, strikethrough…) is then gone until the cells are put again.
  @discardableResult
  package func suspendIfAsked() -> Bool {
    guard isActive, tide_take_suspend() != 0 else { return false }
    stopUntilContinued()
    return true
  }

  /// Stops the process as ctrl-z does, for ``Tide/Effect/suspend(then:)``, and returns whether
  /// it did: not where ctrl-z was ignored at the start (no shell job control would ever continue
  /// it). ``takeRepaintRequest()`` then asks for the last frame whole.
  package func suspend() -> Bool {
    guard isActive, tide_can_suspend() != 0 else { return false }
    stopUntilContinued()
    repaintRequested = true
    return true
  }

  private func stopUntilContinued() {
    tide_suspend()
    // The terminal's own title showed while stopped; the stack was pushed again on `fg`.
    if setsTitle, let title { writeControl(WindowTitle.sequence(for: title)) }
  }

  /// Runs `program` with the terminal as its input and output (see
  /// ``Tide/Effect/runInTerminal(_:then:)``) and returns how it ended; the screen is repainted
  /// from ncurses' picture, and ``takeRepaintRequest()`` then asks for the last frame whole.
  package func handOver(to program: ExternalProgram) -> ExternalProgram.Outcome {
    guard isActive else { return .couldNotStart("the app's terminal is already given back") }
    let outcome = Self.run(program)
    repaintRequested = true
    // The terminal's own title showed meanwhile; the stack was pushed again.
    if setsTitle, let title { writeControl(WindowTitle.sequence(for: title)) }
    return outcome
  }

  /// Runs `program` with the terminal as its input and output (`tide_hand_over`: the terminal
  /// left as for ctrl-z and taken back after) and returns how it ended.
  static func run(_ program: ExternalProgram) -> ExternalProgram.Outcome {
    let arguments = [program.executable] + program.arguments
    if let bad = arguments.first(where: { $0.utf8.contains(0) }) {
      return .couldNotStart("\(program.executable): an argument holds a NUL byte: \(bad.debugDescription)")
    }
    var pointers = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    var status: Int32 = -1
    var signal: Int32 = 0
    let error = pointers.withUnsafeMutableBufferPointer { buffer in
      tide_hand_over(buffer.baseAddress, &status, &signal)
    }
    if error != 0 {
      let reason = error == ENOENT ? "not found" : error == EACCES ? "not executable" : String(cString: strerror(error))
      return .couldNotStart("\(program.executable): \(reason)")
    }
    return signal != 0 ? .killed(signal: signal) : .exited(status)
  }

  /// Whether the last frame is to be drawn again whole (after a hand-over, whose repaint from
  /// ncurses' picture leaves out what the overlay writes); asking clears it.
  package func takeRepaintRequest() -> Bool {
    defer { repaintRequested = false }
    return repaintRequested
  }

  /// Blanks the screen at once, discarding anything a resize garbled; the cells put next are
  /// all the next flush writes.
  ///
  /// Why an update of its own: an update that clears repaints everything ncurses holds, the
  /// cells it was told are shown included (see ``ScreenOverlay``), which would then reach the
  /// terminal twice. Cleared first, on a blank buffer, the frame's update writes only the rest.
  package func clear() {
    guard isActive else { return }
    werase(tide_stdscr())
    clearok(tide_stdscr(), true)
    wnoutrefresh(tide_stdscr())
    doupdate()
    colorPairs.clearScreen()
    overlay.clear()
  }

  /// Draws `cell` at `column`, `row` in the ncurses buffer, or, where ncurses cannot say it,
  /// in its picture of the screen and in the ``ScreenOverlay`` written after the update.
  package func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard isActive, !cell.isContinuation else { return }
    if drawing?.styleBits != cell.styleBits {
      let drawn = CursesDrawing(cell.style, capabilities: capabilities)
      drawing = (cell.styleBits, drawn.attributes, drawn.colors, drawn.overlay, drawn.link)
    }
    let attributes = drawing!.attributes
    let pair = colorPair(for: drawing!.colors)
    colorPairs.show(pair, atColumn: column, row: row)
    if cell.scalar != nil {
      let shown = asciiBorders ? ASCIIBorders.shown(cell) : cell
      account(for: shown, atColumn: column, row: row)
      var character = wchar_t(bitPattern: shown.scalar!.value)
      tide_draw_cell(Int32(row), Int32(column), &character, 1, attributes, pair)
      return
    }
    let text = cell.text
    if DisplayWidth.needsWholeWrite(text.unicodeScalars) {
      // ncurses cannot hold a second spacing scalar in a cell (a ZWJ sequence): a placeholder as
      // wide as the cell keeps its layout, and the whole sequence is written over it.
      overlay.show(
        cell, atColumn: column, row: row,
        sgr: drawing!.overlay ?? exactSGR(of: cell), link: drawing!.link)
      let first = text.unicodeScalars.first!
      let width = Int32(cell.width)
      var placeholder = wchar_t(bitPattern: tide_wcwidth(first.value) == width ? first.value : width == 2 ? 0x3000 : 0x20)
      tide_draw_cell(Int32(row), Int32(column), &placeholder, 1, attributes, pair)
      return
    }
    account(for: cell, atColumn: column, row: row)
    scalarBuffer.removeAll(keepingCapacity: true)
    for scalar in text.unicodeScalars {
      scalarBuffer.append(wchar_t(bitPattern: scalar.value))
    }
    _ = scalarBuffer.withUnsafeBufferPointer { buffer in
      tide_draw_cell(Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), attributes, pair)
    }
  }

  /// Records `cell`, as the terminal is to show it, in the overlay.
  private func account(for cell: Cell, atColumn column: Int, row: Int) {
    if let sgr = drawing!.overlay {
      overlay.show(cell, atColumn: column, row: row, sgr: sgr, link: drawing!.link)
    } else {
      overlay.drawnByCurses(cell, atColumn: column, row: row) { exactSGR(of: cell) }
    }
  }

  /// The SGR that shows `cell`'s style exactly as far as the terminal can, for a cell the
  /// overlay writes although ncurses could draw its style.
  private func exactSGR(of cell: Cell) -> String {
    ANSIOutputTerminal.selectGraphicRendition(CursesDrawing.exactStyle(cell.style, capabilities: capabilities))
  }

  /// Notes where the terminal's cursor is to show after the next ``flush()`` (`nil`: hidden).
  package func placeCursor(at position: (column: Int, row: Int)?) {
    caret = position
  }

  /// Sends the changes to the screen in one update, then what ncurses cannot say, then puts the
  /// cursor at the caret (or hides it): the update and the overlay leave it where they wrote.
  package func flush() {
    guard isActive else { return }
    defer { tide_place_cursor(Int32(caret?.row ?? -1), Int32(caret?.column ?? -1)) }
    wnoutrefresh(tide_stdscr())
    if overlay.holdsCells {
      let mayMove = overlay.touchedRows.withUnsafeBufferPointer { rows in
        tide_lines_may_move(rows.baseAddress, Int32(rows.count))
      }
      if mayMove != 0 {
        overlay.cursesMayWriteEveryRow()
      } else {
        overlay.forEachShownPut { column, row in tide_mark_shown(Int32(row), Int32(column)) }
      }
    }
    overlay.takeWrites { cell, column, row, sgr, link in
      overlayRun.add(cell, atColumn: column, row: row, sgr: sgr, link: link)
    }
    overlayRun.end()
    doupdate()
    tide_overlay_flush()
  }

  /// Waits for the next input. Returns ``InputEvent/resize(_:)`` after the terminal was
  /// resized (ncurses has already been told the new size), and `nil` when `timeout` passes or
  /// the screen thread wakes it. A zero `timeout` returns what was typed already, if anything.
  /// The terminal's bytes are read here, as they come, and decoded by ``InputDecoder`` (see
  /// ``TerminalInputReader``).
  package func readEvent(timeout: Duration?) -> InputEvent? {
    guard isActive else { return nil }
    return input.readEvent(timeout: timeout) { adoptNewSize() }
  }

  /// What the terminal says of itself, asked once after ``begin()`` (see
  /// ``TerminalInputReader/askTerminal(forBackground:wait:)``).
  package func askTerminal(forBackground: Bool) -> TerminalAnswers {
    guard isActive else { return TerminalAnswers() }
    return input.askTerminal(forBackground: forBackground)
  }

  /// Turns on modified keys in the best form the terminal has (see
  /// ``TerminalAnswers/keyboardMode(term:)``); every way out turns them off.
  package func turnOnModifiedKeys(_ answers: TerminalAnswers) {
    guard isActive else { return }
    Self.turnOnModifiedKeys(answers)
  }

  /// Modified keys in the form `answers` allow, for every kind of screen.
  static func turnOnModifiedKeys(_ answers: TerminalAnswers) {
    let mode = answers.keyboardMode(term: getenv("TERM").map { String(cString: $0) })
    if mode != .legacy { tide_keyboard_mode(mode.rawValue) }
  }

  /// Tells ncurses the tty's new size, which its own SIGWINCH handling would have done.
  private func adoptNewSize() -> InputEvent {
    var columns: Int32 = 0
    var rows: Int32 = 0
    if tide_tty_size(&columns, &rows) != 0 {
      resizeterm(rows, columns)
      colorPairs.resize(columns: Int(columns), rows: Int(rows))
      overlay.reset(columns: Int(columns), rows: Int(rows))
    }
    return .resize(size)
  }

  /// Draws `frame`, diffed by `renderer` against the last one.
  func render(_ frame: consuming Canvas, with renderer: inout Renderer) {
    renderer.render(consume frame, to: self)
  }

  /// A full-screen app has no scrollback to print to: the lines are dropped.
  func printAbove(_ lines: [String]) {}

  /// Leaves ncurses: cooked mode, echo, visible cursor, normal screen. Safe to call more than once.
  package func restore() {
    guard isActive else { return }
    isActive = false
    tide_remove_resize_handler()
    tide_suspend_guard_remove()
    curs_set(1)
    endwin()
    // The same restore of the modes a crash or ctrl-z sends (the keypad's too, which endwin
    // may leave on), after endwin so nothing ncurses writes turns one on again; the crash
    // guard stays until then, so a crash inside endwin still restores the terminal.
    tide_terminal_modes_off()
    tide_crash_guard_remove()
  }

  /// The pair showing `colors`, defined on first use; pair 0 (the default colours) for none,
  /// and while every pair the terminal has is on screen.
  private func colorPair(for colors: ColorPairs.Colors?) -> Int32 {
    guard let colors, let (pair, isNew) = colorPairs.pair(for: colors) else { return 0 }
    if isNew, tide_init_pair(pair, colors.foreground, colors.background) == tide_err() { return 0 }
    return pair
  }
}
