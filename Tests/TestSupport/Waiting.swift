import Testing

/// Waits until `condition` holds, and records an issue if it does not within `timeout`;
/// whether it held. The suite's one helper for waiting on a condition that no signal announces
/// (a file that grows, a server's count, a screen): tests wait on it, never for a fixed time.
///
/// `timeout` is a guard against hangs, never reached when the code is right: generous (30 s by
/// default), since the whole suite runs in one process on two cores, under a sanitizer 5–20×
/// slower. `condition` runs on the caller's executor (the main actor for a `@MainActor` test).
///
/// For its first 5 ms (at most a hundred checks) checks are a `Task.yield()` apart, which is
/// nearly always enough for work queued on the same actor (a `ManualClock`'s wake-up); then the
/// pause between checks doubles from 1 ms up to `pollingLimit`: give a larger one for a costly
/// check (one that runs `tmux` or `chronyc`).
///
/// - Returns: `true` once `condition` held; `false` (an issue recorded) after `timeout`.
/// - Throws: what `condition` throws, at once.
@discardableResult
public nonisolated(nonsending) func eventually(
    _ description: String,
    timeout: Duration = .seconds(30),
    pollingLimit: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    try await eventuallyValue(description, timeout: timeout, pollingLimit: pollingLimit, sourceLocation: sourceLocation) {
        try await condition() ? true : nil
    } ?? false
}

/// Waits until `probe` gives a value and returns it, as `eventually` waits for a condition;
/// `nil` (an issue recorded) if it gives none within `timeout`.
///
/// - Throws: what `probe` throws, at once.
public nonisolated(nonsending) func eventuallyValue<Value>(
    _ description: String,
    timeout: Duration = .seconds(30),
    pollingLimit: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ probe: () async throws -> Value?
) async rethrows -> Value? {
    let start = ContinuousClock.now
    let deadline = start.advanced(by: timeout)
    var checks = 0
    var pause = Duration.milliseconds(1)
    while true {
        if let value = try await probe() { return value }
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            return nil
        }
        // A cancelled test (its time limit, a failure elsewhere) stops waiting at once.
        if Task.isCancelled { return nil }
        checks += 1
        if checks < 100, ContinuousClock.now - start < .milliseconds(5) {
            await Task.yield()
        } else {
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, pollingLimit)
        }
    }
}

/// Lets work already queued on the caller's actor run: a few yields, for asserting that
/// something did not happen where no later event can serve as a marker.
public nonisolated(nonsending) func settle() async {
    for _ in 0..<20 { await Task.yield() }
}
