import FoundationEssentials
import Glibc

/// Geodesic distances on the WGS-84 ellipsoid.
enum WGS84Geodesic {
    /// Semi-major axis in metres.
    static let a = 6_378_137.0
    /// Flattening.
    static let f = 1 / 298.257_223_563
    /// Semi-minor axis in metres.
    static let b = a * (1 - f)

    /// The geodesic distance in metres: Vincenty's inverse formula, or where that does not
    /// converge (nearly antipodal points), `distanceThroughMidpoint(from:to:)`.
    static func distance(from p1: Coordinate, to p2: Coordinate) -> Double {
        vincentyDistance(from: p1, to: p2) ?? distanceThroughMidpoint(from: p1, to: p2)
    }

    /// Vincenty's inverse formula (Survey Review, 1975), or `nil` when its iteration on the
    /// longitude difference on the auxiliary sphere does not converge.
    static func vincentyDistance(from p1: Coordinate, to p2: Coordinate) -> Double? {
        let L = radians(remainder(p2.longitude - p1.longitude, 360))
        let tanU1 = (1 - f) * tan(radians(p1.latitude)), tanU2 = (1 - f) * tan(radians(p2.latitude))
        let cosU1 = 1 / (1 + tanU1 * tanU1).squareRoot(), sinU1 = tanU1 * cosU1
        let cosU2 = 1 / (1 + tanU2 * tanU2).squareRoot(), sinU2 = tanU2 * cosU2

        var lambda = L
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let crossTerm = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda) + crossTerm * crossTerm).squareRoot()
            guard sinSigma != 0 else { return 0 }  // coincident points
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSqAlpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α is 0 and the midpoint term is defined as 0.
            let cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            guard abs(lambda) <= .pi else { return nil }
            if abs(lambda - previous) < 1e-12 {
                let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
                let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * A * (sigma - deltaSigma)
            }
        }
        return nil
    }

    /// The geodesic distance between nearly antipodal points, where Vincenty's iteration fails.
    ///
    /// A geodesic is the shortest path, so its length is the least sum of the two legs through
    /// any midpoint, and each leg (about a quarter of the globe) is well within Vincenty's reach.
    /// The midpoint is searched on the unit sphere: the best of eight starts on the circle a
    /// quarter turn from both ends, then a pattern search down to 1e-10 rad (under a millimetre).
    /// The sum is flat at its minimum, so the distance is far more exact than the midpoint.
    static func distanceThroughMidpoint(from p1: Coordinate, to p2: Coordinate) -> Double {
        let v1 = unitVector(p1)
        func legs(_ m: Vector) -> Double {
            let mid = coordinate(m)
            guard let first = vincentyDistance(from: p1, to: mid),
                  let second = vincentyDistance(from: mid, to: p2) else { return .infinity }
            return first + second
        }
        let e1 = v1.anyPerpendicular, e2 = v1.cross(e1)
        let starts = (0..<8).map { k in
            let theta = Double(k) * .pi / 4
            return e1.scaled(cos(theta)).plus(e2.scaled(sin(theta)))
        }
        var best = starts.map { ($0, legs($0)) }.min { $0.1 < $1.1 }!
        var step = 0.1
        while step > 1e-10 {
            let t1 = best.0.anyPerpendicular, t2 = best.0.cross(t1)
            let candidates = [t1, t1.scaled(-1), t2, t2.scaled(-1)].map { best.0.plus($0.scaled(step)).normalized }
            if let better = candidates.map({ ($0, legs($0)) }).min(by: { $0.1 < $1.1 }), better.1 < best.1 {
                best = better
            } else {
                step /= 2
            }
        }
        return best.1
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    private static func unitVector(_ c: Coordinate) -> Vector {
        let lat = radians(c.latitude), lon = radians(c.longitude)
        return Vector(x: cos(lat) * cos(lon), y: cos(lat) * sin(lon), z: sin(lat))
    }

    /// Reads a direction as latitude and longitude; only a parameterisation of the midpoint.
    private static func coordinate(_ v: Vector) -> Coordinate {
        Coordinate(latitude: atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()) * 180 / .pi,
                   longitude: atan2(v.y, v.x) * 180 / .pi)
    }
}

/// A 3-vector, just enough for the midpoint search.
private struct Vector {
    var x, y, z: Double

    func plus(_ o: Vector) -> Vector { Vector(x: x + o.x, y: y + o.y, z: z + o.z) }
    func scaled(_ s: Double) -> Vector { Vector(x: x * s, y: y * s, z: z * s) }
    func cross(_ o: Vector) -> Vector {
        Vector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
    var normalized: Vector { scaled(1 / (x * x + y * y + z * z).squareRoot()) }

    /// A unit vector perpendicular to this unit vector.
    var anyPerpendicular: Vector {
        // Cross with the axis this vector is least aligned with, to stay well conditioned.
        let axis = abs(x) < 0.5 ? Vector(x: 1, y: 0, z: 0) : Vector(x: 0, y: 1, z: 0)
        return cross(axis).normalized
    }
}
