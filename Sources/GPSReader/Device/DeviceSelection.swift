import POSIXSupport
import SerialPort

/// Which serial device a `DeviceConnection` (and `NMEALocationProvider`'s `.device` source) reads.
public enum DeviceSelection: Hashable, Sendable {
    /// This device, such as `/dev/ttyACM0`, a `/dev/serial/by-id/` link or a pty: bytes that
    /// need not be UTF-8.
    case path(FilePath)
    /// The device `SerialPort.availableDevices()` finds, looked up again each time one is
    /// needed: a dedicated GPS receiver first, then a known GPS bridge, then any USB serial
    /// device; its `preferredPath` is opened.
    case automatic

    /// This device, named as text.
    public static func path(_ path: String) -> DeviceSelection {
        .path(FilePath(path))
    }
}
