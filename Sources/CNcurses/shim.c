#include "CNcurses.h"

#include <errno.h>
#include <langinfo.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <term.h>
/* term.h names every terminfo capability as a macro; these two clash with our parameter names. */
#undef columns
#undef lines
#include <termios.h>
#include <unistd.h>

extern char **environ;

WINDOW *tide_stdscr(void) { return stdscr; }
void tide_getmaxyx(WINDOW *window, int *rows, int *columns) {
  int y = 0, x = 0;
  if (window != NULL) {
    getmaxyx(window, y, x);
  }
  *rows = y;
  *columns = x;
}

attr_t tide_a_normal(void) { return A_NORMAL; }
attr_t tide_a_bold(void) { return A_BOLD; }
attr_t tide_a_dim(void) { return A_DIM; }
attr_t tide_a_reverse(void) { return A_REVERSE; }
attr_t tide_a_underline(void) { return A_UNDERLINE; }
attr_t tide_a_italic(void) { return A_ITALIC; }
int tide_err(void) { return ERR; }
int tide_colors(void) { return COLORS; }
int tide_color_pairs(void) { return COLOR_PAIRS; }

int tide_start(void) {
  SCREEN *screen = newterm(NULL, stdout, stdin);
  if (screen == NULL) {
    return 0;
  }
  set_term(screen);
  return 1;
}

int tide_draw_cell(int row, int column, const wchar_t *text, int count, attr_t attributes, int pair) {
  /* setcchar takes one spacing character plus at most CCHARW_MAX - 1 combining ones. */
  wchar_t buffer[CCHARW_MAX + 1];
  if (count <= 0) {
    return ERR;
  }
  if (count > CCHARW_MAX) {
    count = CCHARW_MAX;
  }
  memcpy(buffer, text, (size_t)count * sizeof(wchar_t));
  buffer[count] = L'\0';
  cchar_t cell;
  /* The pair also through `opts` (an ncurses extension): pairs past 32767 do not fit a short. */
  if (setcchar(&cell, buffer, attributes, (short)pair, &pair) == ERR) {
    return ERR;
  }
  return mvwadd_wch(stdscr, row, column, &cell);
}

void tide_mark_shown(int row, int column) {
  cchar_t cell;
  if (mvwin_wch(newscr, row, column, &cell) == OK) {
    mvwadd_wch(curscr, row, column, &cell);
  }
}

/* A row's text (no attributes: two rows ncurses may match have at least the same text). */
static unsigned long row_text_hash(WINDOW *window, int row, int columns, cchar_t *cells) {
  unsigned long hash = 5381;
  if (mvwin_wchnstr(window, row, 0, cells, columns) == ERR) {
    return hash;
  }
  for (int column = 0; column < columns; column++) {
    wchar_t text[CCHARW_MAX + 1];
    attr_t attributes;
    short pair;
    if (getcchar(&cells[column], text, &attributes, &pair, NULL) == ERR) {
      continue;
    }
    for (int index = 0; index < CCHARW_MAX && text[index] != L'\0'; index++) {
      hash = hash * 33 + (unsigned long)text[index];
    }
    hash = hash * 33 + 1;
  }
  return hash;
}

int tide_lines_may_move(const int *changed_rows, int changed_count) {
  /* ncurses' hash map moves a line that occurs once on the screen and once in the update, at
     two different rows (and grows moves from there): without such a line, nothing moves. A row
     left as it was occurs on both at its own row, so such a line is a changed row that was
     another changed row's: never with fewer than two rows changed, the usual frame. */
  int rows = LINES;
  int columns = COLS;
  if (changed_count < 2 || rows <= 1 || columns <= 0) {
    return 0;
  }
  unsigned long *old_hashes = malloc(sizeof(unsigned long) * (size_t)rows * 2);
  cchar_t *cells = malloc(sizeof(cchar_t) * ((size_t)columns + 1));
  if (old_hashes == NULL || cells == NULL) {
    free(old_hashes);
    free(cells);
    return 1;
  }
  unsigned long *new_hashes = old_hashes + rows;
  for (int row = 0; row < rows; row++) {
    old_hashes[row] = row_text_hash(curscr, row, columns, cells);
    new_hashes[row] = old_hashes[row];
  }
  for (int index = 0; index < changed_count; index++) {
    int row = changed_rows[index];
    if (row >= 0 && row < rows) {
      new_hashes[row] = row_text_hash(newscr, row, columns, cells);
    }
  }
  int may_move = 0;
  for (int index = 0; index < changed_count && !may_move; index++) {
    int row = changed_rows[index];
    if (row < 0 || row >= rows) {
      continue;
    }
    int new_count = 0, old_count = 0, old_row = -1;
    for (int other = 0; other < rows; other++) {
      if (new_hashes[other] == new_hashes[row]) new_count++;
      if (old_hashes[other] == new_hashes[row]) {
        old_count++;
        old_row = other;
      }
    }
    may_move = new_count == 1 && old_count == 1 && old_row != row;
  }
  free(old_hashes);
  free(cells);
  return may_move;
}

/* Written before the input thread starts and read only after, so plain ints suffice. */
static int wake_read_fd = -1;
static int wake_write_fd = -1;
/* Set by the SIGWINCH handler on whatever thread the signal lands, taken by the screen thread:
   a lock-free atomic, so the hand-over is both async-signal-safe and race-free. */
static atomic_int resize_pending = 0;
static struct sigaction previous_winch_action;
static int winch_handler_installed = 0;

int tide_input_open(void) {
  if (wake_read_fd >= 0) {
    return 1;
  }
  int fds[2];
  if (pipe(fds) != 0) {
    return 0;
  }
  for (int i = 0; i < 2; i++) {
    fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    fcntl(fds[i], F_SETFD, FD_CLOEXEC);
  }
  wake_read_fd = fds[0];
  wake_write_fd = fds[1];
  return 1;
}

void tide_input_close(void) {
  if (wake_read_fd >= 0) {
    close(wake_read_fd);
    close(wake_write_fd);
    wake_read_fd = -1;
    wake_write_fd = -1;
  }
}

void tide_input_wake(void) {
  int saved = errno;
  if (wake_write_fd >= 0) {
    /* A full pipe already guarantees a wake-up, so a failed write is harmless. */
    ssize_t ignored = write(wake_write_fd, "w", 1);
    (void)ignored;
  }
  errno = saved;
}

