import Glibc
import GPSReader
import POSIXSupport

/// The request that asks gpsd for its relayed NMEA on a connected socket.
enum NMEAWatch {
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
}
