import Glibc
import Testing
import TestSupport

/// A `gps` process left running while the test talks to it, its standard output collected
/// and awaited without holding a thread (see `Spawned`).
final class BackgroundCommand {
    private let process: Spawned

    /// Starts `gps arguments…`; `asNobody` through `setpriv` as the `nobody` user (which execs
    /// `gps` in the same process, so signals reach it), `mergingStandardError` with its
    /// standard error collected beside its standard output.
    init(_ arguments: [String], asNobody: Bool = false, mergingStandardError: Bool = false) throws {
        let gps = try #require(CommandRunner.gpsPath)
        process = asNobody
            ? try Spawned("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", gps] + arguments,
                          mergingStandardError: mergingStandardError)
            : try Spawned(gps, arguments, mergingStandardError: mergingStandardError)
    }

    /// Starts `/bin/sh -c script` with `$0` the gps path, for arguments a `String` cannot hold
    /// (`"$(printf 'out\\377.nmea')"`); the script `exec`s gps, so signals reach it.
    init(shellScript script: String, mergingStandardError: Bool = false) throws {
        process = try Spawned("/bin/sh", ["-c", script, try #require(CommandRunner.gpsPath)], mergingStandardError: mergingStandardError)
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
        await end(with: SIGINT)
    }

    /// Sends `signal` and returns the exit status (128 + the signal when it killed the process).
    func end(with signal: Int32) async -> Int32 {
        process.signal(signal)
        return await process.waitForExit().status
    }

    /// Waits for it to exit on its own and returns the exit status.
    func waitForExit() async -> Int32 {
        await process.waitForExit().status
    }
}
