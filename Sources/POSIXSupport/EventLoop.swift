import CPOSIXSupport
import Glibc
import Locking

/// The one place the package waits for blocking I/O: a thread of its own, in `poll`, woken by a
/// `WakePipe`, that resumes each waiting task when its descriptor is ready or its deadline
/// passes. A program may give it its main thread instead (`gps`, through CMainQueue and
/// `runEventLoopOnMainThread`), which then also drains the main queue between polls.
///
/// It is also a `TaskExecutor`. A task that prefers it (`Task(executorPreference:)`) runs on the
/// loop's thread between polls, so a read that becomes ready resumes its reader on the thread
/// that saw it ready: one wake-up per burst of bytes, no hand-off to the cooperative pool. Work
/// that runs there must not block: baud hunting and other long blocking calls go elsewhere.
///
/// Waits end with `.cancelled` when their task is cancelled, so everything that waits here can
/// be stopped.
package final class EventLoop: TaskExecutor, @unchecked Sendable {
    /// The loop every reader shares.
    package static let shared = EventLoop()

    /// What ended a wait.
    package enum Outcome: Equatable, Sendable {
        /// At least one descriptor is ready; `revents` per descriptor, in the order given.
        case ready([Int16])
        /// The deadline passed first.
        case timedOut
        /// The waiting task was cancelled.
        case cancelled
        /// `poll` itself failed (`EINVAL`: more descriptors than the process may have, `ENOMEM`):
        /// every wait of that round ends so.
        case failed(Errno)
    }

    private struct Waiter {
        var descriptors: [pollfd]
        var deadline: ContinuousClock.Instant?
        /// A deadline that moves while the wait lasts; read again at every poll, it overrides `deadline`.
        var alarm: Alarm?
        var continuation: CheckedContinuation<(outcome: Outcome, readyAt: timespec?), Never>

        /// The deadline as it stands now.
        var currentDeadline: ContinuousClock.Instant? { alarm?.deadline ?? deadline }
    }

    private struct State {
        var jobs: [UnownedJob] = []
        /// What runs once the jobs of this round are done (`afterThisRound(_:)`).
        var afterRound: [@Sendable () -> Void] = []
        var waiters: [Int: Waiter] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    fileprivate let wake: WakePipe
    private let state = LockedState(State())
    /// The loop's thread, set by the thread itself before it runs anything.
    private let loopThread = LockedState(pthread_t?.none)

    /// Whether the caller runs on the loop's thread: one that needs no wake-up to see new work,
    /// and where a blocking wait for the loop's own work would never end.
    package var isCurrentThread: Bool {
        loopThread.withLock { thread in thread.map { pthread_equal(pthread_self(), $0) != 0 } ?? false }
    }

    private init() {
        guard case .success(let pipe) = WakePipe.make() else { fatalError("EventLoop: pipe2 failed") }
        wake = pipe
        // A program whose main thread runs the loop (gps: CMainQueue) starts no thread for it.
        guard cposix_event_loop_runs_on_main_thread() == 0 else { return }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let loop = Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue()
            loop.run()
        }, context)
        precondition(result == 0, "EventLoop: pthread_create failed with errno \(result)")
        pthread_detach(thread)
    }

    /// Waits until one of `descriptors` has one of its `events`, or `deadline` passes (`nil`:
    /// never), or the task is cancelled. `POLLHUP`, `POLLERR` and `POLLNVAL` count as ready.
    package func wait(
        for descriptors: [pollfd], until deadline: ContinuousClock.Instant?
    ) async -> Outcome {
        await waitStamped(for: descriptors, until: deadline).outcome
    }

    /// `wait(for:until:)`, with the system time (`CLOCK_REALTIME`) taken on the loop's thread as
    /// soon as `poll` returned with the descriptors ready, before any task ran: when their bytes
    /// arrived, give or take the kernel's wake-up, however late the waiting task resumes.
    /// `readyAt` is `nil` unless the outcome is `.ready`.
    package func waitStamped(
        for descriptors: [pollfd], until deadline: ContinuousClock.Instant?
    ) async -> (outcome: Outcome, readyAt: timespec?) {
        await waitStamped(for: descriptors, until: deadline, alarm: nil)
    }

    /// Sleeps until `deadline` passes, in the loop's own `poll` timeout: no timer of its own, no
    /// thread woken but the loop's and then the sleeper's. A deadline already past resumes at once.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(until deadline: ContinuousClock.Instant) async throws(CancellationError) {
        guard await waitStamped(for: [], until: deadline, alarm: nil).outcome != .cancelled else { throw CancellationError() }
    }

    /// Sleeps until `alarm`'s deadline passes, however often it moves meanwhile: a deadline
    /// pushed back while others wake the loop (a receiver's bytes) costs no wake-up at all.
    ///
    /// - Returns: The deadline that passed.
    /// - Throws: `CancellationError` when the task is cancelled first.
    @discardableResult
    package func sleep(until alarm: Alarm) async throws(CancellationError) -> ContinuousClock.Instant {
        guard await waitStamped(for: [], until: nil, alarm: alarm).outcome != .cancelled else { throw CancellationError() }
        return alarm.deadline
    }

    private func waitStamped(
        for descriptors: [pollfd], until deadline: ContinuousClock.Instant?, alarm: Alarm?
    ) async -> (outcome: Outcome, readyAt: timespec?) {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        defer { state.withLock { _ = $0.cancelled.remove(id) } }  // a cancellation that came after the end
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let admitted = state.withLock { state in
                    guard state.cancelled.remove(id) == nil else { return false }
                    state.waiters[id] = Waiter(
                        descriptors: descriptors, deadline: deadline, alarm: alarm, continuation: continuation)
                    return true
                }
                guard admitted else { return continuation.resume(returning: (.cancelled, nil)) }
                if !isCurrentThread { wake.fire() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return Waiter?.none
                }
                return waiter
            }
            if let waiter {
                waiter.continuation.resume(returning: (.cancelled, nil))
                wake.fire()
            }
        }
    }

    /// Waits until `fd` is readable (or hung up), `deadline` passes or the task is cancelled.
    package func waitUntilReadable(_ fd: CInt, until deadline: ContinuousClock.Instant? = nil) async -> Outcome {
        await wait(for: [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)], until: deadline)
    }

    /// Runs `job` on the loop's thread, before its next poll.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        if !isCurrentThread { wake.fire() }
    }

    /// Runs `body` on the loop's thread once the jobs it is running now are done, before it
    /// polls again; called elsewhere, `body` runs at once. A reader that hands a burst's news to
    /// another thread thereby hands it over once, whole: woken after the first piece, that thread
    /// would take it and sleep again before the rest came, and be woken twice.
    package func afterThisRound(_ body: @escaping @Sendable () -> Void) {
        guard isCurrentThread else { return body() }
        state.withLock { $0.afterRound.append(body) }
    }

    /// The main thread's own queue, when the loop runs on the main thread (`runOnMainThread`): a
    /// descriptor readable when the queue has work, and its drain, told whether it was readable.
    fileprivate struct MainQueue {
        let handle: CInt
        let drain: @convention(c) (CInt) -> Void
    }

    /// Runs the loop on the calling thread, the process's main thread, which also drains the main
    /// queue (the main actor's jobs) between polls: one thread asleep while nothing happens, and
    /// a burst's hop to the main actor wakes no other thread.
    fileprivate func runOnMainThread(_ mainQueue: MainQueue) -> Never {
        run(mainQueue: mainQueue)
    }

    private func run(mainQueue: MainQueue? = nil) -> Never {
        loopThread.withLock { $0 = pthread_self() }
        if mainQueue == nil { _ = cposix_name_current_thread("event-loop") }
        var fds: [pollfd] = []
        var owners: [(id: Int, first: Int, count: Int)] = []
        // Whether the main queue's descriptor was readable at the last poll, so its count is
        // read (a read of a count of 0 could block). The queue is drained every round, so the
        // jobs queued before the loop ran, or before the descriptor existed, run in the first.
        var mainQueueReady = false
        while true {
            let jobs = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            let afterRound = state.withLock { state in
                defer { state.afterRound.removeAll(keepingCapacity: true) }
                return state.afterRound
            }
            for body in afterRound { body() }
            // The main actor's jobs, after the loop's: a burst's hop to the main actor runs in the
            // round that read it. A job queued meanwhile makes the descriptor readable again.
            if let mainQueue {
                mainQueue.drain(mainQueueReady ? 1 : 0)
                mainQueueReady = false
            }
            fds.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0))
            if let mainQueue { fds.append(pollfd(fd: mainQueue.handle, events: Int16(POLLIN), revents: 0)) }
            let (earliest, hasJobs) = state.withLock { state in
                var earliest: ContinuousClock.Instant?
                for (id, waiter) in state.waiters {
                    owners.append((id, fds.count, waiter.descriptors.count))
                    fds.append(contentsOf: waiter.descriptors)
                    if let deadline = waiter.currentDeadline { earliest = min(earliest ?? deadline, deadline) }
                }
                return (earliest, !state.jobs.isEmpty)
            }
            // With work queued the poll only looks: a task that keeps the loop busy never keeps
            // the waits from seeing their descriptors and deadlines.
            let timeout = hasJobs ? 0 : earliest.map { ContinuousClock.now.duration(to: $0).pollMilliseconds } ?? -1
            let polled = Syscalls.retryingOnInterrupt { Syscalls.poll(&fds, timeout: timeout) }
            var readyAt = timespec()
            clock_gettime(CLOCK_REALTIME, &readyAt)
            if case .failure(let errno) = polled {
                let failed = state.withLock { state in
                    defer { state.waiters.removeAll() }
                    return state.waiters.values.map(\.continuation)
                }
                for continuation in failed { continuation.resume(returning: (.failed(errno), nil)) }
                // Not a spin when the failure lasts (ENOMEM): the next round waits a little.
                var nothing = [pollfd]()
                _ = Syscalls.poll(&nothing, timeout: 10)
                continue
            }
            if fds[0].revents != 0 { wake.drain() }
            if mainQueue != nil, fds[1].revents != 0 { mainQueueReady = true }
            guard case .success(let ready) = polled, ready > 0 || earliest != nil else { continue }
            let now = ContinuousClock.now
            let finished = state.withLock { state in
                var finished: [(CheckedContinuation<(outcome: Outcome, readyAt: timespec?), Never>, (Outcome, timespec?))] = []
                for owner in owners {
                    guard let waiter = state.waiters[owner.id] else { continue }
                    let revents = fds[owner.first..<owner.first + owner.count].map(\.revents)
                    if revents.contains(where: { $0 != 0 }) {
                        finished.append((waiter.continuation, (.ready(revents), readyAt)))
                    } else if let deadline = waiter.currentDeadline, deadline <= now {
                        finished.append((waiter.continuation, (.timedOut, nil)))
                    } else {
                        continue
                    }
                    state.waiters[owner.id] = nil
                }
                return finished
            }
            for (continuation, outcome) in finished { continuation.resume(returning: outcome) }
        }
    }
}

