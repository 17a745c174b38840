// gps's global executor: the cooperative pool's jobs on a queue that libdispatch does not monitor.
//
// On Linux, libdispatch starts a monitor of its thread pool the first time a worker of a
// non-overcommit root queue starts (workqueue.c, _dispatch_workq_init_once): a timer on its
// manager thread that fires every second, for the life of the process, whether or not any work
// is queued. The Swift runtime's global executor is such a queue (a concurrent queue that
// targets the default root queue), so every Swift program that ever runs a task off an actor
// wakes once a second, doing nothing: for `gps read` on a 1 Hz receiver, a second wake-up per
// epoch. The runtime's hooks (swift/Runtime/ConcurrencyHooks.def) are set here, before main, to
// a queue of the same width (one job per CPU at a time) that targets the overcommit root queue
// instead, whose workers are not monitored; jobs the runtime's entry points enqueue after a delay
// or at a deadline go there too. Jobs run as the runtime runs them, on the generic executor. Every
// priority shares the one queue: gps gives no task a priority of its own. Tasks that prefer a
// task executor (the event loop) and the main actor's jobs never come here.
//
// This Swift (6.3) has no supported way to replace the global executor: SE-0466's
// ExecutorFactory and Task.defaultExecutor are SPI (@_spi(ExperimentalCustomExecutors), in the
// private interface alone), and a DefaultExecutorFactory declared with them compiles but is
// never installed on Linux. The hooks are what SwiftNIO's NIOSingletons use to install its
// event loops as the global executor. They are set in gps alone: the libraries and their tests
// run on the runtime's own executor.
//
// `Task.sleep` escapes these hooks: this runtime hands it to its default executor, which calls
// dispatch_after on the runtime's own queue, and the first sleep that ends starts the monitor.
// What gps does while idle therefore sleeps on the event loop (EventLoop.sleep, the tracking
// flow's FlowClock), and blocking calls run on serial queues of their own (runBlocking).
#include "CMainQueue.h"

#include <pthread.h>
#include <stdint.h>

typedef struct dispatch_queue_s *dispatch_queue_t;
typedef struct dispatch_queue_attr_s *dispatch_queue_attr_t;
typedef uint64_t dispatch_time_t;
typedef void (*dispatch_function_t)(void *);

extern struct dispatch_queue_attr_s _dispatch_queue_attr_concurrent;
extern dispatch_queue_t dispatch_get_global_queue(intptr_t identifier, uintptr_t flags);
extern dispatch_queue_t dispatch_queue_create(const char *label, dispatch_queue_attr_t attributes);
extern void dispatch_set_target_queue(void *object, dispatch_queue_t queue);
extern void dispatch_queue_set_width(dispatch_queue_t queue, long width);
extern void dispatch_async_f(dispatch_queue_t queue, void *context, dispatch_function_t work);
extern void dispatch_after_f(dispatch_time_t when, dispatch_queue_t queue, void *context, dispatch_function_t work);
extern dispatch_time_t dispatch_time(dispatch_time_t when, int64_t delta);

// libdispatch's private flag for dispatch_get_global_queue (dispatch/private.h), and its
// queue width of one per logical CPU (the runtime's own global queue uses it too).
#define DISPATCH_QUEUE_OVERCOMMIT 0x2ull
#define DISPATCH_QUEUE_WIDTH_MAX_LOGICAL_CPUS (-3)
#define DISPATCH_TIME_NOW 0ull
#define DISPATCH_TIME_FOREVER (~0ull)
// dispatch_time_t's encoding of the monotonic clock (ContinuousClock's) and its largest value,
// as the runtime writes them (DispatchGlobalExecutor.cpp, clock_and_value_to_time).
#define DISPATCH_UP_OR_MONOTONIC_TIME_MASK (1ull << 63)
#define DISPATCH_TIME_MAX_VALUE ((1ull << 62) - 1)

