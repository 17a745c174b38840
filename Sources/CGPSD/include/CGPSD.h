#ifndef CGPSD_H
#define CGPSD_H

#include <sys/socket.h>

/// `accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)`: a connection that no child
/// process inherits and that never blocks. Glibc's Swift module hides `accept4` (it needs
/// _GNU_SOURCE). Returns the descriptor, or -1 with errno set.
int cgpsd_accept_cloexec_nonblock(int fd);

#endif
