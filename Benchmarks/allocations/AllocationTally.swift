import CAllocationTally

/// The calling thread's heap allocations, counted by the linker-wrapped `malloc` family of
/// `CAllocationTally`.
enum AllocationTally {
    /// Heap allocations the calling thread has made so far.
    static var current: UInt64 { gps_tally_thread_allocations() }

    /// Whether this executable was compiled optimised, as the claims are about optimised code.
    static var isOptimizedBuild: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// Whether the count sees the Swift runtime's allocations: true in the static build of
    /// `.ci/release-build`, false in a dynamic link, where the runtime's calls to `malloc` are
    /// resolved inside its shared library and never reach the wrapper.
    static var seesSwiftAllocations: Bool {
        let before = current
        escaped = Array(repeating: 1, count: CommandLine.arguments.count + 64)
        return current > before
    }

    /// Runs `body` and returns how many heap allocations the calling thread made meanwhile.
    static func allocations(in body: () -> Void) -> UInt64 {
        let before = current
        body()
        return current - before
    }

    /// Where `seesSwiftAllocations` puts its array, so that the optimiser cannot keep it on the stack.
    nonisolated(unsafe) private static var escaped: [Int] = []
}