int tide_input_wait(int timeout_milliseconds, int watch_input) {
  struct pollfd fds[3];
  /* A negative fd is skipped by poll: the terminal's input once it has ended. */
  fds[0].fd = watch_input ? STDIN_FILENO : -1;
  fds[0].events = POLLIN;
  fds[0].revents = 0;
  fds[1].fd = wake_read_fd;
  fds[1].events = POLLIN;
  fds[1].revents = 0;
  /* A negative fd is skipped by poll: the main queue's only on the main thread's run loop. */
  fds[2].fd = tide_main_loop_queue_fd();
  fds[2].events = POLLIN;
  fds[2].revents = 0;
  int result = poll(fds, 3, timeout_milliseconds);
  if (result < 0) {
    /* A signal interrupted the wait: report it as a wake-up so the caller re-checks state. */
    return errno == EINTR ? 2 : -1;
  }
  if (result == 0) {
    return 0;
  }
  if (fds[2].revents & POLLIN) {
    /* The main actor's jobs run here; what they hand the screen loop it reads next. */
    tide_main_loop_drain();
    return 2;
  }
  if (fds[1].revents & POLLIN) {
    /* A read of a pipe returns all it holds, up to the buffer's size: a short read emptied it,
       so no second read (one system call a frame of an animation) is needed to find that out. */
    char drain[64];
    while (read(wake_read_fd, drain, sizeof drain) == (ssize_t)sizeof drain) {
    }
    return 2;
  }
  return 1;
}

int tide_input_read(unsigned char *buffer, int capacity) {
  /* Never blocks: the tty's file description is shared with the shell, so it stays blocking
     and a zero-timeout poll says whether a read would wait. */
  struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
  int ready = poll(&input, 1, 0);
  if (ready < 0) {
    return errno == EINTR ? 0 : -1;
  }
  if (ready == 0) {
    return 0;
  }
  if ((input.revents & POLLIN) == 0) {
    /* Hung up or an error, and nothing left to read. */
    return -1;
  }
  ssize_t count = read(STDIN_FILENO, buffer, (size_t)capacity);
  if (count < 0) {
    return errno == EINTR || errno == EAGAIN ? 0 : -1;
  }
  return count == 0 ? -1 : (int)count;
}

static void on_window_change(int signal_number) {
  (void)signal_number;
  atomic_store(&resize_pending, 1);
  tide_input_wake();
}

int tide_install_resize_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_window_change;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGWINCH, &action, &previous_winch_action) != 0) {
    return 0;
  }
  winch_handler_installed = 1;
  return 1;
}

void tide_remove_resize_handler(void) {
  if (winch_handler_installed) {
    sigaction(SIGWINCH, &previous_winch_action, NULL);
    winch_handler_installed = 0;
  }
}

int tide_take_resize(void) {
  return atomic_exchange(&resize_pending, 0) ? 1 : 0;
}

/* Installs `handler` (with `flags`) for each of `signals`, keeping the actions it replaces in
   `previous`; if one cannot be installed, puts back those already replaced. 1 on success. */
static int install_handlers(const int *signals, size_t count, void (*handler)(int), int flags,
                            struct sigaction *previous) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  for (size_t i = 0; i < count; i++) {
    if (sigaction(signals[i], &action, &previous[i]) != 0) {
      while (i-- > 0) {
        sigaction(signals[i], &previous[i], NULL);
      }
      return 0;
    }
  }
  return 1;
}

/* Puts back the actions install_handlers replaced. */
static void restore_handlers(const int *signals, size_t count, const struct sigaction *previous) {
  for (size_t i = 0; i < count; i++) {
    sigaction(signals[i], &previous[i], NULL);
  }
}

/* The signals whose default action ends a process, besides the crash signals: each becomes a
   quit request, recorded here and taken by the screen thread, which reads the input typed
   before it, then reports the quit. Installed with sigaction at once (no window in which a
   signal is ignored or kills the process with the terminal raw), and the handler only stores an
   atomic and writes to the wake-up pipe, both async-signal-safe. */
static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                   SIGVTALRM, SIGPROF, SIGXCPU};
#define QUIT_SIGNAL_COUNT (sizeof quit_signals / sizeof quit_signals[0])
static struct sigaction previous_quit_actions[QUIT_SIGNAL_COUNT];
static int quit_handlers_installed = 0;
static atomic_int quit_pending = 0;

/* The quit watch (see QuitWatch.swift): a timer armed by the first quit signal of a watched run
   checks, in signal context, whether the run took a step in the last grace period; if not, it
   ends the process as the signal would. No thread of its own: an app runs on one thread. */
static void post_to_quit_watch(int signal_number);
static void append_bytes(char *buffer, size_t size, size_t *used, const char *bytes, size_t length);
static void raise_with_default_action(int signal_number);
static void restore_terminal_at_once(void);
/* The program the terminal is handed to (tide_hand_over), while it runs: a quit signal sent
   to this process is passed on to it. */
static atomic_int hand_over_child = 0;

static void on_quit_signal(int signal_number) {
  pid_t child = atomic_load(&hand_over_child);
  if (child > 0) {
    kill(child, signal_number);
  }
  atomic_store(&quit_pending, signal_number);
  tide_input_wake();
  post_to_quit_watch(signal_number);
}

static atomic_int watch_ready = 0;
static atomic_int watching = 0;
static atomic_int watch_signal = 0;
static atomic_ulong watch_steps = 0;
static atomic_ulong watch_steps_seen = 0;
static atomic_int watch_holds = 0;
static long watch_grace_ms = 2000;
static timer_t watch_timer;
static char watch_remove_file[4096];
static char watch_remove_folder[4096];
static atomic_int watch_removes = 0;
static atomic_int watch_flushes_input = 0;

static void arm_watch(long milliseconds) {
  struct itimerspec when;
  memset(&when, 0, sizeof when);
  when.it_value.tv_sec = milliseconds / 1000;
  when.it_value.tv_nsec = (milliseconds % 1000) * 1000000L;
  timer_settime(watch_timer, 0, &when, NULL);
}

static void post_to_quit_watch(int signal_number) {
  if (!atomic_load(&watch_ready) || !atomic_load(&watching)) {
    return;
  }
  int expected = 0;
  if (!atomic_compare_exchange_strong(&watch_signal, &expected, signal_number)) {
    return;
  }
  atomic_store(&watch_steps_seen, atomic_load(&watch_steps));
  arm_watch(watch_grace_ms);
}

