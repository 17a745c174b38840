#include "CTimeService.h"

#include <stddef.h>
#include <sys/ipc.h>
#include <sys/shm.h>

_Static_assert(sizeof(struct ctimeservice_shm_time) == 96, "struct shmTime is 96 bytes on 64-bit Linux");

int ctimeservice_shmget(int key, size_t size, int flags) { return shmget((key_t)key, size, flags); }

void *ctimeservice_shmat(int id) {
    void *address = shmat(id, NULL, 0);
    return address == (void *)-1 ? NULL : address;
}

int ctimeservice_shmdt(const void *address) { return shmdt(address); }

long ctimeservice_shm_size(int id) {
    struct shmid_ds status;
    if (shmctl(id, IPC_STAT, &status) == -1) return -1;
    return (long)status.shm_segsz;
}

void ctimeservice_shm_write(struct ctimeservice_shm_time *segment, long clockSeconds, long clockNanoseconds,
                            long receiveSeconds, long receiveNanoseconds, int leap, int precision) {
    segment->mode = 1;
    segment->valid = 0;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    segment->count += 1;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    segment->clockTimeStampSec = (time_t)clockSeconds;
    segment->clockTimeStampUSec = (int)(clockNanoseconds / 1000);
    segment->clockTimeStampNSec = (unsigned)clockNanoseconds;
    segment->receiveTimeStampSec = (time_t)receiveSeconds;
    segment->receiveTimeStampUSec = (int)(receiveNanoseconds / 1000);
    segment->receiveTimeStampNSec = (unsigned)receiveNanoseconds;
    segment->leap = leap;
    segment->precision = precision;
    segment->nsamples = 3;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    segment->count += 1;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    segment->valid = 1;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
