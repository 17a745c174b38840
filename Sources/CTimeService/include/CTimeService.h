#ifndef CTIMESERVICE_H
#define CTIMESERVICE_H

#include <sys/types.h>
#include <time.h>

/// The NTP shared-memory refclock's segment, as ntpd's refclock_shm.c, chrony's refclock_shm.c
/// and gpsd's ntpshm.h lay it out: 96 bytes on 64-bit Linux. A writer in mode 1 clears `valid`,
/// bumps `count`, writes the sample, bumps `count` again and sets `valid`, with a memory barrier
/// between each step; a reader that sees `count` change under it discards what it read.
struct ctimeservice_shm_time {
    int mode;
    volatile int count;
    time_t clockTimeStampSec;
    int clockTimeStampUSec;
    time_t receiveTimeStampSec;
    int receiveTimeStampUSec;
    int leap;
    int precision;
    int nsamples;
    volatile int valid;
    unsigned clockTimeStampNSec;
    unsigned receiveTimeStampNSec;
    int dummy[8];
};

/// `shmget(key, size, flags)`; returns the id, or -1 with errno set.
int ctimeservice_shmget(int key, size_t size, int flags);

/// `shmat(id, NULL, 0)`; returns the address, or NULL with errno set.
void *ctimeservice_shmat(int id);

/// `shmdt(address)`; returns 0, or -1 with errno set.
int ctimeservice_shmdt(const void *address);

/// The segment's size in bytes (`shmctl(IPC_STAT)`'s shm_segsz), or -1 with errno set.
long ctimeservice_shm_size(int id);

/// Writes one sample in mode 1 (`valid = 0`, `count++`, the fields, `count++`, `valid = 1`),
/// with a full memory barrier (`__atomic_thread_fence(__ATOMIC_SEQ_CST)`) between the steps, so a
/// reader on another core never takes a half-written sample for a whole one.
void ctimeservice_shm_write(struct ctimeservice_shm_time *segment, long clockSeconds, long clockNanoseconds,
                            long receiveSeconds, long receiveNanoseconds, int leap, int precision);

#endif
