import Glibc
import Testing
import TestSupport

/// A `gps` process left running while the test talks to it, its standard output collected
/// and awaited without holding a thread (see `Spawned`).
final class BackgroundCommand {
    private let process: Spawned

    init(_ arguments: [String]) throws {
        process = try Spawned(try #require(CommandRunner.gpsPath), arguments)
    }

    /// What it printed so far.
    var output: String { process.output }

    /// Waits up to `timeout` for `condition` on the output (a guard against hangs: generous,
    /// since the whole suite runs in parallel on two cores).
    func waitForOutput(timeout: Duration = .seconds(30), until condition: (String) -> Bool) async -> Bool {
        await process.waitForOutput(until: condition, timeout: timeout)
    }

    /// Sends Ctrl-C (SIGINT) and returns the exit status.
    func interrupt() async -> Int32 {
        process.signal(SIGINT)
        return await process.waitForExit().status
    }
}
