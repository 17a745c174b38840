import Dispatch

/// Where blocking or CPU-heavy test work runs: one serial queue, so it never holds a thread of
/// Swift's small cooperative pool and never takes more than one core. Other suites'
/// timing-sensitive tasks (a 300 ms unplug, say) must not wait behind it.
let heavyWork = DispatchQueue(label: "GPSReaderTests.heavyWork")

/// Runs `work` on `heavyWork` and returns its result.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        heavyWork.async { continuation.resume(with: Result { try work() }) }
    }
}
