import Testing

/// Waits until `condition` holds, yielding to the main actor between checks, and records an
/// issue if it does not hold within `timeout` (a guard against hangs, never reached when the
/// code is right: generous, since the whole suite runs in parallel on two cores).
///
/// Nearly always a few yields suffice; after a hundred, checks are 1 ms apart so that work on
/// another thread (the clock's sleep hop) can finish on a loaded machine.
@MainActor
public func eventually(
    _ description: String,
    timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var checks = 0
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            return
        }
        checks += 1
        if checks < 100 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Lets work already queued on the main actor run: a few yields, for asserting that something
/// did not happen where no later event can serve as a marker.
@MainActor
public func settle() async {
    for _ in 0..<20 { await Task.yield() }
}
