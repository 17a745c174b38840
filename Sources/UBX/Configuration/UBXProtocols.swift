/// The protocols a port takes in or sends out: CFG-PRT's `inProtoMask` and `outProtoMask`.
public struct UBXProtocols: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public var rawValue: UInt16

    /// The protocols of `rawValue`; unknown bits are kept.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// UBX (bit 0).
    public static let ubx = UBXProtocols(rawValue: 1 << 0)
    /// NMEA (bit 1).
    public static let nmea = UBXProtocols(rawValue: 1 << 1)
    /// RTCM 2 (bit 2, input only).
    public static let rtcm2 = UBXProtocols(rawValue: 1 << 2)
    /// RTCM 3 (bit 5).
    public static let rtcm3 = UBXProtocols(rawValue: 1 << 5)
}

extension UBXProtocols: CustomStringConvertible {
    /// The protocols named and joined with `+` (`UBX+NMEA`), or `none`.
    public var description: String {
        let names = [(Self.ubx, "UBX"), (.nmea, "NMEA"), (.rtcm2, "RTCM2"), (.rtcm3, "RTCM3")]
            .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
