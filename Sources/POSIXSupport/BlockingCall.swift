import Dispatch

/// Runs a call that may block for seconds (a name lookup, a speed hunt) on a thread that may
/// block, off the cooperative pool, and returns its result.
///
/// Each call gets a serial queue of its own, which libdispatch runs on one of its overcommit
/// threads. `DispatchQueue.global()`'s threads would do as well, but on Linux the first of them
/// to start also starts libdispatch's monitor of that pool: a timer that wakes the process
/// every second for the rest of its life, whether or not anything runs.
///
/// - Parameters:
///   - label: The queue's name, as a debugger shows it.
///   - body: The blocking call.
package func runBlocking<Value: Sendable>(_ label: String, _ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue(label: label).async { continuation.resume(returning: body()) }
    }
}
