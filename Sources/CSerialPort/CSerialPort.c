// posix_openpt and ptsname_r are hidden by Glibc's Swift module, which is built
// without _GNU_SOURCE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "CSerialPort.h"

static int fail_closing(int first, int second) {
    int saved = errno;
    if (first >= 0) close(first);
    if (second >= 0) close(second);
    errno = saved;
    return -1;
}

int csp_openpty_cloexec(int *master_out, int *slave_out, const struct termios *attributes) {
    // Non-blocking, as every descriptor SerialPort polls: a write to a full line must wait in
    // poll (until its deadline, or a cancellation), never in write.
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (master < 0) return -1;
    char name[128];
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, sizeof name) != 0) {
        return fail_closing(master, -1);
    }
    int slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (slave < 0) return fail_closing(master, -1);
    if (attributes != NULL && tcsetattr(slave, TCSANOW, attributes) != 0) return fail_closing(master, slave);
    *master_out = master;
    *slave_out = slave;
    return 0;
}
