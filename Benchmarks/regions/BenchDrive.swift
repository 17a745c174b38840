import Foundation
import LocationTracking

/// A deterministic drive: 1 Hz fixes that wander through central Munich at up to 14 m/s,
/// turning now and then, with a few metres of noise and an accuracy of 3 to 8 m.
enum BenchDrive {
    static let center = Coordinate(latitude: 48.137_154, longitude: 11.576_124)

    static func fixes(count: Int) -> [Location] {
        var random = BenchRandom(seed: 2025)
        var north = 0.0, east = 0.0, heading = 0.0, speed = 0.0
        var fixes: [Location] = []
        fixes.reserveCapacity(count)
        for second in 0..<count {
            if second % 40 == 0 { heading += random.next(in: -90...90) }
            // Keep within 4 km of the centre: head back when past it.
            if (north * north + east * east).squareRoot() > 4_000 { heading = atan2(-east, -north) * 180 / .pi }
            speed = min(14, max(0, speed + random.next(in: -1.5...1.5)))
            north += speed * cos(heading * .pi / 180)
            east += speed * sin(heading * .pi / 180)
            let coordinate = offset(north + random.next(in: -2...2), east + random.next(in: -2...2))
            fixes.append(Location(
                coordinate: coordinate, speed: speed, course: (heading + 360).truncatingRemainder(dividingBy: 360),
                timestamp: Date(timeIntervalSince1970: 1_748_772_000 + Double(second)), quality: .gps,
                mode: .threeDimensional, status: .valid, satellitesUsed: 12, horizontalAccuracy: random.next(in: 3...8)))
        }
        return fixes
    }

    /// The point `north` and `east` metres from the centre (flat, near enough for a city).
    static func offset(_ north: Double, _ east: Double) -> Coordinate {
        Coordinate(latitude: center.latitude + north / 111_200,
                   longitude: center.longitude + east / (111_320 * cos(center.latitude * .pi / 180)))
    }
}

/// SplitMix64: the same regions and fixes at every run.
struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + Double(z >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
