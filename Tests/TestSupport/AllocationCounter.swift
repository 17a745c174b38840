import CAllocationCounter

/// Counts the heap allocations the calling thread makes while running a closure.
///
/// The count comes from the allocator interposed by the `CAllocationCounter`
/// target, so it sees every `malloc` family call, including ones freed again
/// before the closure returns.
public enum AllocationCounter {
    /// Heap allocations made by the calling thread so far.
    public static var current: UInt64 { gps_thread_allocation_count() }

    /// Runs `body` and returns how many heap allocations the calling thread made
    /// while it ran.
    ///
    /// - Parameter body: Synchronous work to measure; it must not hop threads.
    /// - Returns: The number of allocations, 0 for allocation-free code.
    public static func allocations<E: Error>(in body: () throws(E) -> Void) throws(E) -> UInt64 {
        let before = current
        try body()
        return current - before
    }
}
