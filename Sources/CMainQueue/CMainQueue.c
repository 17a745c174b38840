// gps's main thread, drained without dispatch_main(), and running the event loop.
//
// An `async` main ends in swift_task_asyncMainDrainQueue, which calls dispatch_main(), which calls
// pthread_exit() on the main thread. pthread_exit unwinds the thread, and in a static executable
// (crtbeginT registers the frame tables, no eh_frame_hdr lookup) the first unwind reads and sorts
// every FDE of the binary: 1.5 MB of resident memory that gps serve never gives back
// (docs/Performance.md, Footprint). The runtime's hook for that drain is set here, before main,
// and hands the main thread to POSIXSupport's EventLoop, which polls the main queue's eventfd
// beside its own descriptors and drains the queue on this thread between polls, as
// CoreFoundation's run loop does on Linux: jobs for the main actor run as they did, on the main
// thread, and the main thread never exits. The process ends with exit(), as an async main always
// ends it.
//
// The event loop then has no thread of its own (cposix_event_loop_on_main_thread, set here): the
// bytes of an epoch and the main actor's hop to print it wake one thread, not two
// (docs/Performance.md, Pipeline and idle cost). A job of the main actor therefore holds the
// loop's waits while it runs, as the loop's own tasks do (a pipeline's sinks write standard
// output from the loop too): short jobs, none that waits for the loop.
#include "CMainQueue.h"

#include <errno.h>
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

// The event loop's entry for the main thread (POSIXSupport, EventLoop.swift) and the flag that
// keeps the loop from starting a thread of its own (CPOSIXSupport).
extern int cposix_event_loop_on_main_thread;
extern void posixsupport_run_event_loop_on_main_thread(int handle, void (*drain)(int ready))
    __attribute__((noreturn));

static int installed;
static int main_queue_handle = -1;

// Called by the event loop between its polls: empties the eventfd when it was readable, then
// runs the main queue's jobs.
static void drain_main_queue_once(int ready) {
    if (ready) {
        uint64_t count;
        while (read(main_queue_handle, &count, sizeof count) < 0 && errno == EINTR) {
        }
    }
    _dispatch_main_queue_callback_4CF(0);
}

__attribute__((swiftcall, noreturn)) static void drain_main_queue(drain_original original) {
    main_queue_handle = _dispatch_get_main_queue_handle_4CF();
    if (main_queue_handle < 0) {
        // No handle to poll: dispatch_main() drains the queue, and the event loop takes a
        // thread of its own, as in the libraries (the main task has not run: no EventLoop yet).
        cposix_event_loop_on_main_thread = 0;
        original();
    }
    posixsupport_run_event_loop_on_main_thread(main_queue_handle, drain_main_queue_once);
}

__attribute__((constructor)) static void install(void) {
    swift_task_asyncMainDrainQueue_hook = drain_main_queue;
    cposix_event_loop_on_main_thread = 1;
    installed = 1;
}

int cmainqueue_is_installed(void) {
    return installed;
}
