import Foundation
import Glibc
import Locking

/// RTKLIB's NTRIP 1.0 caster (`str2str -in tcpcli://… -out ntripc://:PORT/MOUNT -b 1`) on a free
/// port, fed by a paced source of its own: the frames over and over, `pace` apart, until `stop()`.
package final class RTKLIBCaster: Sendable {
    /// Why a test that needs it did not run.
    package static let missingMessage = "str2str is not installed (apt-get install rtklib): skipping the RTKLIB caster test"

    /// The caster's port (it listens on every address).
    package let port: UInt16
    /// The paced source str2str reads; its `upstream` is what clients sent back (`-b 1`).
    package let source: TestCaster
    private let process: Spawned
    private let stopped = Flag()

    /// Set once, by `stop()`; the source's thread reads it.
    private final class Flag: Sendable {
        let isSet = LockedState(false)
    }

    /// Starts the source and the caster, which wants `credentials` (`USER:PASS`) when given;
    /// `nil` without str2str.
    package init?(frames: [[UInt8]], mountpoint: String, credentials: String? = nil, pace: Duration = .milliseconds(20)) throws {
        guard let str2str = Subprocess.find("str2str") else { return nil }
        let stopped = stopped
        let microseconds = UInt32(pace.components.seconds * 1_000_000 + pace.components.attoseconds / 1_000_000_000_000)
        source = try TestCaster { connection in
            connection.keepReading()
            while true {
                for frame in frames {
                    guard !stopped.isSet.withLock({ $0 }), connection.write(frame) else { return }
                    usleep(microseconds)
                }
            }
        }
        port = freeLoopbackPort()
        process = try Spawned(str2str, ["-in", "tcpcli://127.0.0.1:\(source.port)", "-out", "ntripc://\(credentials.map { "\($0)@" } ?? ""):\(port)/\(mountpoint)", "-b", "1"])
    }

    /// Stops the caster and its source. SIGKILL: str2str, asked with SIGTERM, can take more
    /// than 30 s to join its stream threads while a client or the source is connected.
    package func stop() {
        stopped.isSet.withLock { $0 = true }
        process.signal(SIGKILL)
        source.stop()
    }
}