static void append_text(char *buffer, size_t size, size_t *used, const char *text) {
  append_bytes(buffer, size, used, text, strlen(text));
}

static const char *signal_name(int signal_number) {
  switch (signal_number) {
  case SIGINT: return "SIGINT";
  case SIGTERM: return "SIGTERM";
  case SIGHUP: return "SIGHUP";
  case SIGQUIT: return "SIGQUIT";
  case SIGUSR1: return "SIGUSR1";
  case SIGUSR2: return "SIGUSR2";
  case SIGALRM: return "SIGALRM";
  case SIGVTALRM: return "SIGVTALRM";
  case SIGPROF: return "SIGPROF";
  case SIGXCPU: return "SIGXCPU";
  default: return "a quit signal";
  }
}

/* Async-signal-safe: atomics, timer_settime, unlink, rmdir, write, tcsetattr, sigaction, raise. */
static void on_watch_timer(int timer_signal) {
  (void)timer_signal;
  int signal_number = atomic_load(&watch_signal);
  if (!atomic_load(&watching) || signal_number == 0) {
    return;
  }
  unsigned long steps = atomic_load(&watch_steps);
  if (steps != atomic_load(&watch_steps_seen)) {
    atomic_store(&watch_steps_seen, steps);
    arm_watch(watch_grace_ms);
    return;
  }
  if (atomic_load(&watch_holds) > 0) {
    /* A file write under way is never cut: looked at again shortly. */
    arm_watch(10);
    return;
  }
  if (atomic_load(&watch_removes)) {
    unlink(watch_remove_file);
    rmdir(watch_remove_folder);
  }
  restore_terminal_at_once();
  if (atomic_load(&watch_flushes_input)) {
    /* Keys typed for a live app still starting are not the shell's to run either. */
    tcflush(STDIN_FILENO, TCIFLUSH);
  }
  char message[512];
  size_t used = 0;
  char seconds[24];
  long whole = watch_grace_ms / 1000;
  size_t digits = 0;
  do {
    seconds[sizeof seconds - 1 - digits++] = (char)('0' + whole % 10);
    whole /= 10;
  } while (whole > 0 && digits < sizeof seconds - 1);
  append_text(message, sizeof message, &used, program_invocation_short_name);
  append_text(message, sizeof message, &used, ": stopped by ");
  append_text(message, sizeof message, &used, signal_name(signal_number));
  append_text(message, sizeof message, &used, " while busy: one step ran on for ");
  append_bytes(message, sizeof message, &used, seconds + sizeof seconds - digits, digits);
  append_text(message, sizeof message, &used,
              " s after the signal, so the app could not stop in order; files already written are whole, "
              "and what was not yet saved or written was not\n");
  ssize_t ignored = write(STDERR_FILENO, message, used);
  (void)ignored;
  raise_with_default_action(signal_number);
}

int tide_quit_watch_begin(long grace_milliseconds) {
  if (!atomic_load(&watch_ready)) {
    int timer_signal = SIGRTMIN + 5;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_watch_timer;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(timer_signal, &action, NULL) != 0) {
      return 0;
    }
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = timer_signal;
    if (timer_create(CLOCK_MONOTONIC, &event, &watch_timer) != 0) {
      return 0;
    }
    atomic_store(&watch_ready, 1);
  }
  watch_grace_ms = grace_milliseconds;
  atomic_store(&watch_signal, 0);
  atomic_store(&watch_removes, 0);
  atomic_store(&watching, 1);
  /* A signal recorded before (while the command started) is watched from here. */
  int pending = atomic_load(&quit_pending);
  if (pending != 0) {
    post_to_quit_watch(pending);
  }
  return 1;
}

void tide_quit_watch_end(void) {
  atomic_store(&watching, 0);
  atomic_store(&watch_flushes_input, 0);
  if (atomic_load(&watch_ready)) {
    arm_watch(0);
  }
}

void tide_quit_watch_step(void) {
  atomic_fetch_add_explicit(&watch_steps, 1, memory_order_relaxed);
}

void tide_quit_watch_hold(int change) {
  atomic_fetch_add(&watch_holds, change);
}

void tide_quit_watch_flush_input_on_end(int flushes) {
  atomic_store(&watch_flushes_input, flushes);
}

void tide_quit_watch_remove_on_end(const char *file, const char *folder) {
  atomic_store(&watch_removes, 0);
  if (file == NULL || folder == NULL || strlen(file) >= sizeof watch_remove_file || strlen(folder) >= sizeof watch_remove_folder) {
    return;
  }
  strcpy(watch_remove_file, file);
  strcpy(watch_remove_folder, folder);
  atomic_store(&watch_removes, 1);
}

void tide_ignore_write_signals(void) {
  signal(SIGPIPE, SIG_IGN);
  signal(SIGXFSZ, SIG_IGN);
}

static int quit_handlers_record_only = 0;

/* Points each quit signal at `handler`, but one ignored on entry (previous_quit_actions), which
   stays ignored, as the shell meant it: a run started in the background (`&`) keeps ignoring
   the SIGINT and SIGQUIT of a ctrl-c typed for the foreground job, and one started with nohup
   keeps ignoring SIGHUP. 1 on success. */
static int point_quit_signals_at(void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (size_t i = 0; i < QUIT_SIGNAL_COUNT; i++) {
    if ((previous_quit_actions[i].sa_flags & SA_SIGINFO) == 0 && previous_quit_actions[i].sa_handler == SIG_IGN) {
      continue;
    }
    if (sigaction(quit_signals[i], &action, NULL) != 0) {
      return 0;
    }
  }
  return 1;
}

int tide_quit_signals_install(void) {
  /* For the rest of the process: the writers may outlive the terminal. */
  tide_ignore_write_signals();
  if (quit_handlers_installed && quit_handlers_record_only) {
    /* The command recorded quit signals from its start (tide_interrupt_signals_install): from
       here they wake the screen thread too; one recorded before stays pending for it. */
    if (!point_quit_signals_at(on_quit_signal)) {
      return 0;
    }
    quit_handlers_record_only = 0;
    return 1;
  }
  if (quit_handlers_installed) {
    return 1;
  }
  if (!install_handlers(quit_signals, QUIT_SIGNAL_COUNT, on_quit_signal, SA_RESTART, previous_quit_actions)) {
    return 0;
  }
  atomic_store(&quit_pending, 0);
  quit_handlers_installed = 1;
  return 1;
}

