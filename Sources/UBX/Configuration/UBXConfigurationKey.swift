/// A configuration key of protocol 23.01 and later (CFG-VALSET, CFG-VALGET), such as
/// `CFG-RATE-MEAS` (`0x30210001`).
///
/// The key's id says the size of its value in bits 28–30: 1 one bit (sent as a byte), 2 one
/// byte, 3 two, 4 four, 5 eight. Bits 16–23 are its group, 0–11 its number within it.
public struct UBXConfigurationKey: RawRepresentable, Hashable, Sendable {
    /// The 32-bit key id.
    public var rawValue: UInt32

    /// The key `rawValue`; any id is accepted (``valueSize`` is `nil` for a size code it
    /// does not give).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bytes its value takes in CFG-VALSET and CFG-VALGET: 1, 1, 2, 4 or 8; `nil` for a
    /// size code (bits 28–30) of 0, 6 or 7.
    public var valueSize: Int? {
        switch rawValue >> 28 & 0x7 {
        case 1, 2: 1
        case 3: 2
        case 4: 4
        case 5: 8
        default: nil
        }
    }

    /// Whether the value is one bit, a boolean (`L`): size code 1.
    public var isBoolean: Bool { rawValue >> 28 & 0x7 == 1 }
}

extension UBXConfigurationKey: CustomStringConvertible {
    /// The name u-blox gives the key (`CFG-RATE-MEAS`), or its id in hex (`0x30210001`).
    public var description: String {
        if let name = Self.names[self] { return name }
        let digits = String(rawValue, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
