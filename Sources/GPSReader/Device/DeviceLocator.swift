import POSIXSupport
import SerialPort

/// Picks the device a `.device` source reads, and opens it through the injectable opener.
struct DeviceLocator: Sendable {
    let selection: DeviceSelection
    let opener: DeviceOpener

    /// The path to open now.
    ///
    /// - Throws: `GPSReaderError.noReceiverAttached` when discovery finds nothing.
    func currentPath() throws(GPSReaderError) -> FilePath {
        switch selection {
        case .path(let path):
            return path
        case .automatic:
            guard let device = Self.preferredDevice(among: SerialPort.availableDevices()) else {
                throw .noReceiverAttached
            }
            return FilePath(device.preferredPath)
        }
    }

    /// The likeliest GPS receiver: a dedicated one, then a known GPS bridge, then any.
    static func preferredDevice(among devices: [SerialPort.Device]) -> SerialPort.Device? {
        devices.first { $0.knownReceiver?.isDedicated == true }
            ?? devices.first { $0.knownReceiver != nil }
            ?? devices.first
    }
}

extension NMEALocationProvider {
    /// The device `.device(.automatic)` would read now: a dedicated GPS receiver first, then a
    /// known GPS bridge, then any USB serial device; `nil` when none is attached.
    ///
    /// - Parameter devices: The candidates; by default what `SerialPort.availableDevices()` finds.
    public static func likelyReceiver(
        among devices: [SerialPort.Device] = SerialPort.availableDevices()
    ) -> SerialPort.Device? {
        DeviceLocator.preferredDevice(among: devices)
    }
}
