// Counts the heap allocations each thread of the test binary makes (see LINUX-NOTES.md:
// mallinfo2 only sees live bytes, so an allocation freed within the call would be missed).
//
// In a normal build this target interposes the C allocator and forwards to glibc's
// `__libc_*` functions. Under AddressSanitizer or ThreadSanitizer the sanitizer owns the
// allocator, and an interposer that bypassed it would crash the binary at start; there the
// count comes from the sanitizer's own allocation hook instead.
#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define GPS_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define GPS_SANITIZED 1
#endif

static __thread uint64_t allocations;

uint64_t gps_thread_allocation_count(void) { return allocations; }

#ifdef GPS_SANITIZED

#include <sanitizer/allocator_interface.h>
#include <stdlib.h>

// LeakSanitizer reads its suppressions from `lsan-suppressions.txt` beside this file: the
// Swift runtime's and the toolchain's own allocations it cannot see referenced (why each is
// there is said in the file). The path is taken from this file's own, which SwiftPM compiles
// by its absolute path, so it holds in any checkout.
static char suppressions_option[4096];

// Called by the sanitizer while it starts, before its shadow memory exists: uninstrumented
// plain byte copies only.
__attribute__((disable_sanitizer_instrumentation)) static const char *suppressions_path_option(void) {
    if (suppressions_option[0] == 0) {
        static const char prefix[] = "suppressions=", name[] = "lsan-suppressions.txt", source[] = __FILE__;
        size_t folder = sizeof source - 1;
        while (folder > 0 && source[folder - 1] != '/') folder--;
        if (sizeof prefix - 1 + folder + sizeof name > sizeof suppressions_option) return "";
        char *out = suppressions_option;
        for (size_t i = 0; i < sizeof prefix - 1; i++) *out++ = prefix[i];
        for (size_t i = 0; i < folder; i++) *out++ = source[i];
        for (size_t i = 0; i < sizeof name; i++) *out++ = name[i];
    }
    return suppressions_option;
}

// Read by LeakSanitizer when the test binary starts.
__attribute__((disable_sanitizer_instrumentation)) const char *__lsan_default_options(void) { return suppressions_path_option(); }

static void count_allocation(const volatile void *pointer, size_t size) {
    (void)pointer;
    (void)size;
    allocations++;
}

static void ignore_free(const volatile void *pointer) { (void)pointer; }

__attribute__((constructor)) static void install_counting_hook(void) {
    __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
    // The `gps` processes the tests spawn are sanitized too and inherit the environment.
    setenv("LSAN_OPTIONS", suppressions_path_option(), 0);
}

int gps_allocation_counter_is_sanitized(void) { return 1; }

#else

int gps_allocation_counter_is_sanitized(void) { return 0; }

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

#endif
