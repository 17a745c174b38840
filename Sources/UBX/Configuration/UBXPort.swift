/// A u-blox receiver's port, numbered as CFG-PRT's `portID` and CFG-MSG's rates are.
public struct UBXPort: RawRepresentable, Hashable, Sendable {
    /// The `portID`: 0 I²C, 1 UART1, 2 UART2, 3 USB, 4 SPI.
    public var rawValue: UInt8

    /// The port numbered `rawValue`; any value is accepted.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The first UART: what a USB-serial bridge (`/dev/ttyUSB*`) reaches.
    public static let uart1 = UBXPort(rawValue: 1)
    /// The receiver's own USB (`/dev/ttyACM*`): no speed.
    public static let usb = UBXPort(rawValue: 3)
}

extension UBXPort: CustomStringConvertible {
    /// `UART1`, `USB`, or `port N`.
    public var description: String {
        switch rawValue {
        case 0: "I2C"
        case 1: "UART1"
        case 2: "UART2"
        case 3: "USB"
        case 4: "SPI"
        default: "port \(rawValue)"
        }
    }
}
