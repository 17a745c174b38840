#ifndef CSERIALPORT_H
#define CSERIALPORT_H

/// Creates a pipe whose both ends are close-on-exec and non-blocking, atomically
/// (`pipe2(fds, O_CLOEXEC | O_NONBLOCK)`), so a concurrent fork cannot inherit it.
/// Returns 0, or -1 with errno set.
int csp_pipe_cloexec_nonblock(int fds[2]);

#endif
