/*
 * The main thread's run loop: the main actor and the screen on one thread.
 *
 * An async `main` ends its start-up in swift_task_asyncMainDrainQueue, which on Linux calls
 * dispatch_main(): the main thread exits and the main queue (the main actor) is drained by a
 * thread of dispatch's pool. An animation's tick then woke two threads — that one, and the
 * screen thread that draws — where one would do. This loop takes the drain's place through the
 * runtime's hook, which is called when top-level code first suspends (it ran on the main thread
 * until then). If that code claimed the main thread (an interactive run,
 * tide_main_loop_claim), the loop keeps draining the main queue there, as Foundation's
 * RunLoop does (the queue's eventfd and _dispatch_main_queue_callback_4CF), and runs the screen
 * loop there when asked (tide_main_loop_host); its poll waits for the main queue too, and drains
 * it. Otherwise — a replay, a test runner, anything else — it hands the main queue back to
 * dispatch at once, as if the hook were not there.
 */
#include "CNcurses.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

/* libdispatch's interface for run loops (what CoreFoundation's RunLoop uses on Linux). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *ignored);

/* The Swift runtime's hook (swift/Runtime/Concurrency.h), called with the default drain. */
typedef __attribute__((swiftcall)) void (*tide_drain_original)(void);
typedef __attribute__((swiftcall)) void (*tide_drain_override)(tide_drain_original original);
extern __attribute__((swiftcall)) void (*swift_task_asyncMainDrainQueue_hook)(
  tide_drain_original original, tide_drain_override compat_override);

/* `main_thread` is written by the constructor, before any other thread exists. `handed_back` is
   set before the main thread exits, so a later thread given its pthread_t claims nothing; it is
   the one variable read off the main thread. The others are read and written on the main thread
   only (after on_main_thread): top-level code runs there, and so does the loop while it lives. */
static pthread_t main_thread;
static atomic_int handed_back = 0;
static int claimed = 0;
static int hosting = 0;
static int main_queue_fd = -1;
static void (*pending_session)(void *) = NULL;
static void *pending_context = NULL;

static int on_main_thread(void) {
  return !handed_back && pthread_equal(pthread_self(), main_thread);
}

int tide_main_loop_claim(void) {
  /* Only before the loop starts (top-level code runs up to its first suspension before the
     runtime's drain) or while it runs: both on the main thread. */
  if (!on_main_thread()) {
    return 0;
  }
  claimed = 1;
  return 1;
}

int tide_main_loop_host(void (*session)(void *), void *context) {
  if (!claimed || !on_main_thread() || hosting || pending_session != NULL) {
    return 0;
  }
  pending_session = session;
  pending_context = context;
  return 1;
}

int tide_main_loop_is_current(void) {
  return on_main_thread() && hosting;
}

int tide_main_loop_queue_fd(void) {
  return on_main_thread() && hosting ? main_queue_fd : -1;
}

void tide_main_loop_drain(void) {
  /* A drain runs the jobs queued when it started; one a job queues (a task hopping from its
     executor to the main actor: two jobs a tick) writes the eventfd again. Reading it after
     each drain, until it is empty, runs those too without a poll in between. */
  uint64_t count;
  do {
    _dispatch_main_queue_callback_4CF(NULL);
  } while (read(main_queue_fd, &count, sizeof count) == (ssize_t)sizeof count);
}

__attribute__((swiftcall)) static void drain_on_main_thread(
  tide_drain_original original, tide_drain_override compat_override) {
  (void)compat_override;
  if (!claimed || !on_main_thread()) {
    /* dispatch_main: the main thread exits, the main queue goes to dispatch's pool. */
    handed_back = 1;
    original();
    return;
  }
  main_queue_fd = _dispatch_get_main_queue_handle_4CF();
  fcntl(main_queue_fd, F_SETFL, fcntl(main_queue_fd, F_GETFL) | O_NONBLOCK);
  for (;;) {
    tide_main_loop_drain();
    if (pending_session != NULL) {
      void (*session)(void *) = pending_session;
      void *context = pending_context;
      pending_session = NULL;
      pending_context = NULL;
      hosting = 1;
      session(context);
      hosting = 0;
      continue;
    }
    struct pollfd queue = {.fd = main_queue_fd, .events = POLLIN, .revents = 0};
    (void)poll(&queue, 1, -1);
  }
}

__attribute__((constructor)) static void install_main_thread_loop(void) {
  main_thread = pthread_self();
  swift_task_asyncMainDrainQueue_hook = drain_on_main_thread;
}
