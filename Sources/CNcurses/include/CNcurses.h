#ifndef TIDE_CNCURSES_H
#define TIDE_CNCURSES_H

/*
 * The one place in the package that includes ncurses. Swift imports plain functions and integer
 * macros (KEY_UP, ERR, ...) directly; everything ncurses defines as a function-like macro or a
 * mutable global (stdscr, LINES, COLS, A_BOLD, COLOR_PAIR, KEY_F, getmaxyx) is wrapped below,
 * because Swift cannot import macros and Swift 6 rejects unsynchronised global variables.
 *
 * The wide-character API must be visible to Swift too, so the defines the target is compiled
 * with are repeated here for importers (cSettings do not reach dependent Swift modules).
 */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#if __has_include(<ncursesw/ncurses.h>)
#include <ncursesw/ncurses.h>
#else
#include <ncurses.h>
#endif

/* Globals and macros as functions. */
WINDOW *tide_stdscr(void);
void tide_getmaxyx(WINDOW *window, int *rows, int *columns);
attr_t tide_a_normal(void);
attr_t tide_a_bold(void);
attr_t tide_a_dim(void);
attr_t tide_a_reverse(void);
attr_t tide_a_underline(void);
attr_t tide_a_italic(void);
int tide_err(void);
int tide_colors(void);
int tide_color_pairs(void);

/* Starts ncurses on stdin/stdout; unlike initscr it returns 0 on failure instead of exiting. */
int tide_start(void);

/*
 * Draws one cell: `text` holds one grapheme cluster as UTF-32 code points (one spacing character
 * followed by combining ones). Returns OK or ERR.
 */
int tide_draw_cell(int row, int column, const wchar_t *text, int count, attr_t attributes, int pair);
/*
 * After wnoutrefresh: puts the cell at row, column of the update (newscr) in ncurses' picture of
 * the terminal (curscr), so that doupdate does not write it: for a cell the caller writes
 * itself after the update, in a form ncurses cannot say, so that it reaches the terminal once.
 */
void tide_mark_shown(int row, int column);
/*
 * After wnoutrefresh, given the rows drawn to since the last update: 1 when doupdate may move
 * lines (ncurses' hardware scrolling, which would move cells marked shown and rewrite others in
 * its own form), 0 when it cannot.
 */
int tide_lines_may_move(const int *changed_rows, int changed_count);

/*
 * Waking the input thread. The self-pipe is created by tide_input_open; tide_input_wake is safe
 * from any thread and from signal handlers (it only calls write(2)).
 */
int tide_input_open(void);
void tide_input_close(void);
void tide_input_wake(void);
/* Waits for stdin (unless watch_input is 0: its input ended) or a wake-up: 1 input ready,
   2 woken, 0 timed out, -1 error. On the main thread's run loop it also runs the main queue's
   jobs when they come (then 2). */
int tide_input_wait(int timeout_milliseconds, int watch_input);
/*
 * The terminal's input, byte for byte, as it sent it (ncurses reads no key: Tide's
 * InputDecoder decodes them): reads what stdin holds into `buffer`, without waiting. Returns
 * the number of bytes read, 0 when there are none now, -1 when the input has ended (hung up,
 * end of file, an error).
 */
int tide_input_read(unsigned char *buffer, int capacity);
/*
 * The main thread's run loop (main_thread_loop.c): with an async main, the main actor and the
 * screen loop can share the main thread, so an animation's tick wakes one thread.
 * tide_main_loop_claim keeps the main thread for the main queue: 1 if kept, 0 if not (called
 * off the main thread, e.g. after top-level code first suspended and the main queue went to
 * dispatch's pool), when the screen loop gets a thread of its own.
 * tide_main_loop_host runs session(context) on the main thread once the main queue's current
 * turn returns; 0 if it cannot (not claimed, another session). While it runs, its
 * tide_input_wait also waits for the main queue and runs its jobs (tide_main_loop_queue_fd is
 * then the queue's fd, else -1), and tide_main_loop_is_current is 1 on that thread.
 */
