/// NAV-PVT frames built field by field for tests, at the offsets of the u-blox 8 interface
/// description, apart from the package's own decoder.
package struct NAVPVTFrame {
    package var iTOW: UInt32 = 1000
    package var date = (year: 2020, month: 3, day: 14)
    package var time = (hour: 18, minute: 39, second: 42, nanosecond: 0)
    package var validDateAndTime = true
    /// 0 no fix, 1 dead reckoning, 2 2D, 3 3D, 4 GNSS + dead reckoning, 5 time only.
    package var fixType: UInt8 = 3
    package var gnssFixOK = true
    package var differential = false
    /// 0 none, 1 float, 2 fixed.
    package var carrierSolution: UInt8 = 0
    package var satellites: UInt8 = 12
    /// Degrees.
    package var latitude = 48.1173, longitude = 11.5166666
    /// Metres.
    package var heightAboveEllipsoid = 592.3, heightAboveMeanSeaLevel = 545.4
    /// Metres.
    package var horizontalAccuracy = 1.5, verticalAccuracy = 2.5
    /// Metres per second, north, east, down.
    package var velocity = (north: 1.0, east: 2.0, down: -0.5)
    package var groundSpeed = 2.236, headingOfMotion = 63.4
    package var speedAccuracy = 0.2, headingAccuracy = 1.5
    package var pdop = 1.8

    package init() {}

    /// The payload's 92 bytes.
    package var payload: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 92)
        func put(_ value: Int64, _ offset: Int, _ size: Int) {
            for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        func scaled(_ value: Double, _ scale: Double) -> Int64 { Int64((value * scale).rounded()) }
        put(Int64(iTOW), 0, 4)
        put(Int64(date.year), 4, 2)
        bytes[6] = UInt8(date.month)
        bytes[7] = UInt8(date.day)
        bytes[8] = UInt8(time.hour)
        bytes[9] = UInt8(time.minute)
        bytes[10] = UInt8(time.second)
        bytes[11] = validDateAndTime ? 0x07 : 0
        put(Int64(time.nanosecond), 16, 4)
        bytes[20] = fixType
        bytes[21] = (gnssFixOK ? 1 : 0) | (differential ? 2 : 0) | carrierSolution << 6
        bytes[23] = satellites
        put(scaled(longitude, 1e7), 24, 4)
        put(scaled(latitude, 1e7), 28, 4)
        put(scaled(heightAboveEllipsoid, 1e3), 32, 4)
        put(scaled(heightAboveMeanSeaLevel, 1e3), 36, 4)
        put(scaled(horizontalAccuracy, 1e3), 40, 4)
        put(scaled(verticalAccuracy, 1e3), 44, 4)
        put(scaled(velocity.north, 1e3), 48, 4)
        put(scaled(velocity.east, 1e3), 52, 4)
        put(scaled(velocity.down, 1e3), 56, 4)
        put(scaled(groundSpeed, 1e3), 60, 4)
        put(scaled(headingOfMotion, 1e5), 64, 4)
        put(scaled(speedAccuracy, 1e3), 68, 4)
        put(scaled(headingAccuracy, 1e5), 72, 4)
        put(scaled(pdop, 100), 76, 2)
        return bytes
    }

    /// The whole frame.
    package var frame: [UInt8] { BinaryFrames.ubx(0x01, 0x07, payload) }

    /// A NAV-EOE frame for `iTOW`.
    package static func endOfEpoch(_ iTOW: UInt32) -> [UInt8] {
        BinaryFrames.ubx(0x01, 0x61, withUnsafeBytes(of: iTOW.littleEndian) { Array($0) })
    }
}
