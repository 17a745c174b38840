extension SerialPort {
    /// A line speed in bits per second, such as 9600.
    ///
    /// Any integer can be written (`let rate: SerialPort.BaudRate = 9600`), but only the
    /// `standard` rates can be set on a port: opening or reconfiguring with another rate
    /// fails with `SerialPortError.unsupportedBaudRate`.
    public struct BaudRate: RawRepresentable, Hashable, Comparable, Sendable,
                            ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The speed in bits per second.
        public var rawValue: Int

        /// A rate of `rawValue` bits per second.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A rate of `value` bits per second.
        public init(integerLiteral value: Int) { self.rawValue = value }

        /// Every rate a port accepts, slowest first: 1200 to 921600 bits per second.
        public static let standard: [BaudRate] = [
            1200, 1800, 2400, 4800, 9600, 19200, 38400, 57600,
            115200, 230400, 460800, 500000, 576000, 921600,
        ]

        /// Whether a port accepts this rate.
        public var isStandard: Bool { BaudRate.standard.contains(self) }

        /// The rate in bits per second, as digits: `"9600"`.
        public var description: String { String(rawValue) }

        /// Whether `lhs` is slower than `rhs`.
        public static func < (lhs: BaudRate, rhs: BaudRate) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
