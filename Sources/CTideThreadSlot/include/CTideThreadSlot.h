// The current thread's store-time slot: which IsolatedStore's drain is under way on this
// thread, for `StoreTime.now`. A C thread-local because Swift has none; the accessors are
// `static inline` so that Swift inlines them into the caller: in an executable the linker turns
// the access into the thread pointer plus a constant (x86-64: `mov %fs:0`, `lea`) and a plain
// load or store, where `pthread_getspecific` and `pthread_setspecific` were three library calls
// per `send`.
#ifndef CTIDE_THREAD_SLOT_H
#define CTIDE_THREAD_SLOT_H

#include <stdint.h>

#if defined(__cplusplus)
#define CTIDE_THREAD_LOCAL thread_local
extern "C" {
#else
#define CTIDE_THREAD_LOCAL _Thread_local
#endif

// Inlined even where the optimizer would not (a debug build), so no build pays a call.
#if defined(__GNUC__) || defined(__clang__)
#define CTIDE_INLINE static inline __attribute__((always_inline))
#else
#define CTIDE_INLINE static inline
#endif

/// The address of the store draining on this thread, or 0. Defined in CTideThreadSlot.c.
extern CTIDE_THREAD_LOCAL uintptr_t ctide_store_time_thread_slot;

/// Reads the current thread's slot.
CTIDE_INLINE uintptr_t ctide_store_time_thread_slot_get(void) {
  return ctide_store_time_thread_slot;
}

/// Writes the current thread's slot.
CTIDE_INLINE void ctide_store_time_thread_slot_set(uintptr_t value) {
  ctide_store_time_thread_slot = value;
}

/// The timer entry firing on this thread on a clock Tide does not drive in real time: the
/// address of a record, on the firing's stack, of its clock's queue and its deadline (see
/// `FiringInstant` in Tide), or 0. Defined in CTideThreadSlot.c.
extern CTIDE_THREAD_LOCAL uintptr_t ctide_firing_thread_slot;

/// Reads the current thread's firing slot.
CTIDE_INLINE uintptr_t ctide_firing_thread_slot_get(void) {
  return ctide_firing_thread_slot;
}

/// Writes the current thread's firing slot.
CTIDE_INLINE void ctide_firing_thread_slot_set(uintptr_t value) {
  ctide_firing_thread_slot = value;
}

/// The lock sections the effect engine and the timer queues took on this thread (counted in
/// debug builds only; see `EngineLockSections` in Tide). Defined in CTideThreadSlot.c.
extern CTIDE_THREAD_LOCAL uintptr_t ctide_lock_sections;

/// Reads the current thread's count of lock sections.
CTIDE_INLINE uintptr_t ctide_lock_sections_get(void) {
  return ctide_lock_sections;
}

/// Counts one lock section on the current thread.
CTIDE_INLINE void ctide_lock_sections_count(void) {
  ctide_lock_sections += 1;
}

#if defined(__cplusplus)
}
#endif

#endif
