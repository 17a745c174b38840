import SerialPort

/// Why an `NMEALocationProvider` could not deliver fixes; device failures come as the
/// `SerialPortError` itself, whose description names the remedy.
public enum GPSReaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Automatic discovery found no USB serial device; the provider keeps looking.
    case noReceiverAttached
    /// No speed gave two valid NMEA sentences in a row on the device; it may not be a GPS
    /// receiver, or it sends a binary protocol.
    case noNMEA(path: String)
    /// Bytes keep arriving from the device at `baudRate` bit/s but none frames a valid
    /// sentence (`GarbleDetector.limit` bytes of them): the receiver talks at another speed, or
    /// a binary protocol. Reported once per spell; a speed the provider detected is hunted for
    /// again, and fixes resume when sentences do.
    case garbled(path: String, baudRate: SerialPort.BaudRate)
    /// The capture file could not be read.
    case captureUnreadable(path: String)
    /// The capture file became shorter than what was already read from it (truncated while
    /// being replayed, as logrotate's `copytruncate` does): the replay ends there.
    case captureTruncated(path: String, size: Int)
    /// The first `bytesRead` bytes of the capture held no valid frame (an NMEA sentence, a UBX
    /// or RTCM 3 frame): an endless input that is no receiver's output, such as `/dev/zero`
    /// or `/dev/urandom`. The replay ends there (`CaptureReplay.frameSearchLimit`).
    case captureWithoutFrames(path: String, bytesRead: Int)

    /// What happened, and what to do about it.
    public var description: String {
        switch self {
        case .noReceiverAttached:
            "No GPS receiver is attached: no /dev/ttyUSB* or /dev/ttyACM* device. Plug one in; "
                + "`gps devices` lists what is found."
        case .noNMEA(let path):
            "No NMEA from \(path) at any usual speed. Is it a GPS receiver? Try `gps read \(path) --baud 4800`."
        case .garbled(let path, let baudRate):
            "The bytes from \(path) at \(baudRate) bit/s are not NMEA: the receiver talks at another speed or a "
                + "binary protocol. Try `gps read \(path) --baud 4800`, or leave --baud out to detect the speed."
        case .captureUnreadable(let path):
            "Cannot read the capture \(path): check the path and its permissions."
        case .captureTruncated(let path, let size):
            "The capture \(path) was truncated to \(size) bytes while being read: the replay ends here. "
                + "Replay a copy that is not being rotated."
        case .captureWithoutFrames(let path, let bytesRead):
            "No NMEA sentence, UBX or RTCM 3 frame in the first \(bytesRead / (1 << 20)) MiB of \(path): it is not "
                + "a receiver's output (/dev/zero, random bytes, another kind of file), so the replay stops here. "
                + "Give a capture `gps record` or a receiver wrote."
        }
    }
}
