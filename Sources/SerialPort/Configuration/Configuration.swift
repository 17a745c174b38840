extension SerialPort {
    /// How a port frames bytes on the line: speed, character size, parity, stop bits, flow
    /// control, and whether the program may ever write to the device.
    ///
    /// The default, 9600 bits per second 8N1 with no flow control, is what most USB GPS
    /// receivers speak out of the box. Older NMEA 0183 receivers use 4800.
    public struct Configuration: Hashable, Sendable, CustomStringConvertible {
        /// The line speed; it must be one of `BaudRate.standard`.
        public var baudRate: BaudRate
        /// Bits per character.
        public var dataBits: DataBits
        /// The parity bit added to each character.
        public var parity: Parity
        /// Stop bits after each character.
        public var stopBits: StopBits
        /// Hardware flow control.
        public var flowControl: FlowControl
        /// Opens the device read-only (`O_RDONLY`), for receivers that must never be written
        /// to; writes then fail with `SerialPortError.system` carrying `EBADF`.
        public var isReadOnly: Bool

        /// A configuration; the defaults give 9600 8N1, no flow control, read-write.
        public init(
            baudRate: BaudRate = 9600,
            dataBits: DataBits = .eight,
            parity: Parity = .none,
            stopBits: StopBits = .one,
            flowControl: FlowControl = .none,
            isReadOnly: Bool = false
        ) {
            self.baudRate = baudRate
            self.dataBits = dataBits
            self.parity = parity
            self.stopBits = stopBits
            self.flowControl = flowControl
            self.isReadOnly = isReadOnly
        }

        /// The usual shorthand, such as `"9600 8N1"`, plus the flow control and access mode
        /// when they are not the defaults.
        public var description: String {
            var text = "\(baudRate) \(dataBits.rawValue)\(parity.letter)\(stopBits.rawValue)"
            if flowControl == .rtsCts { text += " RTS/CTS" }
            if isReadOnly { text += " read-only" }
            return text
        }
    }

    /// Bits per character (`CS5` to `CS8`).
    public enum DataBits: Int, Hashable, Sendable, CaseIterable {
        /// 5 bits (`CS5`).
        case five = 5
        /// 6 bits (`CS6`).
        case six
        /// 7 bits (`CS7`), with parity on some old receivers.
        case seven
        /// 8 bits (`CS8`): what GPS receivers use.
        case eight
    }

    /// The parity bit of each character (`PARENB`, `PARODD`).
    public enum Parity: Hashable, Sendable, CaseIterable {
        /// No parity bit.
        case none
        /// A bit that makes the number of ones even.
        case even
        /// A bit that makes the number of ones odd.
        case odd

        var letter: Character {
            switch self {
            case .none: "N"
            case .even: "E"
            case .odd: "O"
            }
        }
    }

    /// Stop bits after each character (`CSTOPB` for two).
    public enum StopBits: Int, Hashable, Sendable, CaseIterable {
        /// One stop bit: what GPS receivers use.
        case one = 1
        /// Two stop bits (`CSTOPB`).
        case two
    }

    /// Flow control of the line.
    public enum FlowControl: Hashable, Sendable, CaseIterable {
        /// None: what GPS receivers expect.
        case none
        /// Hardware flow control on the RTS and CTS lines (`CRTSCTS`).
        case rtsCts
    }
}