/* Ends the process as `signal_number` would have without a handler: its default action, unblocked,
   raised again. Async-signal-safe. */
static void raise_with_default_action(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  sigprocmask(SIG_UNBLOCK, &unblock, NULL);
  raise(signal_number);
}

/* In a run without a terminal (a replay): the first quit signal is recorded, to be acted on
   where the run can stop whole; a second one means the user will not wait, and ends the
   process as the signal's default would. Only async-signal-safe calls. */
static void on_interrupt_signal(int signal_number) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&quit_pending, &expected, signal_number)) {
    post_to_quit_watch(signal_number);
    return;
  }
  raise_with_default_action(signal_number);
}

int tide_interrupt_signals_install(void) {
  tide_ignore_write_signals();
  if (quit_handlers_installed) {
    return 1;
  }
  atomic_store(&quit_pending, 0);
  for (size_t i = 0; i < QUIT_SIGNAL_COUNT; i++) {
    if (sigaction(quit_signals[i], NULL, &previous_quit_actions[i]) != 0) {
      return 0;
    }
  }
  if (!point_quit_signals_at(on_interrupt_signal)) {
    restore_handlers(quit_signals, QUIT_SIGNAL_COUNT, previous_quit_actions);
    return 0;
  }
  quit_handlers_installed = 1;
  quit_handlers_record_only = 1;
  return 1;
}

int tide_quit_signal_pending(void) {
  return atomic_load(&quit_pending);
}

void tide_quit_signals_remove(void) {
  if (!quit_handlers_installed) {
    return;
  }
  restore_handlers(quit_signals, QUIT_SIGNAL_COUNT, previous_quit_actions);
  quit_handlers_installed = 0;
  quit_handlers_record_only = 0;
}

int tide_take_quit_signal(void) {
  return atomic_exchange(&quit_pending, 0);
}

int tide_tty_size(int *columns, int *rows) {
  struct winsize size;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 && ioctl(STDIN_FILENO, TIOCGWINSZ, &size) != 0) {
    return 0;
  }
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 1;
}

int tide_check_terminal_type(void) {
  const char *type = getenv("TERM");
  if (type == NULL || type[0] == '\0') {
    return 1;
  }
  int status = 0;
  /* A private TERMINAL, deleted at once, so ncurses' later newterm starts from scratch. */
  TERMINAL *previous = cur_term;
  if (setupterm(type, STDOUT_FILENO, &status) != OK) {
    return 2;
  }
  char *address = tigetstr("cup");
  int usable = address != NULL && address != (char *)-1;
  TERMINAL *checked = cur_term;
  set_curterm(previous);
  del_curterm(checked);
  return usable ? 0 : 3;
}

/* What the crash handler needs, prepared before it can run and never freed. */
static struct termios saved_tty;
static int saved_tty_valid = 0;
/* What endwin does to the screen, for the one path that cannot call it (a crash): attributes
   reset, the alternate screen left, a fresh line. */
static char crash_leave_screen[128];
static size_t crash_leave_screen_length = 0;
/* Whether the app runs inline (tide_inline_begin). */
static int inline_mode = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];
static int crash_guard_installed = 0;

void tide_save_tty(void) {
  saved_tty_valid = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
}

/* Flow control off (IXON, IXOFF) while the app runs: with IXON on, ctrl-s (0x13) typed or pasted
   froze the screen until ctrl-q, and neither reached the app as a key. Recorded as ncurses'
   program mode, so a resume after ctrl-z puts it back; the shell's mode, saved by newterm, and
   saved_tty for a crash restore flow control on every exit. */
void tide_flow_control_off(void) {
  struct termios modes;
  if (tcgetattr(STDIN_FILENO, &modes) != 0) {
    return;
  }
  modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
  tcsetattr(STDIN_FILENO, TCSANOW, &modes);
  def_prog_mode();
}

/* Signal characters off (ISIG) while the app runs: with ISIG on, the tty turned a 0x03, 0x1c or
   0x1a byte into SIGINT, SIGQUIT or SIGTSTP wherever it came, inside a bracketed paste too, so
   pasted text holding one quit or stopped the app. The app reads them as bytes and, typed
   outside a paste, sends the signal itself (tide_send_typed_signal). Recorded as ncurses'
   program mode, as flow control is, so `fg` after ctrl-z turns it off again; the shell's mode
   and saved_tty turn it back on at every exit, a crash included. */
void tide_signal_characters_off(void) {
  struct termios modes;
  if (tcgetattr(STDIN_FILENO, &modes) != 0) {
    return;
  }
  modes.c_lflag &= ~(tcflag_t)ISIG;
  tcsetattr(STDIN_FILENO, TCSANOW, &modes);
  def_prog_mode();
}

void tide_send_typed_signal(int signal_number) {
  /* What the tty did with ISIG on: the signal to its foreground process group — every process
     of the job, a pipeline's too, as a shell's job control expects; this one takes it in its
     own handler, as it takes one sent with kill. */
  pid_t group = tcgetpgrp(STDIN_FILENO);
  if (group > 0 && killpg(group, signal_number) == 0) {
    return;
  }
  raise(signal_number);
}

/* Appends `length` bytes to `buffer` (holding `*used` of `size`) if they fit. */
static void append_bytes(char *buffer, size_t size, size_t *used, const char *bytes, size_t length) {
  if (*used + length < size) {
    memcpy(buffer + *used, bytes, length);
    *used += length;
  }
}

/* Appends the terminfo string capability `name`, if the terminal has it. */
static void append_capability(char *buffer, size_t size, size_t *used, const char *name) {
  char *value = tigetstr(name);
  if (value == NULL || value == (char *)-1) {
    return;
  }
  append_bytes(buffer, size, used, value, strlen(value));
}

static void write_all(const char *bytes, size_t length);

/* Pointer reporting: presses, releases and the wheel (1000) in SGR extended coordinates (1006).
   No motion (1002/1003): a moving pointer would cost the app a wake-up per cell. */
static const char pointer_on[] = "\033[?1000h\033[?1006h";
static const char pointer_off[] = "\033[?1006l\033[?1000l";

