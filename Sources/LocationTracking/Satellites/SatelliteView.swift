import FoundationEssentials

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

    /// How many satellites are used in the fix.
    public var usedCount: Int { satellites.count(where: \.isUsed) }

    /// The strongest signal in view, in dB-Hz; `nil` when no satellite is tracked.
    public var bestSignalStrength: Double? { satellites.lazy.compactMap(\.signalStrength).max() }
}
