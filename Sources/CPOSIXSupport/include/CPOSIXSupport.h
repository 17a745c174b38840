#ifndef CPOSIXSUPPORT_H
#define CPOSIXSUPPORT_H

#include <spawn.h>

/// `pipe2(fds, O_CLOEXEC | O_NONBLOCK)`: both ends close-on-exec and non-blocking at once, so a
/// concurrent fork cannot inherit them; fds[0] is the read end. Returns 0, or -1 with errno set.
int cposix_pipe_cloexec_nonblock(int fds[2]);

/// pipe2(fds, O_CLOEXEC): blocking ends, for a child's standard output.
int cposix_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `lowest` up,
/// whether or not it is close-on-exec.
int cposix_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// `strerrorname_np(err)`: the errno's symbolic name ("ENOENT"), or NULL when the C library
/// has none.
const char *cposix_errno_name(int err);

/// `pthread_setname_np(pthread_self(), name)`: names the calling thread (at most 15 bytes) for
/// `/proc/PID/task/TID/comm`, `top -H` and debuggers. Returns 0 or an errno.
int cposix_name_current_thread(const char *name);

/// `accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)`: a connection that no child
/// process inherits and that never blocks. Glibc's Swift module hides `accept4` (it needs
/// _GNU_SOURCE). Returns the descriptor, or -1 with errno set.
int cposix_accept_cloexec_nonblock(int fd);

/// Installs, with `sigaction`, a handler that counts `signal` (async-signal-safe: a semaphore's
/// `sem_post`) for `cposix_wait_for_counted_signal`. From its return no delivery of `signal` is
/// lost or takes the default action. Returns 0, or -1 with errno set.
int cposix_count_signal(int signal);

/// Waits until a signal counted by `cposix_count_signal`'s handler has come, then consumes it.
void cposix_wait_for_counted_signal(void);

/// 1 when the program's main thread runs `POSIXSupport.EventLoop`: `cposix_event_loop_on_main_thread`
/// (an `int` this file's C defines) was set to 1 before `main`, as gps's CMainQueue does, which hands
/// its main thread over with `posixsupport_run_event_loop_on_main_thread`. The loop then starts no
/// thread of its own. 0 otherwise.
int cposix_event_loop_runs_on_main_thread(void);

#endif
