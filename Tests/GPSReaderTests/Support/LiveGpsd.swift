import Foundation
import TestSupport

/// gpsd itself, run by `gpsfake` on loopback: the capture goes through a pty into a private
/// `gpsd` bound to 127.0.0.1, and its JSON reports come back on standard output.
enum LiveGpsd {
    /// The `gpsfake` program, or `nil` when gpsd is not installed (`apt-get install gpsd gpsd-clients`).
    static let gpsfake = GPSFake.path

    static let missingMessage =
        "gpsfake is not installed (apt-get install gpsd gpsd-clients): skipping the live gpsd comparison"

    /// gpsd's version line, such as `gpsd: 3.22 (revision 3.22)`.
    static func version() async throws -> String {
        try await run("/usr/sbin/gpsd", ["-V"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What gpsd reports for the capture at `path`, fed once at 38400 bit/s (the same command
    /// that made the corpus's `expected-3.22` files). `GPSFake` spawns it with an empty signal
    /// mask (see `Spawned`): gpsfake waits for its gpsd by SIGCHLD.
    static func replay(_ path: String) async throws -> String {
        try await GPSFake.run(["-1", "-p", "-q", "-s", "38400", "-r", #"?WATCH={"json":true}"#, path], timeout: .seconds(300)).output
    }

    /// Runs `program` and returns its standard output.
    private static func run(_ program: String, _ arguments: [String]) async throws -> String {
        try await Subprocess.run(program, arguments, timeout: .seconds(300)).output
    }
}
