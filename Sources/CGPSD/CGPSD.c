#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CGPSD.h"

int cgpsd_accept_cloexec_nonblock(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int cgpsd_pipe_cloexec_nonblock(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}
