// Counts the heap allocations each thread of `allocation-check` makes, in a fully static
// executable: there the C library's allocator is linked in, so it cannot be interposed by
// defining `malloc` (the link fails on two definitions). The executable is linked with
// `--wrap=malloc` and its siblings instead: every call to them in the link, the Swift runtime's
// and Foundation's included, reaches the `__wrap_` function below, which counts and forwards
// to the C library's own (`__real_`). In a dynamic link the Swift runtime's calls stay unwrapped
// (they are resolved in its shared library), which `allocation-check` detects and refuses.
#include "CAllocationTally.h"

#include <stddef.h>

static __thread uint64_t allocations;

uint64_t gps_tally_thread_allocations(void) { return allocations; }

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *pointer, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);
void *__real_memalign(size_t alignment, size_t size);
int __real_posix_memalign(void **pointer, size_t alignment, size_t size);

void *__wrap_malloc(size_t size) {
    allocations++;
    return __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size) {
    allocations++;
    return __real_calloc(count, size);
}

void *__wrap_realloc(void *pointer, size_t size) {
    allocations++;
    return __real_realloc(pointer, size);
}

void *__wrap_aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __real_aligned_alloc(alignment, size);
}

void *__wrap_memalign(size_t alignment, size_t size) {
    allocations++;
    return __real_memalign(alignment, size);
}

int __wrap_posix_memalign(void **pointer, size_t alignment, size_t size) {
    allocations++;
    return __real_posix_memalign(pointer, alignment, size);
}