/// Runs the shared loop on the main thread of a program that asked for it before `main`
/// (`cposix_event_loop_runs_on_main_thread()`): `gps`'s CMainQueue calls it where the runtime would call
/// `dispatch_main()`, with the main queue's descriptor and a drain of that queue, told whether the
/// descriptor was readable.
@_cdecl("posixsupport_run_event_loop_on_main_thread")
public func runEventLoopOnMainThread(_ mainQueueHandle: CInt, _ drain: @convention(c) (CInt) -> Void) -> Never {
    EventLoop.shared.runOnMainThread(EventLoop.MainQueue(handle: mainQueueHandle, drain: drain))
}

extension EventLoop {
    /// A deadline a task sleeps until on the loop (`sleep(until:)`) that can be moved while it
    /// sleeps: the loop reads it again before every `poll`. Moving it later wakes nobody (a
    /// loop asleep for the old deadline finds, when it wakes, that it has not passed); moving it
    /// earlier wakes the loop, so it is never late.
    package final class Alarm: Sendable {
        private let instant: LockedState<ContinuousClock.Instant>
        private let loop: EventLoop

        /// An alarm at `deadline`, for tasks that sleep on `loop`.
        package init(at deadline: ContinuousClock.Instant, on loop: EventLoop = .shared) {
            instant = LockedState(deadline)
            self.loop = loop
        }

        /// When it goes off, as it stands now.
        package var deadline: ContinuousClock.Instant { instant.withLock { $0 } }

        /// Moves the deadline; the loop wakes to see it only when it comes sooner.
        package func move(to deadline: ContinuousClock.Instant) {
            let isSooner = instant.withLock { current in
                defer { current = deadline }
                return deadline < current
            }
            if isSooner, !loop.isCurrentThread { loop.wake.fire() }
        }
    }
}