// The runtime's types and entry points: a job is opaque, run on the generic executor (a
// SerialExecutorRef of two null words) by swift_job_run.
typedef struct swift_job swift_job;
extern __attribute__((swiftcall)) void swift_job_run(swift_job *job, void *identity, uintptr_t implementation);

typedef __attribute__((swiftcall)) void (*enqueue_global_original)(swift_job *job);
typedef __attribute__((swiftcall)) void (*enqueue_global_hook)(swift_job *job, enqueue_global_original original);
extern enqueue_global_hook swift_task_enqueueGlobal_hook;

typedef __attribute__((swiftcall)) void (*enqueue_delay_original)(unsigned long long delay, swift_job *job);
typedef __attribute__((swiftcall)) void (*enqueue_delay_hook)(
    unsigned long long delay, swift_job *job, enqueue_delay_original original);
extern enqueue_delay_hook swift_task_enqueueGlobalWithDelay_hook;

typedef __attribute__((swiftcall)) void (*enqueue_deadline_original)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock,
    swift_job *job);
typedef __attribute__((swiftcall)) void (*enqueue_deadline_hook)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock,
    swift_job *job, enqueue_deadline_original original);
extern enqueue_deadline_hook swift_task_enqueueGlobalWithDeadline_hook;

enum { clock_continuous = 1, clock_suspending = 2 };

static dispatch_queue_t global_queue;
static pthread_once_t global_queue_made = PTHREAD_ONCE_INIT;

// Made at the first job rather than in the constructor: libdispatch may not be initialised yet
// when a static executable's constructors run.
static void make_global_queue(void) {
    global_queue = dispatch_queue_create("gps global concurrent queue", &_dispatch_queue_attr_concurrent);
    dispatch_set_target_queue(global_queue, dispatch_get_global_queue(0, DISPATCH_QUEUE_OVERCOMMIT));
    dispatch_queue_set_width(global_queue, DISPATCH_QUEUE_WIDTH_MAX_LOGICAL_CPUS);
}

static dispatch_queue_t queue(void) {
    pthread_once(&global_queue_made, make_global_queue);
    return global_queue;
}

static void run_job(void *job) {
    swift_job_run(job, 0, 0);
}

__attribute__((swiftcall)) static void enqueue_global(swift_job *job, enqueue_global_original original) {
    (void)original;
    dispatch_async_f(queue(), job, run_job);
}

__attribute__((swiftcall)) static void enqueue_after_delay(
    unsigned long long delay, swift_job *job, enqueue_delay_original original) {
    (void)original;
    dispatch_after_f(dispatch_time(DISPATCH_TIME_NOW, (int64_t)delay), queue(), job, run_job);
}

__attribute__((swiftcall)) static void enqueue_at_deadline(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock,
    swift_job *job, enqueue_deadline_original original) {
    // A clock this file does not know (a wall clock, in a later runtime) keeps the runtime's way.
    if (clock != clock_continuous && clock != clock_suspending) {
        original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job);
        return;
    }
    (void)toleranceSeconds;
    (void)toleranceNanoseconds;
    uint64_t deadline;
    if (seconds < 0 || (seconds == 0 && nanoseconds < 0)) {
        deadline = 0;
    } else if (__builtin_mul_overflow((uint64_t)seconds, 1000000000ull, &deadline)
               || __builtin_add_overflow(deadline, (uint64_t)nanoseconds, &deadline)) {
        deadline = UINT64_MAX;
    }
    dispatch_time_t when;
    if (deadline >= DISPATCH_TIME_MAX_VALUE) {
        when = DISPATCH_TIME_FOREVER;
    } else {
        when = clock == clock_continuous ? deadline | DISPATCH_UP_OR_MONOTONIC_TIME_MASK : deadline;
    }
    dispatch_after_f(when, queue(), job, run_job);
}

__attribute__((constructor)) static void install(void) {
    swift_task_enqueueGlobal_hook = enqueue_global;
    swift_task_enqueueGlobalWithDelay_hook = enqueue_after_delay;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_at_deadline;
}
