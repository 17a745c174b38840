// pipe2 is a GNU extension: Glibc's Swift module is built without _GNU_SOURCE and hides it.
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "CSerialPort.h"

int csp_pipe_cloexec_nonblock(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}
