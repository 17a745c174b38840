#define _GNU_SOURCE
#include <stddef.h>
#include <sys/socket.h>

#include "CGPSD.h"

int cgpsd_accept_cloexec_nonblock(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}
