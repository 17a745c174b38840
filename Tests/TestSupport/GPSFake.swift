import Foundation

/// `gpsfake` (gpsd's test harness: a capture fed through a pty to a gpsd of its own), run with
/// a new temporary folder as its `TMPDIR`, removed once the run is over.
///
/// gpsfake starts its gpsd with a control socket at `$TMPDIR/gpsfake-PID.sock`, waits until
/// that file exists, then asks through it for the pty to be added. A gpsd that is killed leaves
/// its socket behind, and PIDs wrap (at 32,768 here): in a shared `/tmp`, a stale socket of an
/// earlier run with the same PID lets gpsfake go on before its gpsd listens, the request to
/// add the pty is refused without a word, and that gpsd never reads the capture.
public enum GPSFake {
    /// The program, or `nil` when gpsd is not installed (`apt-get install gpsd gpsd-clients`).
    public static let path = Subprocess.find("gpsfake")

    /// Runs `gpsfake arguments…` until it exits, or `timeout` passes and it is killed; requires
    /// `path`. Its standard error is printed when it fails, and a run that failed before its
    /// gpsd reported anything (gpsfake's own start-up: its gpsd, pty or client) is tried once
    /// more, so a harness that did not start is told apart from a capture it refuses, which
    /// it refuses again.
    public static func run(_ arguments: [String], timeout: Duration = .seconds(30)) async throws -> Subprocess {
        let first = try await runOnce(arguments, timeout: timeout)
        guard first.status != 0, !first.output.contains(#"{"class":"#) else { return first }
        return try await runOnce(arguments, timeout: timeout)
    }

    private static func runOnce(_ arguments: [String], timeout: Duration) async throws -> Subprocess {
        guard let path else { throw POSIXError(.ENOENT) }
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake.XXXXXX").path.utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let folder = String(cString: created)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Through the shell only to keep gpsfake's standard error in a file of the folder.
        let run = try await Spawned("/bin/sh", ["-c", #"exec "$0" "$@" 2>"$TMPDIR/stderr""#, path] + arguments,
                                    environment: ["TMPDIR": folder]).waitForExit(timeout: timeout)
        if run.status != 0 {
            let stderr = (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? ""
            print("gpsfake \(arguments.joined(separator: " ")) exited \(run.status): \(stderr.suffix(2000))")
        }
        return run
    }
}
