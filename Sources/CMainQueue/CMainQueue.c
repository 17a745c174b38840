// gps's main thread, drained without dispatch_main().
//
// An `async` main ends in swift_task_asyncMainDrainQueue, which calls dispatch_main(), which calls
// pthread_exit() on the main thread. pthread_exit unwinds the thread, and in a static executable
// (crtbeginT registers the frame tables, no eh_frame_hdr lookup) the first unwind reads and sorts
// every FDE of the binary: 1.5 MB of resident memory that gps serve never gives back
// (docs/Performance.md, Footprint). The runtime's hook for that drain is set here, before main,
// to a loop that waits in poll() on the main queue's eventfd and drains the queue on this thread,
// as CoreFoundation's run loop does on Linux: jobs for the main actor run as they did, and the
// main thread never exits. The process ends with exit(), as an async main always ends it.
#include "CMainQueue.h"

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <unistd.h>

// libdispatch's interface for run loops (CoreFoundation uses it): the main queue's eventfd,
// written when the queue has work, and the drain of the queue on the main thread.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

// The Swift runtime's hook (swift/Runtime/ConcurrencyHooks.def): called with the original drain.
typedef __attribute__((swiftcall)) void (*drain_original)(void);
typedef __attribute__((swiftcall)) void (*drain_hook)(drain_original original);
extern drain_hook swift_task_asyncMainDrainQueue_hook;

static int installed;

__attribute__((swiftcall, noreturn)) static void drain_main_queue(drain_original original) {
    int handle = _dispatch_get_main_queue_handle_4CF();
    if (handle < 0) {
        original();
    }
    // Jobs enqueued before the handle existed (the main task itself) poked no eventfd.
    _dispatch_main_queue_callback_4CF(0);
    for (;;) {
        struct pollfd ready = {.fd = handle, .events = POLLIN, .revents = 0};
        if (poll(&ready, 1, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            original();  // cannot wait here: dispatch_main() as before
        }
        if (ready.revents & POLLIN) {
            uint64_t count;
            while (read(handle, &count, sizeof count) < 0 && errno == EINTR) {
            }
        }
        _dispatch_main_queue_callback_4CF(0);
    }
}

__attribute__((constructor)) static void install(void) {
    swift_task_asyncMainDrainQueue_hook = drain_main_queue;
    installed = 1;
}

int cmainqueue_is_installed(void) {
    return installed;
}
