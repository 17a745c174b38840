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
        case device(GPSReader.DeviceSelection, baudRate: SerialPort.BaudRate? = nil)
        /// A recorded capture, played once.
        ///
        /// - Parameters:
        ///   - capture: The capture's bytes or its file.
        ///   - pace: How fast to play it.
        case capture(GPSReader.Capture, pace: GPSReader.ReplayPace)
    }

    /// Which serial device a `.device` source reads: `DeviceSelection` now, a type of the pipeline's.
    @available(*, deprecated, renamed: "DeviceSelection")
    public typealias DeviceSelection = GPSReader.DeviceSelection

    /// A recorded NMEA stream: `Capture` now, a type of the pipeline's.
    @available(*, deprecated, renamed: "Capture")
    public typealias Capture = GPSReader.Capture

    /// How fast a capture is played: `ReplayPace` now, a type of the pipeline's.
    @available(*, deprecated, renamed: "ReplayPace")
    public typealias ReplayPace = GPSReader.ReplayPace

    /// How a device is opened: `DeviceOpener` now, a type of the pipeline's.
    @available(*, deprecated, renamed: "DeviceOpener")
    public typealias DeviceOpener = GPSReader.DeviceOpener
}
