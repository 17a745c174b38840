#ifndef CSERIALPORT_H
#define CSERIALPORT_H

#include <termios.h>

/// Opens a pseudo-terminal pair whose both descriptors are close-on-exec from the start
/// (`posix_openpt(O_CLOEXEC)`, then the slave with `O_CLOEXEC`), unlike `openpty`, and
/// applies `attributes` to the slave when it is not NULL. A child spawned by another
/// thread meanwhile cannot inherit the master and keep the "device" plugged in. The master
/// is non-blocking: a full line makes writes fail with EAGAIN instead of blocking.
/// Returns 0, or -1 with errno set and nothing left open.
int csp_openpty_cloexec(int *master, int *slave, const struct termios *attributes);

#endif
