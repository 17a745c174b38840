import Testing

/// Waits until `condition` holds, checking every millisecond, and records an issue if it does
/// not within `timeout` (a guard against hangs, never reached when the code is right).
@MainActor
func eventually(
    _ description: String,
    timeout: Duration = .seconds(5),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}
