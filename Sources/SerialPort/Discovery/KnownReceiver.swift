extension SerialPort {
    /// A USB vendor and product id that GPS receivers are known to use: the one table that
    /// discovery and the udev rules share.
    ///
    /// Dedicated ids belong to GPS receivers only. The others belong to generic USB-serial
    /// bridges (PL2303, CP210x, FTDI, CH340) that many receivers are built on, and as many
    /// other gadgets: a device with such an id is only possibly a GPS receiver.
    public struct KnownReceiver: Hashable, Sendable {
        /// The USB vendor id (`idVendor` in sysfs).
        public var vendorID: UInt16
        /// The USB product id (`idProduct` in sysfs).
        public var productID: UInt16
        /// Who makes it and what it is, such as `"u-blox 7"`.
        public var name: String
        /// Whether the id belongs to GPS receivers only, rather than to a generic bridge.
        public var isDedicated: Bool

        /// An entry of the table.
        public init(vendorID: UInt16, productID: UInt16, name: String, isDedicated: Bool) {
            self.vendorID = vendorID
            self.productID = productID
            self.name = name
            self.isDedicated = isDedicated
        }

        /// The entry for a USB id, or `nil` when the id is not in the table.
        public static func matching(vendorID: UInt16, productID: UInt16) -> KnownReceiver? {
            all.first { $0.vendorID == vendorID && $0.productID == productID }
        }

        /// Every known id, dedicated receivers first. Sources: the vendors' datasheets and
        /// gpsd's `gpsd.rules`.
        public static let all: [KnownReceiver] = [
            KnownReceiver(vendorID: 0x1546, productID: 0x01a4, name: "u-blox Antaris 4", isDedicated: true),
            KnownReceiver(vendorID: 0x1546, productID: 0x01a5, name: "u-blox 5", isDedicated: true),
            KnownReceiver(vendorID: 0x1546, productID: 0x01a6, name: "u-blox 6", isDedicated: true),
            KnownReceiver(vendorID: 0x1546, productID: 0x01a7, name: "u-blox 7", isDedicated: true),
            KnownReceiver(vendorID: 0x1546, productID: 0x01a8, name: "u-blox 8", isDedicated: true),
            KnownReceiver(vendorID: 0x1546, productID: 0x01a9, name: "u-blox 9", isDedicated: true),
            KnownReceiver(vendorID: 0x091e, productID: 0x0003, name: "Garmin GPS (Garmin protocol)", isDedicated: true),
            KnownReceiver(vendorID: 0x1163, productID: 0x0200, name: "DeLorme Earthmate", isDedicated: true),
            KnownReceiver(vendorID: 0x0e8d, productID: 0x3329, name: "MediaTek MT3329 GPS", isDedicated: true),
            KnownReceiver(vendorID: 0x067b, productID: 0x2303, name: "Prolific PL2303 (GlobalSat BU-353 and others)", isDedicated: false),
            KnownReceiver(vendorID: 0x067b, productID: 0xaaa0, name: "Prolific PL2303 (GPS variant)", isDedicated: false),
            KnownReceiver(vendorID: 0x10c4, productID: 0xea60, name: "Silicon Labs CP210x", isDedicated: false),
            KnownReceiver(vendorID: 0x0403, productID: 0x6001, name: "FTDI FT232R", isDedicated: false),
            KnownReceiver(vendorID: 0x0403, productID: 0x6015, name: "FTDI FT-X", isDedicated: false),
            KnownReceiver(vendorID: 0x1a86, productID: 0x7523, name: "QinHeng CH340", isDedicated: false),
        ]
    }
}
