import GNSS
import Glibc
import LocationTracking

/// A base station's antenna reference point, from an RTCM 3 message 1005 (or 1006, which adds
/// the antenna's height): Earth-centred, Earth-fixed coordinates in metres.
///
/// Fields are read at RTKLIB's `rtcm.c` offsets: message number (12 bits), station id (12),
/// ITRF year (6), four indicator bits, X (38 bits, signed, 0.1 mm), two bits, Y (38), the
/// quarter-cycle indicator (2), Z (38); 1006 then the antenna height (16 bits, 0.1 mm).
public struct RTCM3StationPosition: Hashable, Sendable {
    /// The reference station's id, 0–4095.
    public var stationID: Int
    /// The antenna reference point's ECEF X, metres.
    public var x: Double
    /// ECEF Y, metres.
    public var y: Double
    /// ECEF Z, metres.
    public var z: Double

    /// Decodes a 1005 or 1006 message's payload (the bytes between the frame's length and its
    /// CRC); `nil` for another message or a payload too short.
    public init?(payload: some Collection<UInt8>) {
        let bytes = Array(payload)
        guard bytes.count >= 19 else { return nil }
        var reader = BitReader(bytes)
        let number = reader.unsigned(12)
        guard number == 1005 || number == 1006 else { return nil }
        stationID = Int(reader.unsigned(12))
        reader.skip(6 + 4)
        x = Double(reader.signed(38)) * 0.0001
        reader.skip(2)
        y = Double(reader.signed(38)) * 0.0001
        reader.skip(2)
        z = Double(reader.signed(38)) * 0.0001
    }

    /// The antenna's WGS-84 latitude and longitude, degrees (`ECEF.geodetic`: within 1e-9°).
    public var coordinate: Coordinate {
        let geodetic = ECEF(x: x, y: y, z: z).geodetic
        return Coordinate(latitude: geodetic.latitude, longitude: geodetic.longitude)
    }

    /// The straight-line distance in metres from `location` (its ellipsoidal height, else its
    /// altitude, else 0) to the antenna: over a baseline of tens of kilometres it differs from
    /// the distance along the ground by centimetres.
    public func distance(from location: Location) -> Double {
        let height = location.ellipsoidalAltitude ?? location.altitude ?? 0
        let (px, py, pz) = Self.ecef(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude, height: height)
        return ((px - x) * (px - x) + (py - y) * (py - y) + (pz - z) * (pz - z)).squareRoot()
    }

    /// WGS-84 geodetic coordinates (degrees, metres above the ellipsoid) as ECEF metres.
    static func ecef(latitude: Double, longitude: Double, height: Double) -> (Double, Double, Double) {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        let sinPhi = sin(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return ((n + height) * cos(phi) * cos(lambda), (n + height) * cos(phi) * sin(lambda), (n * (1 - e2) + height) * sinPhi)
    }
}