/*
 * The one restore of the terminal's modes, whatever way the program ends or stops: sent by
 * tide_terminal_modes_off (an ordered exit, after endwin), by the suspend handler before ctrl-z
 * stops the process, and by the crash handler. Pointer reporting, bracketed paste and focus
 * reporting off, the window title popped from the terminal's title stack (when the app pushed
 * it), the keypad out of its "transmit" mode (rmkx: left on, the shell's arrow keys arrive in a
 * form it does not read), attributes reset, the cursor visible; a hyperlink a crash may have cut
 * short is closed before it (send_modes_off). Built from terminfo once ncurses has started,
 * before any handler that sends it is installed; never freed.
 */
static char modes_off[256];
static size_t modes_off_length = 0;

/* Set before the crash guard is installed (it builds modes_off): whether the title was pushed
   on the terminal's title stack at the start, so every way out pops it. */
static volatile sig_atomic_t title_stack_wanted = 0;
/* Set once a hyperlink (OSC 8) was queued: a crash in the middle of writing one must not leave
   the shell's text linked. */
static volatile sig_atomic_t links_written = 0;
static const char title_push[] = "\033[22;0t";
static const char title_pop[] = "\033[23;0t";
static const char focus_on[] = "\033[?1004h";
static const char focus_off[] = "\033[?1004l";
static const char link_close[] = "\033]8;;\033\\";

/* The keyboard mode turned on once the terminal answered the start's queries
   (tide_keyboard_mode): 0 none, 1 the kitty keyboard protocol's "disambiguate" level pushed on
   its stack, 2 xterm's modifyOtherKeys (level 1). Every way out turns it off and come_back on. */
static volatile sig_atomic_t keyboard_mode = 0;
/* Whether the terminal's cursor is shown at a caret (tide_place_cursor). */
static int caret_shown = 0;
static const char kitty_keys_push[] = "\033[>1u";
static const char kitty_keys_pop[] = "\033[<u";
static const char other_keys_on[] = "\033[>4;1m";
static const char other_keys_off[] = "\033[>4m";

/* Turns the keyboard mode on or off. Async-signal-safe. */
static void write_keyboard_mode(int on) {
  if (keyboard_mode == 1) {
    write_all(on ? kitty_keys_push : kitty_keys_pop, on ? sizeof kitty_keys_push - 1 : sizeof kitty_keys_pop - 1);
  } else if (keyboard_mode == 2) {
    write_all(on ? other_keys_on : other_keys_off, on ? sizeof other_keys_on - 1 : sizeof other_keys_off - 1);
  }
}

static void prepare_modes_off(void) {
  modes_off_length = 0;
  append_bytes(modes_off, sizeof modes_off, &modes_off_length, pointer_off, sizeof pointer_off - 1);
  append_bytes(modes_off, sizeof modes_off, &modes_off_length, "\033[?2004l", 8);
  append_bytes(modes_off, sizeof modes_off, &modes_off_length, focus_off, sizeof focus_off - 1);
  if (title_stack_wanted) {
    append_bytes(modes_off, sizeof modes_off, &modes_off_length, title_pop, sizeof title_pop - 1);
  }
  append_capability(modes_off, sizeof modes_off, &modes_off_length, "rmkx");
  append_capability(modes_off, sizeof modes_off, &modes_off_length, "sgr0");
  append_capability(modes_off, sizeof modes_off, &modes_off_length, "cnorm");
}

/* modes_off, after closing a hyperlink a write cut short may have left open, with the keyboard
   mode off. Async-signal-safe. */
static void send_modes_off(void) {
  if (links_written) {
    write_all(link_close, sizeof link_close - 1);
  }
  write_keyboard_mode(0);
  write_all(modes_off, modes_off_length);
}

/* Inline mode: the cursor's line below the live area's first, set after each frame is written
   (tide_inline_cursor_row). A caret shown on the frame's third line rests the cursor there, and
   the crash string erases from the first line: it moves up first. */
static volatile sig_atomic_t inline_cursor_row = 0;

void tide_inline_cursor_row(int row) {
  inline_cursor_row = row > 0 ? row : 0;
}

/* crash_leave_screen, from the live area's first line when inline. Async-signal-safe. */
static void leave_screen_at_once(void) {
  int up = inline_cursor_row;
  if (inline_mode && up > 0) {
    /* CSI n A, the number written by hand: snprintf is not async-signal-safe. */
    char move[16] = "\033[";
    size_t length = 2;
    char digits[10];
    size_t count = 0;
    while (up > 0 && count < sizeof digits) {
      digits[count++] = (char)('0' + up % 10);
      up /= 10;
    }
    while (count > 0) {
      move[length++] = digits[--count];
    }
    move[length++] = 'A';
    write_all(move, length);
  }
  write_all(crash_leave_screen, crash_leave_screen_length);
}

static void on_crash(int signal_number) {
  /* Only async-signal-safe calls: write(2), tcsetattr(3) (a tcsetattr is an ioctl), sigaction, raise. */
  send_modes_off();
  leave_screen_at_once();
  if (saved_tty_valid) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
  }
  /* The default action, not the previous handler: Swift's backtracer would wait for a key. */
  raise_with_default_action(signal_number);
}

/* What the crash handler does to the terminal, for the quit watch: from any thread, whatever
   ncurses is doing, async-signal-safely. */
static void restore_terminal_at_once(void) {
  if (crash_guard_installed) {
    /* Keys typed for the app and not yet read are not the shell's to run. */
    tcflush(STDIN_FILENO, TCIFLUSH);
    send_modes_off();
    leave_screen_at_once();
    if (saved_tty_valid) {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
    }
  }
}


/* Set before the crash and suspend guards are installed, read by their handlers. */
static volatile sig_atomic_t pointer_wanted = 0;
static volatile sig_atomic_t pointer_active = 0;

void tide_pointer_reporting_prepare(int on) {
  pointer_wanted = on;
}

static void write_all(const char *bytes, size_t length) {
  size_t written = 0;
  while (written < length) {
    ssize_t count = write(STDOUT_FILENO, bytes + written, length - written);
    if (count <= 0) {
      if (count < 0 && errno == EINTR) continue;
      return;
    }
    written += (size_t)count;
  }
}

void tide_pointer_reporting(int on) {
  if (on && !pointer_wanted) {
    return;
  }
  if (!on && !pointer_active) {
    return;
  }
  fflush(stdout);
  write_all(on ? pointer_on : pointer_off, on ? sizeof pointer_on - 1 : sizeof pointer_off - 1);
  pointer_active = on;
}

