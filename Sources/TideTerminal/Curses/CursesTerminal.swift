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
package final class CursesTerminal: Terminal {
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
  /// Whether the tty may have input not read yet: false once a read took all there was and
  /// nothing arrived since. A wake-up for a frame then goes straight back to waiting, without
  /// a read that would find nothing (system calls, every frame of an animation).
  private var inputMayBePending = true
  /// The terminal's input ended (hung up): it is no longer waited for.
  private var inputEnded = false
  /// Turns the bytes read into events; ncurses decodes no key (see ``begin()``).
  private var decoder = InputDecoder()
  /// Events decoded and not yet returned (from ``nextDecoded`` on): one read may hold many keys.
  private var decoded: [InputEvent] = []
  private var nextDecoded = 0
  /// When the last bytes were read: the decoder's ``InputDecoder/waitForMore`` counts from it.
  private var lastInput = ContinuousClock.now
  private var readBuffer = [UInt8](repeating: 0, count: 4096)

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
    var sequence = sequence
    sequence.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        tide_write_control(chars.baseAddress, Int32(chars.count))
      }
    }
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
    repaintRequested = true
    // The terminal's own title showed meanwhile; the stack was pushed again.
    if setsTitle, let title { writeControl(WindowTitle.sequence(for: title)) }
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
    if let scalar = cell.scalar {
      let value =
        asciiBorders
        ? ASCIIBorders.replacement(for: scalar.value) ?? ASCIIBlocks.replacement(for: scalar.value) ?? scalar.value
        : scalar.value
      let shown = value == scalar.value ? cell : Cell(content: value, styleBits: cell.styleBits, width: cell.width)
      account(for: shown, atColumn: column, row: row)
      var character = wchar_t(bitPattern: value)
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
  ///
  /// The terminal's bytes are read here, as they come, and decoded by ``InputDecoder``; when it
  /// holds something cut short (an escape, a paste), the wait also ends when the decoder's
  /// ``InputDecoder/waitForMore`` has passed since the last bytes, to tell it so.
  package func readEvent(timeout: Duration?) -> InputEvent? {
    guard isActive else { return nil }
    // What was typed already is read even if the last read found nothing: a wake-up that comes
    // with it (a quit signal right after a key, as ctrl-c after `x`) would otherwise be seen
    // first and hide the key from a caller reading up to the quit (issue 20).
    if timeout == .zero { inputMayBePending = true }
    let deadline = timeout.map { ContinuousClock.now + $0 }
    while true {
      if tide_take_resize() != 0 {
        return adoptNewSize()
      }
      if nextDecoded < decoded.count {
        defer { nextDecoded += 1 }
        return decoded[nextDecoded]
      }
      if !decoded.isEmpty {
        decoded.removeAll(keepingCapacity: true)
        nextDecoded = 0
      }
      if inputMayBePending, readInput() { continue }
      let now = ContinuousClock.now
      var wakeAt = deadline
      if let wait = decoder.waitForMore {
        let pause = lastInput + wait
        if pause <= now {
          decoded.append(contentsOf: decoder.inputPaused())
          continue
        }
        wakeAt = min(wakeAt ?? pause, pause)
      }
      var milliseconds: Int32 = -1
      if let wakeAt {
        let remaining = wakeAt - now
        // Only the caller's deadline can have passed here: a pause that did was handled above.
        guard remaining > .zero else { return nil }
        let (seconds, attoseconds) = remaining.components
        milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
      }
      switch tide_input_wait(milliseconds, inputEnded ? 0 : 1) {
      case 1: inputMayBePending = true  // input ready: read it on the next pass
      case 2: return tide_take_resize() != 0 ? adoptNewSize() : nil
      case 0: continue  // the deadline or the decoder's pause: the next pass sees which
      default: return nil
      }
    }
  }

  /// Reads what the terminal sent, if anything, into the decoder; whether there was some.
  private func readInput() -> Bool {
    let count = readBuffer.withUnsafeMutableBufferPointer { buffer in
      tide_input_read(buffer.baseAddress, Int32(buffer.count))
    }
    guard count > 0 else {
      inputMayBePending = false
      // Hung up: the quit signal that comes with it ends the app; until then, no busy wait.
      if count < 0 { inputEnded = true }
      return false
    }
    lastInput = ContinuousClock.now
    decoded.append(contentsOf: decoder.receive(readBuffer[..<Int(count)]))
    // A read that filled the buffer may have left more; a shorter one took all there was.
    inputMayBePending = Int(count) == readBuffer.count
    return true
  }

  /// The longest wait for the terminal's answers at the start (see ``askTerminal(forBackground:wait:)``).
  static let answersWait: Duration = .milliseconds(100)
  /// DA1, primary device attributes: the query every terminal answers.
  static let deviceAttributesQuery = "\u{1B}[c"
  /// The kitty keyboard protocol's query: a terminal that has the protocol answers `CSI ? flags u`.
  static let keyboardProtocolQuery = "\u{1B}[?u"

  /// What the terminal says of itself, asked once after ``begin()``: its background (OSC 11,
  /// when `forBackground`) and whether it has the kitty keyboard protocol (`CSI ? u`), each
  /// answer awaited for at most `wait` in all.
  ///
  /// DA1's query (`ESC [ c`) goes last, as termenv does: nearly every terminal answers it, and
  /// answers in order, so its answer says the others will not come — a round trip, not `wait`,
  /// for a terminal that knows neither OSC 11 nor the keyboard protocol (tmux without a
  /// `window-style` background, the Linux console).
  ///
  /// The wait reads the terminal as ``readEvent(timeout:)`` does, into the same decoder: keys
  /// typed meanwhile are kept for ``readEvent(timeout:)`` in their order, an answer is never one
  /// of them, and an answer that comes after the wait is dropped by the decoder. The terminal is
  /// in no-echo mode from ``begin()`` on, so no answer shows.
  package func askTerminal(forBackground: Bool, wait: Duration = answersWait) -> TerminalAnswers {
    guard isActive else { return TerminalAnswers() }
    let backgroundBefore = decoder.backgroundAnswers
    let attributesBefore = decoder.deviceAttributesAnswers
    let keyboardBefore = decoder.keyboardProtocolAnswers
    writeControl((forBackground ? BackgroundColorReply.query : "") + Self.keyboardProtocolQuery + Self.deviceAttributesQuery)
    let deadline = ContinuousClock.now + wait
    // Done at DA1's answer, or once every other answer came (a terminal that does not know DA1).
    var isDone: Bool {
      decoder.deviceAttributesAnswers != attributesBefore
        || ((!forBackground || decoder.backgroundAnswers != backgroundBefore) && decoder.keyboardProtocolAnswers != keyboardBefore)
    }
    waiting: while !isDone, !inputEnded {
      if inputMayBePending, readInput() { continue }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { break }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
      // A wake-up (a quit signal, the main actor's jobs) is seen by the screen loop after the wait.
      switch tide_input_wait(milliseconds, 1) {
      case 1: inputMayBePending = true
      case 0, 2: continue
      default: break waiting
      }
    }
    var answers = TerminalAnswers()
    if decoder.backgroundAnswers != backgroundBefore { answers.background = decoder.backgroundReply?.background }
    answers.hasKeyboardProtocol = decoder.keyboardProtocolAnswers != keyboardBefore
    answers.answeredDeviceAttributes = decoder.deviceAttributesAnswers != attributesBefore
    return answers
  }

  /// Turns on modified keys in the best form the terminal has (see
  /// ``TerminalAnswers/keyboardMode(term:)``); every way out turns them off.
  package func turnOnModifiedKeys(_ answers: TerminalAnswers) {
    guard isActive else { return }
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
