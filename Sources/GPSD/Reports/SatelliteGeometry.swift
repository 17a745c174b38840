import Foundation
import LocationTracking

/// The east and north dilutions of precision gpsd 3.22 computes from where the satellites
/// used are in the sky (`fill_dop` in its `libgpsd_core.c`), since NMEA gives neither: TPV's
/// `epx` and `epy` are them times gpsd's horizontal range error.
///
/// Least squares over one row (east, north, up, 1) per satellite used that has a number, an
/// azimuth in 0...359° and an elevation within ±90°, as gpsd picks them: the diagonal of
/// (AᵀA)⁻¹. With fewer than four such satellites, or a geometry that cannot be inverted,
/// there is none.
struct SatelliteGeometry: Equatable {
    /// East dilution of precision.
    var xdop: Double
    /// North dilution of precision.
    var ydop: Double

    init?(_ satellites: [LocationTracking.Satellite]) {
        var normal = Matrix()
        var count = 0
        // By index: a `for … in` over the array copies it into an iterator, which an
        // unoptimized build allocates.
        for index in satellites.indices {
            let satellite = satellites[index]
            guard satellite.isUsed, let azimuth = satellite.azimuth, let elevation = satellite.elevation,
                  azimuth >= 0, azimuth <= 359, elevation.magnitude <= 90,
                  GPSDSatelliteNumber(satellite).prn >= 1 else { continue }
            let (sinAzimuth, cosAzimuth) = Self.sineAndCosine(degrees: azimuth)
            let (sinElevation, cosElevation) = Self.sineAndCosine(degrees: elevation)
            let row = SIMD4(sinAzimuth * cosElevation, cosAzimuth * cosElevation, sinElevation, 1)
            for column in 0..<4 { normal[column] += row[column] * row }
            count += 1
        }
        guard count >= 4, let inverse = normal.inverse else { return nil }
        let (east, north) = (inverse[0][0], inverse[1][1])
        guard east >= 0, north >= 0 else { return nil }
        xdop = east.squareRoot()
        ydop = north.squareRoot()
    }

    /// gpsd's `DEG_2_RAD`, so that angles convert to the same radians.
    private static let radiansPerDegree = 0.0174532925199432957692369076848861271344

    /// Sine and cosine of whole degrees from -90 to 359, computed as gpsd computes them: a
    /// receiver's angles are whole degrees, and the sky of every epoch needs them.
    private static let wholeDegrees: [(sine: Double, cosine: Double)] = (-90...359).map { degrees in
        let radians = Double(degrees) * radiansPerDegree
        return (sin(radians), cos(radians))
    }

    private static func sineAndCosine(degrees: Double) -> (sine: Double, cosine: Double) {
        if let whole = Int(exactly: degrees) { return wholeDegrees[whole + 90] }
        let radians = degrees * radiansPerDegree
        return (sin(radians), cos(radians))
    }

    /// A 4 × 4 matrix of rows, on the stack.
    private struct Matrix {
        private var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) = (.zero, .zero, .zero, .zero)

        subscript(row: Int) -> SIMD4<Double> {
            get {
                switch row {
                case 0: rows.0
                case 1: rows.1
                case 2: rows.2
                default: rows.3
                }
            }
            set {
                switch row {
                case 0: rows.0 = newValue
                case 1: rows.1 = newValue
                case 2: rows.2 = newValue
                default: rows.3 = newValue
                }
            }
        }

        static var identity: Matrix {
            var identity = Matrix()
            for index in 0..<4 { identity[index][index] = 1 }
            return identity
        }

        /// Gauss–Jordan elimination; AᵀA is symmetric and, for a usable geometry, positive
        /// definite, so its pivots are positive without exchanging rows. `nil` when one is not.
        var inverse: Matrix? {
            var reduced = self
            var inverse = Matrix.identity
            for pivotRow in 0..<4 {
                let pivot = reduced[pivotRow][pivotRow]
                guard pivot > 0 else { return nil }
                reduced[pivotRow] /= pivot
                inverse[pivotRow] /= pivot
                for row in 0..<4 where row != pivotRow {
                    let factor = reduced[row][pivotRow]
                    reduced[row] -= factor * reduced[pivotRow]
                    inverse[row] -= factor * inverse[pivotRow]
                }
            }
            return inverse
        }
    }
}
