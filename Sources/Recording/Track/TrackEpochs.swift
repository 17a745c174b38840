import GPSReader
import LocationTracking

/// Follows a capture epoch by epoch: its clock, its fix state by the rules the tracking flow
/// uses (`LocationStateMachine`: lost after no good fix for 3 × the epoch interval, and at
/// least 3 s), and its track segments.
public struct TrackEpochs: Sendable {
    private var clock = EpochClock()
    private var machine = LocationStateMachine(minimumLostTimeout: .seconds(3))
    private var segments = 0
    private var startsSegment = true

    /// Before the first epoch: acquiring.
    public init() {
        machine.access(is: .authorizedWhenInUse)
    }

    /// The epoch `report` as the exports see it; reports must come in the capture's order.
    public mutating func add(_ report: EpochReport) -> TrackEpoch {
        let seconds = clock.seconds(of: report)
        let now = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        var lostAt: Double?
        if let deadline = machine.lostDeadline, now >= deadline {
            machine.deadlinePassed(at: deadline)
            if case .lost = machine.state {
                lostAt = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
                startsSegment = true
            }
        }
        if let view = report.satellites { machine.satellites(inView: view.inViewCount) }
        var segment: Int?
        if let location = report.location {
            let isFix = location.isValidFix
            machine.received(location, as: isFix ? .good : .noFix, at: now)
            if isFix {
                if startsSegment {
                    segments += 1
                    startsSegment = false
                }
                segment = segments - 1
            }
        }
        return TrackEpoch(report: report, seconds: seconds, state: machine.state, lostAt: lostAt, segment: segment)
    }
}
