// pipe2, strerrorname_np, pthread_setname_np and accept4 are hidden by Glibc's Swift module, which is built without
// _GNU_SOURCE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
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

int cposix_event_loop_on_main_thread = 0;

int cposix_event_loop_runs_on_main_thread(void) {
    return cposix_event_loop_on_main_thread;
}

int cposix_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int cposix_accept_cloexec_nonblock(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

// Signals counted by a handler of our own. A signal handler may call only async-signal-safe
// functions, which Swift code is not (a global's first use takes a lock), so it lives here.
static sem_t counted_signals;
static pthread_once_t counted_signals_once = PTHREAD_ONCE_INIT;

static void make_counted_signals(void) { sem_init(&counted_signals, 0, 0); }

static void count_signal(int signal) {
    (void)signal;
    int saved = errno;
    sem_post(&counted_signals);
    errno = saved;
}

int cposix_count_signal(int signal) {
    pthread_once(&counted_signals_once, make_counted_signals);
    struct sigaction action = {0};
    action.sa_handler = count_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signal, &action, NULL);
}

void cposix_wait_for_counted_signal(void) {
    pthread_once(&counted_signals_once, make_counted_signals);
    while (sem_wait(&counted_signals) != 0 && errno == EINTR) {}
}
