extension SatelliteNumber {
    /// gpsd 3.22's guess of the u-blox `sigId` for an NMEA 4.11 signal ID, which alone does not
    /// say the constellation's band: 1 (L1, E1...) is 0, 2 (E5) 5, 3 (L2/B2) 2, 5 (L2 CM) 4,
    /// 6 (L2 CL) 3; any other 0.
    ///
    /// - Parameter nmeaSignalID: The signal ID of a GSV sentence, 0–15.
    /// - Returns: The u-blox signal ID.
    @inlinable
    public static func ubloxSignalID(nmeaSignalID: UInt8) -> Int {
        switch nmeaSignalID {
        case 2: 5
        case 3: 2
        case 5: 4
        case 6: 3
        default: 0
        }
    }
}
