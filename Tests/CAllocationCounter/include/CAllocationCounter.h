#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by the calling thread since it started.
///
/// In a normal build the test binary's allocator entry points are interposed
/// by this target and forward to glibc's `__libc_*` functions, so counting
/// costs one thread-local increment per call and changes nothing else. Under
/// AddressSanitizer or ThreadSanitizer the sanitizer's allocation hook counts.
uint64_t gps_thread_allocation_count(void);

/// 1 when the count comes from a sanitizer's allocation hook, else 0.
int gps_allocation_counter_is_sanitized(void);

#endif
