/// The claims `allocation-check` tests, and how many of them failed.
///
/// A claim runs its work once to warm up (lazy runtime metadata, buffers that grow to their working
/// size), then once more while the thread's heap allocations are counted. It holds when that
/// second run allocated nothing and its result shows the work was done.
struct AllocationClaims {
    /// Claims that allocated, or whose work was not done.
    private(set) var failures = 0

    /// Tests one claim and prints a line for it: `ok` or `FAIL`, the allocations counted, the claim.
    ///
    /// - Parameters:
    ///   - claim: What the code does without allocating, as a sentence.
    ///   - work: The work, run twice on the calling thread; it must not hop threads.
    ///   - done: Whether the results folded by `work` show it was done, read after both runs.
    mutating func check(_ claim: String, _ work: () -> Void, done: () -> Bool) {
        work()
        let allocations = AllocationTally.allocations(in: work)
        let isDone = done()
        let holds = allocations == 0 && isDone
        if !holds { failures += 1 }
        let outcome = holds ? "ok  " : "FAIL"
        let note = isDone ? "" : " (the work was not done: its results are missing)"
        print("\(outcome) \(allocations) allocations: \(claim)\(note)")
    }
}
