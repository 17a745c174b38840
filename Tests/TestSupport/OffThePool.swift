import Dispatch

/// Where CPU-heavy test work runs: one serial queue for the whole test process, so it never
/// holds a thread of Swift's small cooperative pool and never takes more than one core. Other
/// suites' timing-sensitive tasks (a 300 ms unplug, say) must not wait behind it.
///
/// A blocking wait (a child process, a read with a timeout) takes a thread of its own instead
/// (`onOwnThread`): it costs no core, and on this queue every other test's work would wait
/// behind it.
public let heavyWork = DispatchQueue(label: "TestSupport.heavyWork")

/// Runs `work` on `heavyWork` and returns its result.
///
/// `work` runs outside the test's task: `#expect` and `#require` inside it are attributed to no
/// test. Compute there, and check what it returns.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        heavyWork.async { continuation.resume(with: Result { try work() }) }
    }
}