int tide_main_loop_claim(void);
int tide_main_loop_host(void (*session)(void *), void *context);
int tide_main_loop_is_current(void);
int tide_main_loop_queue_fd(void);
void tide_main_loop_drain(void);
/* Installs a SIGWINCH handler that records the resize and wakes the input thread. */
int tide_install_resize_handler(void);
void tide_remove_resize_handler(void);
/* Returns 1 and clears the flag if a resize signal arrived since the last call. */
int tide_take_resize(void);
/*
 * Quit signals: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF and
 * SIGXCPU each record a quit request and wake the input thread (after tide_input_open). Also
 * ignores SIGPIPE and SIGXFSZ for the rest of the process. 1 on success, 0 if a handler could
 * not be installed (none is then).
 */
int tide_quit_signals_install(void);
/*
 * The same signals for a run without a terminal (a replay): the first is recorded, to be read
 * with tide_quit_signal_pending where the run can stop whole; a second ends the process as the
 * signal's default action would. Removed with tide_quit_signals_remove. 1 on success.
 */
int tide_interrupt_signals_install(void);
/* The quit signal recorded and not yet taken, or 0. */
int tide_quit_signal_pending(void);
/*
 * Ignores SIGPIPE and SIGXFSZ for the rest of the process: a write to a pipe nobody reads, or
 * beyond `ulimit -f`, then fails with EPIPE or EFBIG, which the writer reports, instead of
 * killing the process with the terminal raw and the data half written.
 */
void tide_ignore_write_signals(void);
/* Puts back the handlers from before tide_quit_signals_install (or tide_interrupt_signals_install;
   tide_quit_signals_install after it switches the recorded signals to also wake the input
   thread, keeping one already recorded). */
void tide_quit_signals_remove(void);
/* The quit signal that arrived since the last call, cleared; 0 if none. */
int tide_take_quit_signal(void);
/*
 * The quit watch. tide_quit_watch_begin (1 on success) watches the run from here: the first quit
 * signal either handler records arms a timer, and when a whole grace period passes with no
 * tide_quit_watch_step and no hold (tide_quit_watch_hold(+1) … (-1) around a file write), the
 * timer's handler removes the file and folder given to tide_quit_watch_remove_on_end (NULL: none),
 * restores the terminal, says so on standard error and ends the process as the signal would.
 * tide_quit_watch_end stops watching: the run ended, or saw the signal and stops in order.
 */
int tide_quit_watch_begin(long grace_milliseconds);
void tide_quit_watch_end(void);
void tide_quit_watch_step(void);
void tide_quit_watch_hold(int change);
void tide_quit_watch_remove_on_end(const char *file, const char *folder);
/* Whether the watch, ending the process, also discards the terminal's unread input. */
void tide_quit_watch_flush_input_on_end(int flushes);
/*
 * Whether the terminal type can run a full-screen app, checked with setupterm before anything
 * is written: 0 usable, 1 TERM unset or empty, 2 unknown to terminfo, 3 cannot address the cursor
 * (e.g. dumb). Touches nothing on the screen.
 */
int tide_check_terminal_type(void);

/*
 * Crash safety. tide_crash_guard_install (after tide_start) saves what restoring the terminal
 * takes — the termios ncurses found, the strings that leave the alternate screen and show the
 * cursor — and installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT that,
 * async-signal-safely, put the terminal back, then let the signal end the process with its
 * default action (so nothing waits for input over a broken screen).
 * tide_crash_guard_remove puts the previous handlers back.
 */
int tide_crash_guard_install(void);
void tide_crash_guard_remove(void);
/*
 * The one restore of the terminal's modes, which every way out sends — an ordered exit (this
 * function, after endwin), ctrl-z (the suspend guard) and a crash (the crash guard): pointer
 * reporting and bracketed paste off, the keypad's normal mode (rmkx), attributes reset, the
 * cursor visible, focus reporting off, the title popped from its stack (when pushed), and a
 * hyperlink a crash cut short closed.
 */