/* ctrl-z. ncurses' own SIGTSTP handler (installed by newterm where SIGTSTP is at its default)
   leaves curses mode and stops the process from inside the signal handler, and to keep a stop
   out of the middle of an update it sets SIGTSTP to SIG_IGN and back around every doupdate:
   two rt_sigaction calls a frame. Installed before newterm, this handler takes its place (ncurses
   then leaves SIGTSTP alone): it only records the request and wakes the screen loop, which
   suspends between two frames (tide_suspend), with the modes Tide turned on itself off while
   the process is stopped. */
static struct sigaction previous_tstp_action;
static int suspend_guard_installed = 0;
static atomic_int suspend_pending = 0;
static const char paste_on[] = "\033[?2004h";

static void on_suspend(int signal_number) {
  (void)signal_number;
  atomic_store(&suspend_pending, 1);
  tide_input_wake();
}

int tide_suspend_guard_install(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_suspend;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGTSTP, &action, &previous_tstp_action) != 0) {
    return 0;
  }
  if (previous_tstp_action.sa_handler == SIG_IGN) {
    /* A shell without job control: ctrl-z stays ignored. */
    sigaction(SIGTSTP, &previous_tstp_action, NULL);
    return 1;
  }
  suspend_guard_installed = 1;
  return 1;
}

void tide_suspend_guard_remove(void) {
  if (suspend_guard_installed) {
    sigaction(SIGTSTP, &previous_tstp_action, NULL);
    suspend_guard_installed = 0;
  }
  atomic_store(&suspend_pending, 0);
}

int tide_can_suspend(void) {
  return suspend_guard_installed;
}

int tide_take_suspend(void) {
  return atomic_exchange(&suspend_pending, 0);
}

/* Inline mode (tide_inline_begin): no ncurses screen; the tty's modes are set and put back
   here, and the live area is the Swift side's to erase before a stop and redraw after. */
static struct termios inline_program_tty;
static const char cursor_hidden[] = "\033[?25l";

/* Leaves curses mode as ncurses' own SIGTSTP handler did, outside a signal handler: the modes
   Tide turned on off, the program's tty modes saved, endwin, with SIGALRM and SIGWINCH blocked
   on this thread (in `previous_mask` the mask to put back). Returns whether pointer reporting
   was on, for come_back. */
static int leave_screen(sigset_t *previous_mask) {
  int pointer = pointer_active;
  if (modes_off_length == 0) {
    prepare_modes_off();
  }
  fflush(stdout);
  send_modes_off();
  /* The tty's modes as the program set them — unless the shell already took the tty back. */
  if (!inline_mode && tcgetpgrp(STDIN_FILENO) == getpgrp()) {
    def_prog_mode();
  }
  sigset_t blocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGALRM);
  sigaddset(&blocked, SIGWINCH);
  pthread_sigmask(SIG_BLOCK, &blocked, previous_mask);
  if (inline_mode) {
    if (saved_tty_valid) {
      tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tty);
    }
  } else {
    endwin();
  }
  return pointer;
}

/* Back in curses mode after leave_screen: typed-ahead input dropped, the program's tty modes
   and the alternate screen back, all of it repainted from ncurses' picture, and the modes Tide
   turns on itself on again. With `keeps_shell_modes`, the tty's modes as they are now become
   the ones restored at the exit (changes the user made at the shell while stopped are theirs
   to keep; a program the terminal was handed to may leave it raw, which must not last). */
static void come_back(int pointer, const sigset_t *previous_mask, int keeps_shell_modes) {
  if (inline_mode) {
    tcflush(STDIN_FILENO, TCIFLUSH);
    if (keeps_shell_modes) {
      saved_tty_valid = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
    }
    tcsetattr(STDIN_FILENO, TCSADRAIN, &inline_program_tty);
    write_all(cursor_hidden, sizeof cursor_hidden - 1);
  } else {
    flushinp();
    if (keeps_shell_modes) {
      def_shell_mode();
    }
    clearok(curscr, TRUE);
    doupdate();
  }
  write_all(paste_on, sizeof paste_on - 1);
  write_all(focus_on, sizeof focus_on - 1);
  /* The title stack was popped with the other modes (the shell's title shows meanwhile):
     pushed again here; the screen loop then writes the app's title again. */
  if (title_stack_wanted) {
    write_all(title_push, sizeof title_push - 1);
  }
  /* ncurses sends keypad-local (rmkx) on the way out but not keypad-transmit on the way back:
     without it the terminal sends its cursor keys in the other form and the first is lost. */
  const char *smkx = inline_mode ? NULL : tigetstr("smkx");
  if (smkx != NULL && smkx != (char *)-1) {
    write_all(smkx, strlen(smkx));
  }
  if (pointer) {
    write_all(pointer_on, sizeof pointer_on - 1);
  }
  write_keyboard_mode(1);
  pthread_sigmask(SIG_SETMASK, previous_mask, NULL);
}

/* Sets `signal_number` to SIG_DFL or SIG_IGN, keeping what it was in `previous`. */
static void set_disposition(int signal_number, void (*disposition)(int), struct sigaction *previous) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = disposition;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, previous);
}

void tide_suspend(void) {
  sigset_t previous_mask;
  int pointer = leave_screen(&previous_mask);
  struct sigaction ours;
  set_disposition(SIGTSTP, SIG_DFL, &ours);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  raise(SIGTSTP);
  /* Stopped until `fg` (SIGCONT). */
  sigaction(SIGTSTP, &ours, NULL);
  come_back(pointer, &previous_mask, 1);
}

