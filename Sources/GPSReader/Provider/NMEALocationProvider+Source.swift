import POSIXSupport
import SerialPort

extension NMEALocationProvider {
    /// Where the NMEA comes from.
    public enum Source: Hashable, Sendable {
        /// A receiver on a serial device.
        ///
        /// - Parameters:
        ///   - selection: Which device: a path, or the one discovery finds.
        ///   - baudRate: The line speed; `nil` detects it on USB-serial bridges (`/dev/ttyUSB*`)
        ///     and uses 9600 where the speed means nothing (`/dev/ttyACM*`, pseudo-terminals).
        case device(DeviceSelection, baudRate: SerialPort.BaudRate? = nil)
        /// A recorded capture, played once.
        ///
        /// - Parameters:
        ///   - capture: The capture's bytes or its file.
        ///   - pace: How fast to play it.
        case capture(Capture, pace: ReplayPace)
    }

    /// Which serial device a `.device` source reads.
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

    /// A recorded NMEA stream.
    public enum Capture: Hashable, Sendable {
        /// A capture file, read when updates start.
        case file(String)
        /// Capture bytes in memory.
        case bytes([UInt8])
    }

    /// How fast a capture is played.
    public enum ReplayPace: Hashable, Sendable {
        /// Every fix at once, as fast as it is decoded.
        case asFastAsPossible
        /// As the receiver sent it: fixes are as far apart as their UTC times, divided by
        /// `speedup` (1 is real time, 10 ten times faster). Gaps over 10 s (a second capture
        /// appended, a clock jump) are skipped.
        case realTime(speedup: Double)
        /// This many lines (sentences) per second.
        case linesPerSecond(Double)
    }
}
