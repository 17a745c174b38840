import Dispatch
import Foundation
import Locking

/// Runs `body` with a thread of its own as the task's executor, and returns what it returned.
///
/// For a test whose deadlines are the code's, not the machine's: an MQTT connection that must
/// ping within its keep-alive, say. The whole suite runs in parallel on the cooperative pool's
/// two threads, which CPU-heavy suites hold for seconds; `body`'s own code, and every
/// continuation resumed for it (an event loop's wake-up, a `Task.sleep`), run on this thread
/// instead. Child tasks `body` starts inherit the preference.
public func onThreadOfItsOwn<T: Sendable>(
    named name: String = "test", _ body: () async throws -> T
) async rethrows -> T {
    let executor = ThreadExecutor(name: name)
    defer { executor.shutDown() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}

/// A task executor that runs every job on one thread, in the order enqueued. Once shut down,
/// a job enqueued late (a continuation of a task that outlived `body`) runs on the global
/// concurrent executor instead.
final class ThreadExecutor: TaskExecutor, Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var isShutDown = false
    }

    private let queue = LockedState(Queue())
    private let waiting = DispatchSemaphore(value: 0)

    init(name: String) {
        // The thread holds the executor until it has run the last job and ends.
        let thread = Thread { [self] in
            while true {
                waiting.wait()
                let next: UnownedJob?? = queue.withLock { queue in
                    if !queue.jobs.isEmpty { return .some(queue.jobs.removeFirst()) }
                    return queue.isShutDown ? .none : .some(nil)
                }
                guard let job = next else { return }
                job?.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isTaken = queue.withLock { queue in
            guard !queue.isShutDown else { return false }
            queue.jobs.append(job)
            return true
        }
        if isTaken {
            waiting.signal()
        } else {
            DispatchQueue.global().async { job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor()) }
        }
    }

    /// Ends the thread once it has run the jobs already enqueued.
    func shutDown() {
        queue.withLock { $0.isShutDown = true }
        waiting.signal()
    }
}

/// Starts `body` as a detached task whose jobs run on a thread of its own (see
/// `onThreadOfItsOwn`): for a test's stand-in hardware, a receiver that transmits at its own
/// pace however long the suite keeps the cooperative pool's threads. The thread ends with the task.
@discardableResult
public func detachedOnThreadOfItsOwn(named name: String = "device", _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    let executor = ThreadExecutor(name: name)
    return Task.detached(executorPreference: executor) {
        await body()
        executor.shutDown()
    }
}