int tide_hand_over(char *const *arguments, int *exit_status, int *signal_number) {
  *exit_status = -1;
  *signal_number = 0;
  sigset_t previous_mask;
  int pointer = leave_screen(&previous_mask);
  /* ctrl-c and ctrl-\ typed to the program signal the whole foreground group: they are the
     program's, so this process ignores them meanwhile (as git does around an editor). A quit
     signal sent to this process alone (SIGTERM, SIGHUP) is passed on to the program by
     on_quit_signal, and the app ends once the program has. */
  struct sigaction previous_interrupt;
  struct sigaction previous_quit;
  set_disposition(SIGINT, SIG_IGN, &previous_interrupt);
  set_disposition(SIGQUIT, SIG_IGN, &previous_quit);
  /* The program starts as from a shell: every signal at its default, none blocked. */
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  const int reset[] = {SIGINT, SIGQUIT, SIGTSTP, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGALRM, SIGCHLD};
  for (size_t index = 0; index < sizeof reset / sizeof reset[0]; index++) {
    sigaddset(&defaults, reset[index]);
  }
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  pid_t child = 0;
  int error = posix_spawnp(&child, arguments[0], NULL, &attributes, arguments, environ);
  posix_spawnattr_destroy(&attributes);
  if (error == 0) {
    atomic_store(&hand_over_child, child);
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
      if (errno != EINTR) {
        status = 0;
        break;
      }
    }
    atomic_store(&hand_over_child, 0);
    if (WIFEXITED(status)) {
      *exit_status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      *signal_number = WTERMSIG(status);
    }
  }
  sigaction(SIGINT, &previous_interrupt, NULL);
  sigaction(SIGQUIT, &previous_quit, NULL);
  come_back(pointer, &previous_mask, 0);
  return error;
}

int tide_crash_guard_install(void) {
  prepare_modes_off();
  crash_leave_screen_length = 0;
  if (inline_mode) {
    /* The live area erased from its first line (leave_screen_at_once moves up to it from a
       caret), as an exit that clears it: the shell's prompt comes where the app began. */
    append_bytes(crash_leave_screen, sizeof crash_leave_screen, &crash_leave_screen_length, "\r\033[J", 4);
  } else {
    append_capability(crash_leave_screen, sizeof crash_leave_screen, &crash_leave_screen_length, "rmcup");
    append_bytes(crash_leave_screen, sizeof crash_leave_screen, &crash_leave_screen_length, "\r\n", 2);
  }
  if (!install_handlers(crash_signals, CRASH_SIGNAL_COUNT, on_crash, SA_NODEFER, previous_crash_actions)) {
    return 0;
  }
  crash_guard_installed = 1;
  return 1;
}

void tide_crash_guard_remove(void) {
  if (!crash_guard_installed) {
    return;
  }
  restore_handlers(crash_signals, CRASH_SIGNAL_COUNT, previous_crash_actions);
  crash_guard_installed = 0;
}

void tide_terminal_modes_off(void) {
  if (modes_off_length == 0) {
    prepare_modes_off();
  }
  fflush(stdout);
  send_modes_off();
  pointer_active = 0;
  /* Off now, and so for the next app this process may start: it turns on what it asks for. */
  keyboard_mode = 0;
  caret_shown = 0;
}

void tide_keyboard_mode(int mode) {
  fflush(stdout);
  write_keyboard_mode(0);
  keyboard_mode = mode;
  write_keyboard_mode(1);
}

void tide_focus_reporting(int on) {
  fflush(stdout);
  write_all(on ? focus_on : focus_off, on ? sizeof focus_on - 1 : sizeof focus_off - 1);
}

void tide_title_stack_prepare(int on) {
  title_stack_wanted = on;
}

void tide_title_stack_push(void) {
  if (!title_stack_wanted) {
    return;
  }
  fflush(stdout);
  write_all(title_push, sizeof title_push - 1);
}

void tide_write_control(const char *bytes, int length) {
  if (length <= 0) {
    return;
  }
  fflush(stdout);
  write_all(bytes, (size_t)length);
}

void tide_bracketed_paste(int on) {
  fputs(on ? "\033[?2004h" : "\033[?2004l", stdout);
  fflush(stdout);
}

int tide_wcwidth(unsigned int code_point) {
  return wcwidth((wchar_t)code_point);
}

/*
 * What ncurses cannot say, written after the frame (see ScreenOverlay.swift): 24-bit colour on
 * a palette terminal type, strikethrough, underline shapes, links, and emoji sequences (ncurses
 * holds a placeholder in their cell: its cchar_t cannot hold a second spacing character such as
 * a skin tone or a regional indicator). The buffer grows to what a frame needs, on the screen
 * thread alone.
 */
static char *overlay_buffer = NULL;
static size_t overlay_length = 0;
static size_t overlay_capacity = 0;

/* Room for `count` more bytes, or 0 when memory ran out: the cells then show ncurses' nearest. */
static int overlay_reserve(size_t count) {
  if (overlay_length + count <= overlay_capacity) {
    return 1;
  }
  size_t capacity = overlay_capacity == 0 ? 65536 : overlay_capacity;
  while (capacity < overlay_length + count) {
    capacity *= 2;
  }
  char *grown = realloc(overlay_buffer, capacity);
  if (grown == NULL) {
    return 0;
  }
  overlay_buffer = grown;
  overlay_capacity = capacity;
  return 1;
}

static void overlay_append(const char *bytes, size_t count) {
  if (overlay_reserve(count)) {
    memcpy(overlay_buffer + overlay_length, bytes, count);
    overlay_length += count;
  }
}

static int overlay_put(int character) {
  if (overlay_reserve(1)) {
    overlay_buffer[overlay_length++] = (char)character;
  }
  return character;
}

static void overlay_move(int row, int column) {
  if (cursor_address != NULL) {
    tputs(tiparm(cursor_address, row, column), 1, overlay_put);
  }
}

/* Moves the cursor to row, column now and makes it where ncurses counts its next moves from.
   After writes of its own (the overlay's) ncurses' idea of the cursor is wrong, and a relative
   move it makes from there (a backspace, a carriage return) lands elsewhere; mvcur(row, column,
   row, column) does nothing at all, that idea included. From an unknown place (-1) mvcur moves
   absolutely and sets its idea, writing the move to stdout's buffer — flushed here, or it would
   go out with some later write, after the app's exit as like as not. */
static void move_cursor_now(int row, int column) {
  mvcur(-1, -1, row, column);
  fflush(stdout);
}

static const char overlay_reset[] = "\033[0m";
/* Where the last run queued leaves the cursor. */
static int overlay_end_row = 0;
static int overlay_end_column = 0;

void tide_overlay_sgr(int row, int column, int width, const char *sgr, int sgr_length, const char *utf8, int length) {
  overlay_end_row = row;
  overlay_end_column = column + width;
  overlay_move(row, column);
  /* ncurses and the terminal both at plain attributes first, so that after the reset that ends
     the overlay what ncurses believes the terminal's attributes are is what they are. Each
     `sgr` starts from plain attributes itself (CSI 0;...m), so runs need no reset between them. */
  vid_puts(A_NORMAL, 0, NULL, overlay_put);
  overlay_append(sgr, (size_t)sgr_length);
  overlay_append(utf8, (size_t)length);
}

