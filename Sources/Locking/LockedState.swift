import Glibc

/// A value that threads share, reachable only inside `withLock`, under a `pthread_mutex_t`.
///
/// It stands in for `Synchronization.Mutex` with the same shape (`LockedState(initial)`,
/// `withLock { state in ... }`, `~Copyable`, `Sendable` because state only crosses threads
/// through `sending`), for one reason: on Linux `Mutex` parks in raw `futex` system calls and
/// its fast path is an atomic in the uninstrumented standard library, so ThreadSanitizer sees
/// no ordering between two threads' critical sections and reports races on the state every
/// `Mutex` guards. `pthread_mutex_lock` and `pthread_mutex_unlock` are intercepted by every
/// sanitizer: a ThreadSanitizer run reports only real races, and lock-order inversions too.
///
/// The cost is that of `Mutex`: uncontended, glibc locks and unlocks with one atomic
/// compare-and-swap each (no system call), and `withLock` is inlined into its callers.
/// The one heap allocation is made by `init`. A `pthread_mutex_t` must stay at the address it
/// was initialised at, and Swift moves values freely, so the mutex and the state live together
/// in one `ManagedBuffer`, whose address never changes.
public struct LockedState<State>: ~Copyable {
    @usableFromInline let buffer: Buffer

    /// Guards `initialState`.
    public init(_ initialState: consuming sending State) {
        let state = consume initialState
        // `create` returns the class it is called on; the cast only restates that.
        buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in state }, to: Buffer.self)
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "pthread_mutex_init failed with errno \(result)")
        }
    }

    /// Runs `body` with the state while holding the lock, blocking until it is free.
    ///
    /// The lock is not recursive: calling `withLock` on the same value inside `body` deadlocks.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the lock is released either way.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        // The pointers outlive the closure that returns them, which is sound here: `buffer`,
        // held by `self`, keeps the block alive for the whole call.
        nonisolated(unsafe) let (state, mutex) = buffer.withUnsafeMutablePointers { ($0, $1) }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    /// The state (header) and the `pthread_mutex_t` (the only element) in one heap block.
    @usableFromInline final class Buffer: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}

extension LockedState: @unchecked Sendable {}
