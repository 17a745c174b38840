#ifndef C_ALLOCATION_TALLY_H
#define C_ALLOCATION_TALLY_H

#include <stdint.h>

/// Heap allocations the calling thread has made through the linker-wrapped `malloc` family.
uint64_t gps_tally_thread_allocations(void);

#endif
