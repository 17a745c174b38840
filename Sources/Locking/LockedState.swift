import Glibc

/// A value that threads share, reachable only inside `withLock`, under a `pthread_mutex_t`.
///
/// It stands in for `Synchronization.Mutex` with the same shape (`LockedState(initial)`,
/// `withLock { state in ... }`, `~Copyable`, `Sendable` because state only crosses threads
/// through `sending`), for one reason: on Linux `Mutex` takes its fast path with an atomic
/// inside the uninstrumented standard library and parks in raw `futex` system calls, so
/// ThreadSanitizer sees no ordering between two threads' critical sections and reports races
/// on the state a `Mutex` guards. Every sanitizer intercepts `pthread_mutex_lock` and
/// `pthread_mutex_unlock`: under ThreadSanitizer only real races are reported, and lock-order
/// inversions too. (Annotating `Mutex` with `__tsan_acquire`/`__tsan_release` instead would
/// take a C target and a stable address for a value Swift may move, and still hide the order
/// of locks.) It is a module of its own because `SerialPort` and `LocationTracking` both need
/// it and import nothing of each other.
///
/// Uncontended, glibc locks and unlocks with one atomic compare-and-swap each and no system
/// call: about 10 ns for a `withLock` against `Mutex`'s 6 ns, measured in release, on paths
/// taken per read or per epoch, never per sentence. `init` makes the one heap allocation: a
/// `pthread_mutex_t` must stay at the address it was initialised at, and Swift moves values
/// freely, so the mutex and the state live together in one `ManagedBuffer`, which never moves.
/// A `State` of no size (`Void`) may share its address with the mutex: guard a value, not `()`.
public struct LockedState<State>: ~Copyable {
    /// Owns the block `mutex` and `state` point into, which never moves.
    @usableFromInline let buffer: Buffer
    /// The `pthread_mutex_t` in `buffer`.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The state in `buffer`, reached only with `mutex` held.
    @usableFromInline let state: UnsafeMutablePointer<State>

    /// Guards `initialState`.
    public init(_ initialState: consuming sending State) {
        let state = consume initialState
        // `create` returns the class it is called on; the cast only restates that.
        let buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in state }, to: Buffer.self)
        // Both pointers are taken once, here: `withLock` then never touches the buffer object,
        // whose header a thread holding the lock may be writing.
        let mutex = buffer.withUnsafeMutablePointerToElements { $0 }
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with errno \(result)")
        self.buffer = buffer
        self.mutex = mutex
        self.state = buffer.withUnsafeMutablePointerToHeader { $0 }
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
        // Region checking cannot see that `state.pointee` belongs to this lock alone, which is
        // what makes lending it to `body` as `sending` sound (as in `Mutex`); `buffer`, held by
        // `self`, keeps the block alive for the whole call.
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        nonisolated(unsafe) let state = state
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

// Sound for any `State`, as for `Mutex`: state enters through `init`'s `sending` parameter and
// leaves `withLock` only as a `sending` result.
extension LockedState: @unchecked Sendable {}
