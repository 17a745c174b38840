import FoundationEssentials

/// The `#` comment lines a recording begins with. gpsd's `gpsfake` reads two of them (`Date:`
/// for the century, `Serial:` for the speed); `gps replay` skips them all.
struct RecordingHeader {
    /// The device, as the source opened it.
    var device: String
    /// Its speed in bit/s; `nil` where the speed means nothing (a pty, `/dev/ttyACM*`).
    var baudRate: Int?
    /// When the recording started, by the system clock.
    var startedAt: Date

    /// The lines, each ending in a newline.
    var text: String {
        let time = startedAt.formatted(.iso8601)
        var lines = ["# Recorded by gps record from \(device)" + (baudRate.map { " at \($0) bit/s" } ?? "")]
        lines.append("# Date: " + String(time.prefix(10)))
        if let baudRate { lines.append("# Serial: \(baudRate) 8N1") }
        lines.append("# Started: \(time)")
        return lines.map { $0 + "\n" }.joined()
    }
}
