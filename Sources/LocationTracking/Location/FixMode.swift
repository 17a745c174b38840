/// The dimension of a fix: the mode field of the NMEA GSA sentence (1, 2 or 3).
public enum FixMode: UInt8, Hashable, Sendable {
    /// 1: no fix.
    case noFix = 1
    /// 2: a 2D fix: latitude and longitude, altitude not solved.
    case twoDimensional = 2
    /// 3: a 3D fix: latitude, longitude and altitude.
    case threeDimensional = 3
}
