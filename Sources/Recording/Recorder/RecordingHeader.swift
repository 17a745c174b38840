import FoundationEssentials

/// The `#` comment lines a recording begins with. gpsd's `gpsfake` reads one of them (`Date:`,
/// for the century); `gps replay` skips them all.
///
/// The speed is said in the first line, not in a `# Serial: 9600 8N1` comment: gpsd 3.22's
/// `gpsfake` (Debian's) reads every comment holding `Serial:` and refuses the whole log ("bad
/// serial-parameter spec": its Python 3 compares a byte's number with a one-byte string), and
/// one it did read would stop it with a `KeyError` on a speed above 230400, its table's last.
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
        return [
            "# Recorded by gps record from \(device)" + (baudRate.map { " at \($0) bit/s" } ?? ""),
            "# Date: " + String(time.prefix(10)),
            "# Started: \(time)",
        ].map { $0 + "\n" }.joined()
    }
}
