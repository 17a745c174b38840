import FoundationEssentials
import LocationTracking

/// What the report keeps of one epoch: a few numbers, so a long capture stays small.
struct ReportSample {
    /// Seconds since the first epoch.
    var seconds: Double
    /// The receiver's date and time, when known.
    var timestamp: Date?
    /// The valid fix's position, with its segment; `nil` without a valid fix.
    var coordinate: Coordinate?
    var segment: Int?
    /// m above mean sea level, m/s, unitless: from the valid fix.
    var altitude: Double?
    var speed: Double?
    var hdop: Double?
    /// From the epoch's satellite view, when it had one; `used` from the fix otherwise.
    var satellitesInView: Int?
    var satellitesUsed: Int?
    /// The mean and the best C/N0 of the tracked satellites, dB-Hz.
    var meanSignal: Double?
    var bestSignal: Double?

    init(_ epoch: TrackEpoch) {
        seconds = epoch.seconds
        timestamp = epoch.report.timestamp
        segment = epoch.segment
        if let fix = epoch.fix {
            coordinate = fix.coordinate
            altitude = fix.altitude
            speed = fix.speed
            hdop = fix.hdop
        }
        satellitesUsed = epoch.report.satellites.map(\.usedCount) ?? epoch.report.location?.satellitesUsed
        if let view = epoch.report.satellites {
            satellitesInView = view.inViewCount
            let signals = view.satellites.compactMap(\.signalStrength).filter { $0 > 0 }
            if !signals.isEmpty {
                meanSignal = signals.reduce(0, +) / Double(signals.count)
                bestSignal = signals.max()
            }
        }
    }
}

/// A stretch of one fix state, `LocationTracking`'s: acquiring, located or lost.
struct FixStateSpan {
    /// The state's word: "acquiring", "located", "lost".
    var name: String
    /// Seconds since the first epoch.
    var start: Double
    var end: Double
}

extension FixStateSpan {
    /// The word the report uses for a state, `nil` for states a capture never takes.
    static func name(of state: LocationState) -> String? {
        switch state {
        case .acquiring: "acquiring"
        case .located, .accuracyLimited: "located"
        case .lost: "lost"
        default: nil
        }
    }
}
