import Foundation
import GPSReader
import Glibc
import NMEA
import POSIXSupport

/// The thread behind a `GPSDLocationProvider`: connects, retries every `recheckInterval`, and
/// when streaming, reads gpsd's relayed NMEA into fixes until stopped.
final class ConnectionLoop: Sendable {
    private let wake: WakePipe?

    /// Starts the loop. When `streams` is false it only connects once successfully, reports
    /// the authorization and ends.
    init(provider: GPSDLocationProvider, streams: Bool) {
        wake = try? WakePipe.make().get()
        let thread = Thread { [self, weak provider] in
            if let provider { run(provider, streams: streams) }
        }
        thread.name = "GPSDLocationProvider"
        thread.start()
    }

    /// Ends the loop: its thread closes the connection and ends on its own (not waited for,
    /// so a delegate may stop updates from inside a callback).
    func stop() {
        wake?.fire()
    }

    private var isStopped: Bool {
        guard let wake else { return true }
        var probe = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        return Glibc.poll(&probe, 1, 0) > 0
    }

    private func run(_ provider: GPSDLocationProvider, streams: Bool) {
        guard let wake else {
            provider.report(GPSDError.system(operation: "pipe", errno: errno), from: self)
            return
        }
        defer { wake.close() }
        var lastFailure: String?
        while !isStopped {
            switch Sockets.connect(to: provider.address, timeout: 5000) {
            case .failure(let error):
                if "\(error)" != lastFailure { provider.report(error, from: self) }
                lastFailure = "\(error)"
            case .success(let fd):
                lastFailure = nil
                provider.connected(from: self)
                guard streams else {
                    _ = Syscalls.close(fd)
                    provider.probeSucceeded(self)
                    return
                }
                let stopped = stream(fd, wake, provider)
                _ = Syscalls.close(fd)
                if stopped { return }
                provider.report(GPSDError.disconnected(provider.address), from: self)
            }
            guard wait(provider.recheckInterval, wake) else { return }
        }
    }

    /// Waits `interval`; false when stopped meanwhile.
    private func wait(_ interval: Duration, _ wake: WakePipe) -> Bool {
        var probe = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        return (try? Syscalls.retryingOnInterrupt { Syscalls.poll(&probe, timeout: interval.pollMilliseconds) }.get()) == 0
    }

    /// Watches NMEA on `fd` and reports fixes until the connection ends (false) or the loop
    /// is stopped (true).
    private func stream(_ fd: CInt, _ wake: WakePipe, _ provider: GPSDLocationProvider) -> Bool {
        guard NMEAWatch.request(on: fd, device: provider.device) else { return false }
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        // gpsd relays each burst as it comes: at the quiet after one, the epoch is over.
        let outcome = NMEAWatch.read(
            fd, until: wake, quiet: { assembler.endEpoch { provider.report($0, from: self) } },
            error: { provider.report(GPSDError.answered(provider.address, message: $0), from: self) }
        ) { bytes in
            framer.append(bytes) { framed in
                guard case .success(let sentence) = framed else { return }
                assembler.consume(sentence) { provider.report($0, from: self) }
            }
        }
        guard outcome == .ended else { return true }
        // The epoch in progress when gpsd went away is reported, as at the end of a capture.
        assembler.finish { provider.report($0, from: self) }
        return false
    }
}
