/* The UBX floor: the least work any validating UBX parser does. Walk the stream frame by
 * frame: find the B5 62 preamble (memchr for B5), read the little-endian length, sum the
 * 8-bit Fletcher checksum over class, id, length and payload, and compare it with the two
 * bytes sent; on a mismatch resynchronise one byte on. No field is read.
 *
 *   gcc -O2 -o ubx_floor ubx_floor.c && ./ubx_floor FILE
 *
 * prints one JSON line: bytes, frames whose checksum holds, seconds for one pass (after a
 * warm-up pass), as ../shared/bench/bench_floor.c does for NMEA. The seconds are the thread's
 * CPU time, so a pass that loses the core to another process does not count the wait, as
 * nmea-bench's cpu_mb_per_second does not. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)size + 1);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { perror("read"); exit(2); }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

static double now_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

static long pass(const unsigned char *bytes, size_t length) {
    const unsigned char *p = bytes, *end = bytes + length;
    long frames = 0;
    while (p + 8 <= end) {
        const unsigned char *start = memchr(p, 0xB5, (size_t)(end - p - 7));
        if (!start) break;
        if (start[1] != 0x62) { p = start + 1; continue; }
        size_t payload = (size_t)start[4] | (size_t)start[5] << 8;
        if (start + 8 + payload > end) { p = start + 1; continue; }
        unsigned char a = 0, b = 0;
        for (const unsigned char *q = start + 2; q < start + 6 + payload; q++) { a += *q; b += a; }
        if (a == start[6 + payload] && b == start[7 + payload]) {
            frames++;
            p = start + 8 + payload;
        } else {
            p = start + 1;
        }
    }
    return frames;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: ubx_floor FILE\n"); return 2; }
    size_t length;
    unsigned char *bytes = read_file(argv[1], &length);
    long frames = pass(bytes, length);
    double start = now_seconds();
    frames = pass(bytes, length);
    double seconds = now_seconds() - start;
    printf("{\"parser\":\"ubx-floor\",\"bytes\":%zu,\"frames\":%ld,\"seconds\":%.6f}\n", length, frames, seconds);
    free(bytes);
    return 0;
}
