import Foundation

/// `gpsfake` (gpsd's test harness: a capture fed through a pty to a gpsd of its own), run with
/// a new temporary folder as its `TMPDIR`, removed once the run is over.
///
/// gpsfake starts its gpsd with a control socket at `$TMPDIR/gpsfake-PID.sock`, waits until
/// that file exists, then asks through it for the pty to be added. A gpsd that is killed leaves
/// its socket behind, and PIDs wrap (at 32,768 here): in a shared `/tmp`, a stale socket of an
/// earlier run with the same PID lets gpsfake go on before its gpsd listens, the request to
/// add the pty is refused without a word, and that gpsd never reads the capture.
public final class GPSFake: Sendable {
    /// The program, or `nil` when gpsd is not installed (`apt-get install gpsd gpsd-clients`).
    public static let path = Subprocess.find("gpsfake")

    private let process: Spawned
    private let folder: String

    /// Starts `gpsfake arguments…`; requires `path`.
    public init(_ arguments: [String], mergingStandardError: Bool = false) throws {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake.XXXXXX").path.utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        folder = String(cString: created)
        do {
            process = try Spawned(
                try Self.requirePath(), arguments, environment: ["TMPDIR": folder], mergingStandardError: mergingStandardError)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    // The folder goes with the last reference: every use of the run goes through `self`, so
    // none outlives it.
    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What it has written so far (see `Spawned.output`).
    public var output: String { process.output }

    /// Sends it `signal`.
    public func signal(_ signal: Int32) {
        process.signal(signal)
    }

    /// Waits until it exits, or `timeout` passes and it is killed (see `Spawned.waitForExit`).
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(30)) async -> Subprocess {
        await process.waitForExit(timeout: timeout)
    }

    /// Runs `gpsfake arguments…` until it exits, or `timeout` passes and it is killed.
    public static func run(_ arguments: [String], timeout: Duration = .seconds(30)) async throws -> Subprocess {
        let run = try GPSFake(arguments)
        return await run.waitForExit(timeout: timeout)
    }

    private static func requirePath() throws -> String {
        guard let path else { throw POSIXError(.ENOENT) }
        return path
    }
}
