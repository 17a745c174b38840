import FoundationEssentials
import Glibc
import LocationTracking

/// The dilutions of precision gpsd 3.22 computes from where the satellites used are in the
/// sky (`fill_dop` in its `libgpsd_core.c`), since NMEA gives no east, north, time or
/// geometric one: TPV's `epx` and `epy` are `xdop` and `ydop` times gpsd's horizontal range
/// error, and SKY writes them with `tdop` and `gdop` (and `hdop`, `vdop`, `pdop` where GSA
/// gave none, as gpsd keeps a receiver's own).
///
/// Least squares over one row (east, north, up, 1) per satellite used that has a number, an
/// azimuth in 0...359° and an elevation within ±90° (an unknown one 0°, as gpsd reads an empty
/// field), as gpsd picks them: square roots of sums of the diagonal of (AᵀA)⁻¹. With fewer
/// than four such satellites, or a geometry that cannot be inverted, or one whose east or north
/// variance comes out negative (on the edge of singular), there is none; another figure whose
/// variance does is `nil`, as gpsd's `sqrt` makes it NaN and leaves it out.
struct SatelliteGeometry: Equatable {
    /// The diagonal of (AᵀA)⁻¹: the variances of the east, north, up and time solutions, in
    /// units of the range error squared.
    private var east, north, up, time: Double

    /// East dilution of precision.
    var xdop: Double { east.squareRoot() }
    /// North dilution of precision.
    var ydop: Double { north.squareRoot() }
    /// Horizontal dilution of precision: east and north.
    var hdop: Double { (east + north).squareRoot() }
    /// Vertical dilution of precision.
    var vdop: Double? { Self.dilution(up) }
    /// Time dilution of precision.
    var tdop: Double? { Self.dilution(time) }
    /// Position dilution of precision: east, north and up.
    var pdop: Double? { Self.dilution(east + north + up) }
    /// Geometric dilution of precision: position and time.
    var gdop: Double? { Self.dilution(east + north + up + time) }

    init?(_ satellites: [LocationTracking.Satellite]) {
        // The ten distinct sums of AᵀA, a row (e, n, u, 1) at a time.
        var ee = 0.0, en = 0.0, eu = 0.0, e1 = 0.0, nn = 0.0, nu = 0.0, n1 = 0.0, uu = 0.0, u1 = 0.0, rows = 0.0
        let table = Self.wholeDegrees
        // Through the buffer: each satellite's fields are read where they are, not the whole
        // satellite (136 bytes) copied out of the array first.
        satellites.withUnsafeBufferPointer { satellites in
            for index in satellites.indices {
                // A u-blox receiver lists each signal (NAV-SIG): its satellite counts once, used as
                // its NAV-SAT said, since gpsd master computes the dilutions from NAV-SAT's view and
                // keeps them when NAV-SIG's follows.
                if satellites[index].ubloxSignalID != nil {
                    let (constellation, id) = (satellites[index].constellation, satellites[index].id)
                    if satellites[..<index].contains(where: { $0.constellation == constellation && $0.id == id }) { continue }
                }
                // gpsd 3.22 reads an empty elevation or azimuth as 0 (`atoi`), and counts the satellite.
                let (azimuth, elevation) = (satellites[index].azimuth ?? 0, satellites[index].elevation ?? 0)
                guard satellites[index].isSatelliteUsed ?? satellites[index].isUsed, azimuth >= 0, azimuth <= 359,
                      elevation.magnitude <= 90, satellites[index].number.gpsdPRN >= 1 else { continue }
                let (sinAzimuth, cosAzimuth) = Self.sineAndCosine(degrees: azimuth, table)
                let (sinElevation, cosElevation) = Self.sineAndCosine(degrees: elevation, table)
                let (e, n, u) = (sinAzimuth * cosElevation, cosAzimuth * cosElevation, sinElevation)
                ee += e * e; en += e * n; eu += e * u; e1 += e
                nn += n * n; nu += n * u; n1 += n
                uu += u * u; u1 += u
                rows += 1
            }
        }
        guard rows >= 4, let inverse = Matrix(rows: (SIMD4(ee, en, eu, e1), SIMD4(en, nn, nu, n1), SIMD4(eu, nu, uu, u1),
                                                     SIMD4(e1, n1, u1, rows))).inverse else { return nil }
        (east, north, up, time) = (inverse[0][0], inverse[1][1], inverse[2][2], inverse[3][3])
        guard east >= 0, north >= 0 else { return nil }
    }

    /// The square root of `variance`, or `nil` when it came out negative, where gpsd's `sqrt`
    /// gives NaN and the figure is left out.
    private static func dilution(_ variance: Double) -> Double? {
        variance >= 0 ? variance.squareRoot() : nil
    }

    /// gpsd's `DEG_2_RAD`, so that angles convert to the same radians.
    private static let radiansPerDegree = 0.0174532925199432957692369076848861271344

    /// Sine and cosine of whole degrees from -90 to 359, computed as gpsd computes them: a
    /// receiver's angles are whole degrees, and the sky of every epoch needs them.
    private static let wholeDegrees: [(sine: Double, cosine: Double)] = (-90...359).map { degrees in
        let radians = Double(degrees) * radiansPerDegree
        return (sin(radians), cos(radians))
    }

    /// `degrees` within -90...359.
    @inline(__always)
    private static func sineAndCosine(degrees: Double, _ table: [(sine: Double, cosine: Double)]) -> (sine: Double, cosine: Double) {
        let whole = Int(degrees)
        if Double(whole) == degrees { return table[whole + 90] }
        let radians = degrees * radiansPerDegree
        return (sin(radians), cos(radians))
    }

    /// A 4 × 4 matrix of rows, on the stack.
    private struct Matrix {
        var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

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
            Matrix(rows: (SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)))
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
