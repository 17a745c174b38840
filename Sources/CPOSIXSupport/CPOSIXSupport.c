// pipe2, strerrorname_np, pthread_setname_np and accept4 are hidden by Glibc's Swift module, which is built without
// _GNU_SOURCE.
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CPOSIXSupport.h"

int cposix_pipe_cloexec_nonblock(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

int cposix_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int cposix_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

const char *cposix_errno_name(int err) {
    return strerrorname_np(err);
}

int cposix_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int cposix_accept_cloexec_nonblock(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}
