#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by the calling thread since it started.
///
/// The test binary's allocator entry points are interposed by this target and
/// forward to glibc's `__libc_*` functions, so counting costs one thread-local
/// increment per call and changes nothing else.
uint64_t gps_thread_allocation_count(void);

#endif