void tide_terminal_modes_off(void);
/* Saves the tty's settings before ncurses changes them; call just before tide_start. */
void tide_save_tty(void);
/* Turns the tty's flow control (IXON, IXOFF) off while the app runs: ctrl-s and ctrl-q are keys. */
void tide_flow_control_off(void);
/*
 * Turns the tty's signal characters (ISIG) off while the app runs: ctrl-c, ctrl-\ and ctrl-z
 * reach the app as bytes, so one inside a bracketed paste is text, never a signal. Typed, the
 * app sends their signal with tide_send_typed_signal: to the tty's foreground process group,
 * as the tty would have (the process itself if it cannot tell the group).
 */
void tide_signal_characters_off(void);
void tide_send_typed_signal(int signal_number);

/*
 * Pointer reporting (presses, releases, wheel; SGR extended coordinates). Prepare once after
 * tide_start and before tide_crash_guard_install (so a crash turns reporting off too); then
 * turn it on and off. Off writes nothing unless it was on.
 */
void tide_pointer_reporting_prepare(int on);
void tide_pointer_reporting(int on);
/*
 * ctrl-z and `fg`: a SIGTSTP handler that records the request and wakes the screen loop, in
 * place of ncurses' own (whose per-update SIGTSTP toggling then stops: two system calls a frame).
 * Install before tide_start; remove before endwin. tide_take_suspend returns 1 (and clears it)
 * if ctrl-z came since the last call; tide_suspend then does, on the screen loop's thread, what
 * ncurses' handler did — curses mode off, the process stopped until `fg`, all redrawn — with
 * pointer reporting and bracketed paste off while stopped and on again after.
 */
int tide_suspend_guard_install(void);
void tide_suspend_guard_remove(void);
int tide_take_suspend(void);
void tide_suspend(void);
/*
 * Hands the terminal to a program, as ctrl-z hands it to the shell: leaves curses mode (the
 * modes Tide turned on off, the shell's tty modes), runs `arguments` (NULL-terminated; the
 * first looked up in PATH) with the terminal as its input and output and every signal at its
 * default, waits for it, and comes back (the program's tty modes, everything repainted from
 * ncurses' picture, the modes on again). Returns 0 and sets `exit_status` (or `signal_number`
 * when a signal ended it), or the error that kept it from starting (ENOENT, EACCES…).
 */
int tide_hand_over(char *const *arguments, int *exit_status, int *signal_number);

/*
 * Inline mode: the app draws below the cursor, without ncurses' screen. tide_inline_begin
 * (after tide_save_tty) loads terminfo for the way out's strings, sets the tty's modes as
 * full screen does (cbreak, no echo, no CR translation, no flow control or signal characters)
 * and hides the cursor; 0 on failure. The crash guard, the suspend guard (ctrl-z) and
 * tide_hand_over then leave and come back without ncurses: the shell's tty modes while
 * stopped, the app's again after, the live area left to the caller to erase and redraw; a crash
 * erases the live area from its first line, `row` lines above the cursor's as last told by
 * tide_inline_cursor_row (after each frame written). tide_inline_end puts the shell's tty modes
 * back (after tide_terminal_modes_off).
 */
int tide_inline_begin(void);
void tide_inline_cursor_row(int row);
void tide_inline_end(void);
/*
 * The terminal device for an app whose standard input or output is not the terminal
 * (`x=$(printf 'a\nb\n' | tide-pick)`): opens /dev/tty and puts it in place of fd 0 and fd 1
 * where they are not terminals, keeping the originals; 0 when there is no terminal.
 * tide_terminal_device_detach puts the originals back, so what is written after it reaches the
 * app's standard output.
 */
int tide_terminal_device_attach(void);
void tide_terminal_device_detach(void);

