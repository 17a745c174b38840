extension SerialPort {
    /// A serial device present on the machine, as `availableDevices()` finds it.
    public struct Device: Hashable, Sendable {
        /// What kind of device node it is.
        public enum Kind: Hashable, Sendable {
            /// A USB-serial bridge (`/dev/ttyUSB*`: PL2303, CP210x, FTDI, CH340): the baud
            /// rate matters.
            case usbSerial
            /// A USB CDC-ACM modem (`/dev/ttyACM*`, such as u-blox receivers): the baud rate
            /// is ignored.
            case usbModem
        }

        /// What USB says about the device, from sysfs.
        public struct USBInfo: Hashable, Sendable {
            /// The USB vendor id (`idVendor`).
            public var vendorID: UInt16
            /// The USB product id (`idProduct`).
            public var productID: UInt16
            /// The manufacturer string, if the device reports one.
            public var manufacturer: String?
            /// The product string, if the device reports one.
            public var product: String?
            /// The serial number string, if the device reports one.
            public var serialNumber: String?
        }

        /// The device node, such as `/dev/ttyUSB0`.
        public var path: String
        /// The stable names that point at it: `/dev/serial/by-id/*` and `/dev/gps*` links.
        public var links: [String]
        /// Bridge or modem.
        public var kind: Kind
        /// USB ids and strings; `nil` when sysfs has none (no USB parent, or no sysfs).
        public var usb: USBInfo?
        /// The kernel driver bound to it, such as `"cp210x"` or `"cdc_acm"`.
        public var driver: String?
        /// The group that owns the node, such as `"dialout"`; `nil` when unknown to the system.
        public var group: String?
        /// Whether the current user may open it for reading and writing (`access(R_OK | W_OK)`).
        public var isAccessible: Bool
        /// The entry of `KnownReceiver.all` for its USB id, if any.
        public var knownReceiver: KnownReceiver?

        /// The name to open and remember: the `/dev/serial/by-id/` link, which survives
        /// re-plugging in another port, when there is one, else `path`.
        public var preferredPath: String {
            links.first { $0.contains("/serial/by-id/") } ?? path
        }
    }
}
