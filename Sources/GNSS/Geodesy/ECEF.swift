#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position (metres) or a velocity (metres per second) in the Earth-centred, Earth-fixed
/// frame: `x` towards latitude 0° longitude 0°, `y` towards latitude 0° longitude 90° east, `z`
/// towards the north pole. u-blox's NAV-SOL, NAV-POSECEF and NAV-VELECEF give them.
public struct ECEF: Hashable, Sendable {
    /// The component towards latitude 0°, longitude 0°.
    public var x: Double
    /// The component towards latitude 0°, longitude 90° east.
    public var y: Double
    /// The component towards the north pole.
    public var z: Double

    /// The vector (`x`, `y`, `z`), in metres for a position, metres per second for a velocity.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// WGS-84's semi-major axis, metres.
    public static let semiMajorAxis = 6_378_137.0
    /// WGS-84's flattening.
    public static let flattening = 1 / 298.257_223_563

    /// The position's WGS-84 latitude and longitude (degrees) and height above the ellipsoid
    /// (metres), as gpsd converts NAV-SOL's position for its TPV.
    ///
    /// Bowring's formula, one step: within 1e-9° (0.1 mm) and 0.01 mm of the exact answer from
    /// 10 km below the surface to 100 km above it, 5e-8° at 1,000 km. Points near the Earth's
    /// centre (closer than about 40 km) have no meaningful answer; a non-finite component gives
    /// NaNs.
    ///
    /// - Complexity: Constant: four trigonometric functions and two square roots.
    public var geodetic: (latitude: Double, longitude: Double, heightAboveEllipsoid: Double) {
        let a = Self.semiMajorAxis
        let b = a * (1 - Self.flattening)
        let eccentricitySquared = Self.flattening * (2 - Self.flattening)
        let secondEccentricitySquared = eccentricitySquared / (1 - eccentricitySquared)
        let p = (x * x + y * y).squareRoot()
        let theta = atan2(z * a, p * b)
        let sinTheta = sin(theta), cosTheta = cos(theta)
        let phi = atan2(z + secondEccentricitySquared * b * sinTheta * sinTheta * sinTheta,
                        p - eccentricitySquared * a * cosTheta * cosTheta * cosTheta)
        let sinPhi = sin(phi), cosPhi = cos(phi)
        // p·cos φ + z·sin φ − a²/N stays exact at the poles, where p / cos φ − N divides by 0.
        let height = p * cosPhi + z * sinPhi - a * (1 - eccentricitySquared * sinPhi * sinPhi).squareRoot()
        return (phi * 180 / .pi, atan2(y, x) * 180 / .pi, height)
    }

    /// The velocity in the local north, east, down frame at a place, metres per second, as gpsd
    /// turns NAV-SOL's ECEF velocity into the TPV's `velN`, `velE`, `velD`.
    ///
    /// - Parameters:
    ///   - latitude: The place's geodetic latitude, degrees.
    ///   - longitude: The place's longitude, degrees.
    /// - Returns: This vector's components north, east and down, in its own unit.
    public func northEastDown(latitude: Double, longitude: Double) -> (north: Double, east: Double, down: Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi), sinLambda = sin(lambda), cosLambda = cos(lambda)
        let north = -x * sinPhi * cosLambda - y * sinPhi * sinLambda + z * cosPhi
        let east = -x * sinLambda + y * cosLambda
        let up = x * cosPhi * cosLambda + y * cosPhi * sinLambda + z * sinPhi
        return (north, east, -up)
    }
}
