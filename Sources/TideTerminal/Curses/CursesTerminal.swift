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
  private var drawing: (styleBits: UInt32, attributes: attr_t, colors: ColorPairs.Colors?, overlay: String?)?
  private var overlayRun = OverlayRun()
  /// Whether box-drawing characters are shown as ASCII (see ``ASCIIBorders``).
  private var asciiBorders = false
  private var scalarBuffer: [wchar_t] = []
  /// Whether ncurses may hold input it has not returned yet, or the tty has some: false only
  /// once a read came back empty and nothing arrived since. A wake-up for a frame then goes
  /// straight back to waiting, without a read that would find nothing (one system call and
  /// ncurses' read path, every frame of an animation).
  private var inputMayBePending = true

  /// Thrown by ``begin()`` when ncurses cannot start, e.g. stdout is not a terminal or TERM is unknown.
  package struct StartError: Error, CustomStringConvertible {
    /// Why the terminal could not start.
    package var description: String
  }

  /// Whether the terminal reports pointer (mouse) presses, releases and wheel notches.
  private let reportsPointer: Bool

  /// A terminal that does nothing until ``begin()``; with `reportsPointer`, it reports pointer
  /// presses, releases and the wheel (SGR extended coordinates) from ``begin()`` until
  /// ``restore()``, and on every other way out (signals, a crash, ctrl-z) turns that off. It
  /// shows the colours of `profile`, as far as the terminal can (see ``ColorProfile``).
  package init(reportsPointer: Bool = false, profile: ColorProfile = .ansi16) {
    self.reportsPointer = reportsPointer
    self.profile = profile
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
  /// keypad decoding, a 25 ms escape delay, hidden cursor, and colours on top of the terminal's
  /// defaults unless the profile is ``ColorProfile/noColor``.
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
    keypad(tide_stdscr(), true)
    intrflush(tide_stdscr(), false)
    // ctrl-c (SIGINT) must not discard keys typed before it that are still in the input queue:
    // the quit is handled after them (see ScreenThread).
    noqiflush()
    set_escdelay(25)
    // No typeahead check in each update: ncurses would poll the input before every frame to
    // postpone drawing while keys wait, a system call a frame; the input thread reads them anyway.
    typeahead(-1)
    curs_set(0)
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
    drawing = nil
    // ncurses owns SIGWINCH by default but only notices it inside wgetch; our handler also wakes the poll.
    _ = tide_install_resize_handler()
    // Pointer reports are decoded from their bytes (KeyDecoder), in the one place escape
    // sequences are: ncurses' own mouse key is turned off so it never takes them first.
    tide_pointer_reporting_prepare(reportsPointer ? 1 : 0)
    _ = tide_crash_guard_install()
    tide_bracketed_paste(1)
    tide_pointer_reporting(reportsPointer ? 1 : 0)
  }

  /// ctrl-z, when it came: leaves curses mode, stops the process until `fg`, then redraws
  /// everything ncurses knows. Called by the screen loop between two frames, never in a signal
  /// handler. Returns whether it suspended: what was written over ncurses' cells (24-bit colour
  /// on a palette terminal type, strikethrough…) is then gone until the cells are put again.
  @discardableResult
  package func suspendIfAsked() -> Bool {
    guard isActive, tide_take_suspend() != 0 else { return false }
    tide_suspend()
    return true
  }

  /// Blanks the screen and makes the next flush repaint all of it, discarding anything a resize garbled.
  package func clear() {
    guard isActive else { return }
    werase(tide_stdscr())
    clearok(tide_stdscr(), true)
    colorPairs.clearScreen()
  }

  /// Draws `cell` at `column`, `row` in the ncurses buffer.
  package func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard isActive, !cell.isContinuation else { return }
    if drawing?.styleBits != cell.styleBits {
      let drawn = CursesDrawing(cell.style, capabilities: capabilities)
      drawing = (cell.styleBits, drawn.attributes, drawn.colors, drawn.overlay)
    }
    let attributes = drawing!.attributes
    let pair = colorPair(for: drawing!.colors)
    colorPairs.show(pair, atColumn: column, row: row)
    if let overlay = drawing!.overlay {
      overlayRun.add(cell, atColumn: column, row: row, sgr: overlay)
    }
    if let scalar = cell.scalar {
      let value = asciiBorders ? ASCIIBorders.replacement(for: scalar.value) ?? scalar.value : scalar.value
      var character = wchar_t(bitPattern: value)
      tide_draw_cell(Int32(row), Int32(column), &character, 1, attributes, pair)
      return
    }
    let text = cell.text
    if DisplayWidth.needsWholeWrite(text.unicodeScalars) {
      // ncurses cannot hold a second spacing scalar in a cell (a ZWJ sequence): a placeholder as
      // wide as the cell keeps its layout, and the whole sequence is written over it after the frame.
      let first = text.unicodeScalars.first!
      let width = Int32(cell.width)
      var placeholder = wchar_t(bitPattern: tide_wcwidth(first.value) == width ? first.value : width == 2 ? 0x3000 : 0x20)
      tide_draw_cell(Int32(row), Int32(column), &placeholder, 1, attributes, pair)
      var whole = text
      whole.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { utf8 in
          tide_overlay_cell(Int32(row), Int32(column), utf8.baseAddress, Int32(utf8.count), attributes, pair)
        }
      }
      return
    }
    scalarBuffer.removeAll(keepingCapacity: true)
    for scalar in text.unicodeScalars {
      scalarBuffer.append(wchar_t(bitPattern: scalar.value))
    }
    _ = scalarBuffer.withUnsafeBufferPointer { buffer in
      tide_draw_cell(Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), attributes, pair)
    }
  }

  /// Sends the changes to the screen in one update.
  package func flush() {
    guard isActive else { return }
    overlayRun.end()
    wnoutrefresh(tide_stdscr())
    doupdate()
    tide_overlay_flush()
  }

  /// Waits for the next input. Returns ``InputEvent/resize(_:)`` after the terminal was
  /// resized (ncurses has already been told the new size), and `nil` when `timeout` passes or
  /// the screen thread wakes it. A zero `timeout` returns what was typed already, if anything.
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
      if inputMayBePending {
        // ncurses may hold bytes it already read (the tail of an escape sequence or a paste).
        wtimeout(tide_stdscr(), 0)
        var code: wint_t = 0
        let status = tide_get_wide_char(&code)
        if status != tide_err() {
          if status == tide_key_code_yes(), Int32(bitPattern: UInt32(code)) == tide_paste_begin_code() {
            return .paste(readPaste())
          }
          if KeyDecoder.isResize(status: status, code: UInt32(code)) { return .resize(size) }
          if let key = KeyDecoder.key(status: status, code: UInt32(code)) {
            if key == .escape {
              guard let event = eventAfterEscape() else { continue }
              return event
            }
            return .key(key)
          }
          continue
        }
        inputMayBePending = false
      }
      var milliseconds: Int32 = -1
      if let deadline {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return nil }
        let (seconds, attoseconds) = remaining.components
        milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
      }
      switch tide_input_wait(milliseconds) {
      case 1:
        inputMayBePending = true
        continue  // input ready: decode it on the next pass
      case 2: return tide_take_resize() != 0 ? adoptNewSize() : nil
      default: return nil
      }
    }
  }

  /// An escape with what came with it: an alt-chord, escape alone, a pointer report, or nothing
  /// for an unknown control sequence (see ``KeyDecoder/event(afterEscape:)``). ncurses waited its escape delay
  /// before returning the escape, so a chord's key is already here; the rest of a sequence gets
  /// the same delay to arrive.
  private func eventAfterEscape() -> InputEvent? {
    var reads = 0
    defer { wtimeout(tide_stdscr(), 0) }
    return KeyDecoder.event(afterEscape: {
      wtimeout(tide_stdscr(), reads == 0 ? 0 : 25)
      reads += 1
      var code: wint_t = 0
      let status = tide_get_wide_char(&code)
      return status == tide_err() ? nil : (status, UInt32(code))
    })
  }

  /// The text of a bracketed paste, read up to its end marker; line breaks arrive as "\n".
  /// A paste whose end never comes (the terminal died) ends after a second of silence.
  ///
  /// The pasted text may itself hold the end marker's bytes (ESC [ 201 ~); the terminal sends
  /// them as they are and its own marker after the text. So an end marker that more input
  /// follows at once, without a pause, up to another end marker (or for longer than anyone
  /// types), is part of the text; the rest of the paste then never runs as key commands.
  private func readPaste() -> String {
    var text = String.UnicodeScalarView()
    wtimeout(tide_stdscr(), 1000)
    defer { wtimeout(tide_stdscr(), 0) }
    while true {
      var code: wint_t = 0
      let status = tide_get_wide_char(&code)
      if status == tide_err() { break }
      if status == tide_key_code_yes(), Int32(bitPattern: UInt32(code)) == tide_paste_end_code() {
        guard pasteGoesOn(after: &text) else { break }
        continue
      }
      Self.append(status: status, code: code, toPaste: &text)
    }
    return String(text)
  }

  /// Adds one input of a paste to `text`: characters as they are (CR as a line break), the
  /// enter key as a line break, other keys not at all.
  private static func append(status: Int32, code: wint_t, toPaste text: inout String.UnicodeScalarView) {
    if status == tide_key_code_yes() {
      if Int32(bitPattern: UInt32(code)) == KEY_ENTER { text.append("\n") }
      return
    }
    guard let scalar = Unicode.Scalar(UInt32(code)) else { return }
    text.append(scalar == "\r" ? "\n" : scalar)
  }

  /// After an end marker: whether the paste goes on, because input follows without a pause
  /// up to another end marker or for more than anyone types in one go. If so, the marker's
  /// bytes and what followed are added to `text`; if not, what followed is given back to
  /// ncurses, to be read as the keys it is.
  private func pasteGoesOn(after text: inout String.UnicodeScalarView) -> Bool {
    // A terminal sends a paste in one burst; 30 ms without input ends it. At most 100 inputs
    // are held back, well within what ncurses can take back (and more than a burst of typing).
    wtimeout(tide_stdscr(), 30)
    defer { wtimeout(tide_stdscr(), 1000) }
    while true {
      var following: [(status: Int32, code: wint_t)] = []
      var reachesAnotherEnd = false
      while following.count < 100 {
        var code: wint_t = 0
        let status = tide_get_wide_char(&code)
        if status == tide_err() { break }
        if status == tide_key_code_yes(), Int32(bitPattern: UInt32(code)) == tide_paste_end_code() {
          reachesAnotherEnd = true
          break
        }
        following.append((status, code))
      }
      guard reachesAnotherEnd || following.count == 100 else {
        // The paste had ended: give back what came after it, last first.
        for input in following.reversed() {
          if input.status == tide_key_code_yes() {
            ungetch(Int32(bitPattern: UInt32(input.code)))
          } else {
            unget_wch(wchar_t(bitPattern: UInt32(input.code)))
          }
        }
        return false
      }
      text.append(contentsOf: "\u{1B}[201~".unicodeScalars)
      for input in following { Self.append(status: input.status, code: input.code, toPaste: &text) }
      // Past 100 inputs the paste goes on to its next end marker; another end marker is asked
      // the same question.
      if !reachesAnotherEnd { return true }
    }
  }

  /// Tells ncurses the tty's new size, which its own SIGWINCH handling would have done.
  private func adoptNewSize() -> InputEvent {
    // resizeterm may queue a KEY_RESIZE for the next read.
    inputMayBePending = true
    var columns: Int32 = 0
    var rows: Int32 = 0
    if tide_tty_size(&columns, &rows) != 0 {
      resizeterm(rows, columns)
      colorPairs.resize(columns: Int(columns), rows: Int(rows))
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
