import GPSReader
@testable import SerialPort
import Testing

/// Which device automatic discovery reads, and how baud detection recognises NMEA.
@Suite("Device choice and baud detection")
struct DeviceChoiceTests {
    private static func device(_ name: String, vendor: UInt16, product: UInt16, byID: String? = nil) -> SerialPort.Device {
        SerialPort.Device(
            path: "/dev/\(name)", links: byID.map { ["/dev/serial/by-id/\($0)"] } ?? [],
            kind: name.hasPrefix("ttyACM") ? .usbModem : .usbSerial,
            usb: .init(vendorID: vendor, productID: product), driver: nil, group: "dialout", isAccessible: true,
            knownReceiver: SerialPort.KnownReceiver.matching(vendorID: vendor, productID: product))
    }

    @Test("a dedicated receiver beats a GPS bridge, which beats an unknown device; its by-id link is used")
    func preference() {
        let unknown = Self.device("ttyACM0", vendor: 0x2341, product: 0x0043)
        let bridge = Self.device("ttyUSB0", vendor: 0x067b, product: 0x2303)
        let ublox = Self.device("ttyACM1", vendor: 0x1546, product: 0x01a7, byID: "usb-u-blox_7-if00")
        #expect(NMEALocationProvider.likelyReceiver(among: [unknown, bridge, ublox]) == ublox)
        #expect(NMEALocationProvider.likelyReceiver(among: [unknown, ublox])?.preferredPath == "/dev/serial/by-id/usb-u-blox_7-if00")
        #expect(NMEALocationProvider.likelyReceiver(among: [unknown, bridge]) == bridge)
        #expect(NMEALocationProvider.likelyReceiver(among: [unknown]) == unknown)
        #expect(NMEALocationProvider.likelyReceiver(among: []) == nil)
    }

    @Test("the validator given to baud detection accepts a sentence with a good checksum only")
    func lineValidator() {
        func isValid(_ line: String) -> Bool {
            Array(line.utf8).withUnsafeBytes(NMEALineValidator.isValidSentence)
        }
        #expect(isValid("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"))
        #expect(!isValid("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48"))
        #expect(!isValid("\u{7f}\u{1b}~~x\u{3}"), "line noise at the wrong speed")
        #expect(!isValid(""))
    }
}
