import Foundation

/// The sky of one epoch: every satellite the receiver has in view, from all its GSV talkers.
///
/// A screen shows it as "9 of 14 satellites used, best SNR 44 dB-Hz". Providers report one
/// view per epoch through `locationProvider(_:didUpdateSatellites:)`, before that epoch's fix.
public struct SatelliteView: Hashable, Sendable {
    /// The satellites in view, in the order the receiver listed them.
    public var satellites: [Satellite]

    /// The receiver's UTC time of the epoch; `nil` until it has given both date and time.
    public var timestamp: Date?

    /// Creates a view.
    ///
    /// - Parameters:
    ///   - satellites: The satellites in view.
    ///   - timestamp: The receiver's UTC time of the epoch.
    public init(satellites: [Satellite] = [], timestamp: Date? = nil) {
        self.satellites = satellites
        self.timestamp = timestamp
    }

    /// How many satellites are in view.
    public var inViewCount: Int { satellites.count }

    // Loops over indices: a screen reads these every epoch, and an unoptimized build allocates
    // in `for … in` over an array of structs and in the generic algorithms.

    /// How many satellites are used in the fix.
    public var usedCount: Int {
        var count = 0
        for index in satellites.indices where satellites[index].isUsed { count += 1 }
        return count
    }

    /// The strongest signal in view, in dB-Hz; `nil` when no satellite is tracked.
    public var bestSignalStrength: Double? {
        var best: Double?
        for index in satellites.indices {
            if let strength = satellites[index].signalStrength, strength > best ?? -.infinity { best = strength }
        }
        return best
    }
}
