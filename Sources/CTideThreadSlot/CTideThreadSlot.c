#include "CTideThreadSlot.h"

// Zero on every thread until a drain starts on it (C11 thread storage duration).
CTIDE_THREAD_LOCAL uintptr_t ctide_store_time_thread_slot = 0;
// Zero on every thread until a timer entry fires on it on a clock moved by hand.
CTIDE_THREAD_LOCAL uintptr_t ctide_firing_thread_slot = 0;
// Zero on every thread until the effect engine or a timer queue locks on it (debug builds).
CTIDE_THREAD_LOCAL uintptr_t ctide_lock_sections = 0;
