import GNSS
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ECEF to WGS-84, checked against the exact forward conversion and gpsd's own figures.
@Suite("ECEF")
struct ECEFTests {
    /// The exact ECEF of a geodetic point: the closed-form direction, which needs no iteration.
    static func ecef(latitude: Double, longitude: Double, height: Double) -> ECEF {
        let a = ECEF.semiMajorAxis, f = ECEF.flattening
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return ECEF(x: (n + height) * cos(phi) * cos(lambda), y: (n + height) * cos(phi) * sin(lambda),
                    z: (n * (1 - e2) + height) * sin(phi))
    }

    @Test("A point on the equator at the prime meridian, and the poles")
    func axes() {
        let origin = ECEF(x: ECEF.semiMajorAxis, y: 0, z: 0).geodetic
        #expect(origin.latitude == 0 && origin.longitude == 0 && abs(origin.heightAboveEllipsoid) < 1e-6)
        let b = ECEF.semiMajorAxis * (1 - ECEF.flattening)
        let north = ECEF(x: 0, y: 0, z: b + 100).geodetic
        #expect(abs(north.latitude - 90) < 1e-12 && abs(north.heightAboveEllipsoid - 100) < 1e-6)
        let south = ECEF(x: 0, y: 0, z: -b).geodetic
        #expect(abs(south.latitude - -90) < 1e-12 && abs(south.heightAboveEllipsoid) < 1e-6)
    }

    @Test("Round trips within 1e-9° and 0.01 mm from 10 km below the surface to 100 km above it",
          arguments: [-10_000.0, 0, 56, 8_848, 100_000])
    func roundTrip(height: Double) {
        for latitude in stride(from: -89.5, through: 89.5, by: 4.5) {
            for longitude in [-179.9, -122.3321, 0, 11.575, 170.5] {
                let point = Self.ecef(latitude: latitude, longitude: longitude, height: height).geodetic
                #expect(abs(point.latitude - latitude) < 1e-9)
                #expect(abs(point.longitude - longitude) < 1e-9)
                #expect(abs(point.heightAboveEllipsoid - height) < 1e-5)
            }
        }
    }

    @Test("GR-701W's first NAV-SOL position gives gpsd's TPV: 46.404648618° N, 117.02046201° W, 232.9577 m")
    func gpsdTPV() {
        let point = ECEF(x: -2_001_691.12, y: -3_925_074.05, z: 4_596_546.66).geodetic
        #expect(abs(point.latitude - 46.404648618) < 1e-9)
        #expect(abs(point.longitude - -117.02046201) < 1e-8)
        #expect(abs(point.heightAboveEllipsoid - 232.9577) < 1e-4)
    }

    @Test("A velocity turns into north, east, down as gpsd turns NAV-SOL's: velN -0.031, velE 0.438, velD -0.002")
    func velocity() {
        let ned = ECEF(x: 0.38, y: -0.22, z: -0.02).northEastDown(latitude: 46.404648618, longitude: -117.02046201)
        #expect(abs(ned.north - -0.031) < 5e-4 && abs(ned.east - 0.438) < 5e-4 && abs(ned.down - -0.002) < 5e-4)
        let up = ECEF(x: 1, y: 0, z: 0).northEastDown(latitude: 0, longitude: 0)
        #expect(abs(up.down - -1) < 1e-12 && abs(up.north) < 1e-12 && abs(up.east) < 1e-12)
    }
}
