import Foundation

/// Runs `body` on a new thread of its own and returns its result: for a blocking call (a read
/// that waits out its timeout, a sleep before an unplug) that must start at once and must not
/// hold a thread of the cooperative pool.
///
/// Not a dispatch queue: on Linux, libdispatch runs every queue's blocks on a small pool that it
/// grows slowly, and under AddressSanitizer, behind other suites' busy blocks, a queued block
/// here waited more than 10 s to start.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
