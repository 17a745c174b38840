import Foundation
import Glibc
import Locking
import SerialPort

/// The real gpsd (3.22), reading a `VirtualReceiver` that plays a capture in a loop, on
/// 127.0.0.1: stopped and started again on the same receiver, as a restarted gpsd is.
///
/// gpsd is given the pty on its command line (`spawnGpsd`), not added later by gpsfake through a control socket, which can be lost: gpsfake waits
/// for the socket's file and may ask before gpsd listens on it, and nothing says so.
package final class GpsdOnPty: Sendable {
    package static let gpsd = Subprocess.find("gpsd")

    /// The port gpsd listens on.
    package let port = freeLoopbackPort()
    private let receiver: VirtualReceiver
    private let feeder: Task<Void, Never>
    /// The gpsd that runs, if any.
    private let running = LockedState<Spawned?>(nil)

    /// Plays `capture` at 100 lines a second, over and over, and starts gpsd on it.
    package init(capture: [UInt8]) throws {
        let receiver = try VirtualReceiver()
        self.receiver = receiver
        // While no gpsd reads, a send waits for room and gives up: the loop goes on.
        feeder = Task {
            while !Task.isCancelled { try? await receiver.play(capture, pace: .linesPerSecond(100)) }
        }
        try start()
    }

    deinit {
        feeder.cancel()
        running.withLock { $0 }?.signal(SIGTERM)
    }

    /// Starts gpsd on the receiver.
    package func start() throws {
        let gpsd = try Self.spawnGpsd(reading: receiver.devicePath, port: port)
        running.withLock { $0 = gpsd }
    }

    /// Starts gpsd in the foreground (`-N`) on 127.0.0.1:`port`, reading the pty at
    /// `devicePath` at once (`-n`) and writing no probes to it (`-b`); requires `gpsd`.
    package static func spawnGpsd(reading devicePath: String, port: UInt16) throws -> Spawned {
        try Spawned(gpsd!, ["-N", "-n", "-b", "-S", "\(port)", devicePath])
    }

    /// Stops gpsd (SIGTERM) and waits until it has exited.
    package func stop() async {
        let gpsd = running.withLock { running in
            defer { running = nil }
            return running
        }
        guard let gpsd else { return }
        gpsd.signal(SIGTERM)
        await gpsd.waitForExit()
    }
}
