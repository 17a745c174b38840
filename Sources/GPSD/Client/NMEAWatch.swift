import Glibc
import GPSReader
import POSIXSupport

/// gpsd's relayed NMEA on a connected socket: the request that asks for it, and the loop that
/// reads it.
enum NMEAWatch {
    /// How reading ended.
    enum Outcome {
        /// The connection ended or broke.
        case ended
        /// The wake pipe fired.
        case stopped
    }

    /// Sends `?WATCH={"enable":true,"json":false,"nmea":true}` (with `device` when given);
    /// false when the socket failed.
    static func request(on fd: CInt, device: String?) -> Bool {
        var watch = GPSDJSONWriter(capacity: 256)
        watch.beginObject()
        watch.field("enable", true)
        watch.field("json", false)
        watch.field("nmea", true)
        watch.field("device", device)
        watch.endObject()
        let request = Array("?WATCH=".utf8) + watch.bytes.dropLast(2) + Array(";\n".utf8)
        let sent = request.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.send(fd, bytes) } }
        if case .success = sent { return true }
        return false
    }

    /// Hands every chunk read from `fd` to `chunk` (gpsd's JSON lines included: the framer
    /// skips them) until the connection ends or `wake` fires; the message of each ERROR object
    /// gpsd sends goes to `error` as well (a watch of a device it does not have).
    ///
    /// `quiet` is called once each time no byte has come for
    /// `NMEALocationProvider.quietInterval` after bytes: gpsd relays each burst of the receiver
    /// as it comes, so the epoch is over. The wait then goes on without a deadline, so a silence
    /// costs one extra wake-up, never one per interval.
    static func read(
        _ fd: CInt, until wake: WakePipe?, quiet: () -> Void, error: (String) -> Void,
        _ chunk: (UnsafeRawBufferPointer) -> Void
    ) -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var errors = GPSDErrorScanner()
        var isAfterBytes = false
        while true {
            var fds = [pollfd(fd: wake?.readEnd ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let timeout = isAfterBytes ? NMEALocationProvider.quietInterval.pollMilliseconds : -1
            guard case .success(let ready) = Syscalls.retryingOnInterrupt({ Syscalls.poll(&fds, timeout: timeout) }) else {
                return .ended
            }
            if ready == 0 {
                isAfterBytes = false
                quiet()
                continue
            }
            if fds[0].revents != 0 { return .stopped }
            let result = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(fd, bytes) } }
            switch result {
            case .success(let count) where count > 0:
                isAfterBytes = true
                buffer.withUnsafeBytes { bytes in
                    let read = UnsafeRawBufferPointer(rebasing: bytes[..<count])
                    errors.scan(read, error)
                    chunk(read)
                }
            case .failure(.EAGAIN):
                continue
            default:
                return .ended
            }
        }
    }
}