/* Turns bracketed paste on or off. */
void tide_bracketed_paste(int on);
/* Turns focus reporting (mode 1004: CSI I, CSI O) on or off; every way out turns it off. */
void tide_focus_reporting(int on);
/* Turns on modified keys in the form the terminal answered for: 1 the kitty keyboard protocol
 * ("disambiguate", pushed on its stack), 2 xterm's modifyOtherKeys (level 1), 0 none. Every way
 * out (an ordered exit, ctrl-z, a hand-over, a crash, the quit watch) turns it off again, and
 * the way back from ctrl-z or a hand-over on. */
void tide_keyboard_mode(int mode);
/* Whether ctrl-z can stop the process: SIGTSTP was not ignored at the start (a shell with job
 * control, which continues it with `fg`). */
int tide_can_suspend(void);
/* Shows the terminal's cursor at row, column — the focused text component's caret — after an
 * update and its overlay, or hides it for a position off the screen (a negative row). */
void tide_place_cursor(int row, int column);
/*
 * The window title's stack (xterm's XTWINOPS 22 and 23). Prepare once after tide_start and
 * before tide_crash_guard_install, for an app that sets the title: then tide_title_stack_push
 * saves the terminal's title (CSI 22;0t), and every way out pops it back (CSI 23;0t, part of
 * the modes' restore); ctrl-z pops it while stopped and pushes it again after `fg`.
 */
void tide_title_stack_prepare(int on);
void tide_title_stack_push(void);
/*
 * Writes `bytes` to the terminal at once, after what stdio holds: a string that moves no cursor
 * and changes no cell (a title, a clipboard copy), between two frames. The caller makes sure it
 * holds no control character but its own introducer and terminator.
 */
void tide_write_control(const char *bytes, int length);

/*
 * tide_overlay_flush, right after doupdate, writes what tide_overlay_sgr and tide_overlay_link
 * queued (`width`: the columns of `utf8`), then one reset to plain attributes, and tells ncurses
 * where the cursor was left.
 */
void tide_overlay_flush(void);
/*
 * What ncurses cannot say (24-bit colour on a terminal type without direct colour,
 * strikethrough, underline shapes and colours, emoji sequences of more than one spacing
 * character): tide_overlay_sgr queues `utf8` for the cells from row, column, written after the
 * frame in the SGR `sgr` (CSI 0;...m, which starts from plain attributes), over what ncurses
 * holds there in the nearest style it can.
 */
void tide_overlay_sgr(int row, int column, int width, const char *sgr, int sgr_length, const char *utf8, int length);
/*
 * A hyperlink (OSC 8) over cells ncurses drew: as tide_overlay_sgr, with the text between an
 * OSC 8 that opens the link to `uri` (checked by the caller: printable ASCII only) and one that
 * closes it, so no link outlives its cells.
 */
void tide_overlay_link(int row, int column, int width, const char *sgr, int sgr_length, const char *uri,
                       int uri_length, const char *utf8, int length);

/* init_extended_pair: defines colour pair `pair` (past 32767 too). OK or ERR. */
int tide_init_pair(int pair, int foreground, int background);
/* 1 when the terminal's terminfo entry has the string capability `name` (such as "smxx"). */
int tide_has_string_capability(const char *name);
/* The locale's character set (nl_langinfo(CODESET)), such as "UTF-8", after setlocale. */
const char *tide_codeset(void);
/* getenv("TERM"), or NULL. */
const char *tide_term(void);
/* terminfo's colour count for TERM, read before ncurses starts; -1 when TERM is unset or unknown. */
int tide_terminfo_colors(void);

/* wcwidth(3) of one code point in the current locale: the columns ncurses gives it. */
int tide_wcwidth(unsigned int code_point);

/* The terminal's size from the tty (TIOCGWINSZ); returns 0 on failure. */
int tide_tty_size(int *columns, int *rows);

/* accept4(2) with SOCK_CLOEXEC, and pipe2(2) with O_CLOEXEC | O_NONBLOCK: descriptors made
   close-on-exec in the one call, so that a program started meanwhile (a hand-over) cannot
   inherit them. Swift's Glibc module does not declare either (they are GNU extensions). */
int tide_accept_close_on_exec(int listener);
int tide_pipe_close_on_exec_nonblocking(int ends[2]);

#endif