void tide_overlay_link(int row, int column, int width, const char *sgr, int sgr_length, const char *uri,
                       int uri_length, const char *utf8, int length) {
  static const char open_start[] = "\033]8;;";
  static const char terminator[] = "\033\\";
  links_written = 1;
  overlay_end_row = row;
  overlay_end_column = column + width;
  overlay_move(row, column);
  vid_puts(A_NORMAL, 0, NULL, overlay_put);
  overlay_append(sgr, (size_t)sgr_length);
  overlay_append(open_start, sizeof open_start - 1);
  overlay_append(uri, (size_t)uri_length);
  overlay_append(terminator, sizeof terminator - 1);
  overlay_append(utf8, (size_t)length);
  overlay_append(link_close, sizeof link_close - 1);
}

int tide_init_pair(int pair, int foreground, int background) {
  return init_extended_pair(pair, foreground, background);
}

int tide_has_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value != NULL && value != (char *)-1;
}

const char *tide_codeset(void) {
  return nl_langinfo(CODESET);
}

const char *tide_term(void) {
  return getenv("TERM");
}

int tide_terminfo_colors(void) {
  const char *type = getenv("TERM");
  if (type == NULL || type[0] == '\0') {
    return -1;
  }
  int status = 0;
  /* A private TERMINAL, deleted at once, as in tide_check_terminal_type. */
  TERMINAL *previous = cur_term;
  if (setupterm(type, STDOUT_FILENO, &status) != OK) {
    return -1;
  }
  int colors = tigetnum("colors");
  TERMINAL *checked = cur_term;
  set_curterm(previous);
  del_curterm(checked);
  return colors;
}

void tide_overlay_flush(void) {
  if (overlay_length == 0) {
    return;
  }
  overlay_append(overlay_reset, sizeof overlay_reset - 1);
  int row = overlay_end_row;
  int column = overlay_end_column;
  /* Past the last column, where the cursor is after a write is the terminal's choice (a wrap
     pending or not): put where ncurses can count from. */
  if (column >= COLS) {
    column = 0;
    overlay_move(row, column);
  }
  fflush(stdout);
  size_t written = 0;
  while (written < overlay_length) {
    ssize_t count = write(STDOUT_FILENO, overlay_buffer + written, overlay_length - written);
    if (count <= 0) {
      if (count < 0 && errno == EINTR) continue;
      break;
    }
    written += (size_t)count;
  }
  overlay_length = 0;
  move_cursor_now(row, column);
}


void tide_place_cursor(int row, int column) {
  if (row < 0 || column < 0 || row >= LINES || column >= COLS) {
    if (caret_shown) {
      curs_set(0);
      caret_shown = 0;
    }
    return;
  }
  move_cursor_now(row, column);
  if (!caret_shown) {
    curs_set(1);
    caret_shown = 1;
  }
}

/* SIGQUIT is a quit signal for every program on TideTerminal: its default action (end, with a
   core dump where enabled), never Swift's backtracer, which takes it for a crash, prints a
   report and, without a terminal to ask on, left the process blocked (a SIGQUIT in the first
   milliseconds of a run, before TerminalCommand records quit signals). Set at load time,
   after the Swift runtime installed the backtracer's handlers; a SIGQUIT ignored by whoever
   started the program stays ignored. */
__attribute__((constructor)) static void quit_signal_default_at_load(void) {
  struct sigaction current;
  if (sigaction(SIGQUIT, NULL, &current) != 0) {
    return;
  }
  if ((current.sa_flags & SA_SIGINFO) == 0 && (current.sa_handler == SIG_IGN || current.sa_handler == SIG_DFL)) {
    return;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGQUIT, &action, NULL);
}

/* Inline mode: the terminal device and its modes, without an ncurses screen. */
static int inline_saved_input = -1;
static int inline_saved_output = -1;

int tide_terminal_device_attach(void) {
  if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
    return 1;
  }
  int device = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (device < 0) {
    return 0;
  }
  if (!isatty(STDIN_FILENO)) {
    inline_saved_input = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    dup2(device, STDIN_FILENO);
  }
  if (!isatty(STDOUT_FILENO)) {
    fflush(stdout);
    inline_saved_output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    dup2(device, STDOUT_FILENO);
  }
  close(device);
  return 1;
}

void tide_terminal_device_detach(void) {
  fflush(stdout);
  if (inline_saved_input >= 0) {
    dup2(inline_saved_input, STDIN_FILENO);
    close(inline_saved_input);
    inline_saved_input = -1;
  }
  if (inline_saved_output >= 0) {
    dup2(inline_saved_output, STDOUT_FILENO);
    close(inline_saved_output);
    inline_saved_output = -1;
  }
}

int tide_inline_begin(void) {
  int status = 0;
  /* terminfo only, for the strings the way out sends (rmkx, sgr0, cnorm): no screen. */
  if (setupterm(NULL, STDOUT_FILENO, &status) != OK) {
    return 0;
  }
  if (tcgetattr(STDIN_FILENO, &inline_program_tty) != 0) {
    return 0;
  }
  /* What cbreak, noecho and nonl do, and no flow control or signal characters, as in full
     screen (see tide_flow_control_off and tide_signal_characters_off). Output processing stays
     as the shell had it. */
  inline_program_tty.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
  inline_program_tty.c_iflag &= ~(tcflag_t)(ICRNL | IXON | IXOFF);
  inline_program_tty.c_cc[VMIN] = 1;
  inline_program_tty.c_cc[VTIME] = 0;
  if (tcsetattr(STDIN_FILENO, TCSADRAIN, &inline_program_tty) != 0) {
    return 0;
  }
  inline_mode = 1;
  inline_cursor_row = 0;
  write_all(cursor_hidden, sizeof cursor_hidden - 1);
  return 1;
}

void tide_inline_end(void) {
  if (!inline_mode) {
    return;
  }
  if (saved_tty_valid) {
    tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tty);
  }
  inline_mode = 0;
  inline_cursor_row = 0;
}

int tide_accept_close_on_exec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }
int tide_pipe_close_on_exec_nonblocking(int ends[2]) { return pipe2(ends, O_CLOEXEC | O_NONBLOCK); }
