#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A quantity over the whole Earth sampled every 5° of latitude and longitude, read between
/// the samples as gpsd 3.22 reads its tables (`bilinear` in its `geoid.c`): the geoid
/// separation and the magnetic variation gpsd writes when a receiver does not give them.
public struct FiveDegreeGrid: Sendable {
    /// 37 rows (90° S to 90° N) of 73 columns (180° W to 180° E), in hundredths of the unit.
    private let hundredths: [Int16]

    private static let rows = 37, columns = 73, span = 5

    /// A grid of `hundredths`, row after row from the south pole.
    init(hundredths: [Int16]) {
        precondition(hundredths.count == Self.rows * Self.columns, "a 5° grid has 37 × 73 samples")
        self.hundredths = hundredths
    }

    /// The value at `latitude`, `longitude` (degrees), interpolated between the four samples
    /// around it; 0 for a coordinate that is not finite or off the grid (beyond the last row
    /// or column), as gpsd answers.
    public func value(latitude: Double, longitude: Double) -> Double {
        guard latitude.isFinite, longitude.isFinite else { return 0 }
        let row = Int(floor((90 + latitude) / Double(Self.span)))
        let column = Int(floor((180 + longitude) / Double(Self.span)))
        guard (0..<Self.rows).contains(row), (0..<Self.columns).contains(column) else { return 0 }
        // On the last row or column (the pole, the antimeridian) the next sample is itself.
        let nextRow = min(row + 1, Self.rows - 1), nextColumn = min(column + 1, Self.columns - 1)
        let (x1, x2) = (column * Self.span - 180, nextColumn * Self.span - 180)
        let (y1, y2) = (row * Self.span - 90, nextRow * Self.span - 90)
        let z11 = sample(row, column), z12 = sample(row, nextColumn)
        let z21 = sample(nextRow, column), z22 = sample(nextRow, nextColumn)
        let (xx1, x2x) = (longitude - Double(x1), Double(x2) - longitude)
        let (yy1, y2y) = (latitude - Double(y1), Double(y2) - latitude)
        let interpolated: Double
        if y1 == y2 {
            interpolated = x1 == x2 ? z11 : (z22 * xx1 + z11 * x2x) / Double(x2 - x1)
        } else if x1 == x2 {
            interpolated = (z22 * yy1 + z11 * y2y) / Double(y2 - y1)
        } else {
            interpolated = (z22 * yy1 * xx1 + z12 * y2y * xx1 + z21 * yy1 * x2x + z11 * y2y * x2x)
                / Double((y2 - y1) * (x2 - x1))
        }
        return interpolated / 100
    }

    @inline(__always)
    private func sample(_ row: Int, _ column: Int) -> Double {
        Double(hundredths[row * Self.columns + column])
    }
}
