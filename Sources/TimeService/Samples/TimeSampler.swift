import FoundationEssentials
import GPSReader
import GNSS

/// Decides which epochs become time samples, as gpsd does for NMEA.
///
/// An epoch gives a sample when it has a valid fix (`Location.isValidFix`: an invalid status or
/// no fix gives none), a date (RMC or ZDA: a receiver with none gives none) and the arrival time
/// of its first byte (`EpochReport.firstByteTime`: a capture gives none); when `settlingFixes`
/// good fixes have come since the source opened (receivers send wrong times while they start);
/// and when its second is later than the last one sent: at most one sample per second, and
/// none while the receiver's time goes backwards.
public struct TimeSampler: Sendable {
    /// Good fixes to see after the source opens before the first sample: 3, as gpsd waits for.
    public let settlingFixes: Int
    private var goodFixes = 0
    private var lastSecond: Int?

    /// A sampler that waits for `settlingFixes` good fixes (3 by default).
    public init(settlingFixes: Int = 3) {
        self.settlingFixes = settlingFixes
    }

    /// The source opened again (a device replugged, reopened): the receiver may be starting,
    /// so the good fixes are counted again, and its time may start anew.
    public mutating func restart() {
        goodFixes = 0
        lastSecond = nil
    }

    /// The sample `epoch` gives, if any.
    public mutating func sample(from epoch: EpochReport) -> TimeSample? {
        guard let location = epoch.location, location.isValidFix else { return nil }
        goodFixes += 1
        guard goodFixes > settlingFixes, let timestamp = epoch.timestamp, let firstByte = epoch.firstByteTime else {
            return nil
        }
        let nanoseconds = Int(epoch.time.nanosecond)
        let second = Int((timestamp.timeIntervalSince1970 - Double(nanoseconds) / 1e9).rounded())
        if let lastSecond, second <= lastSecond { return nil }
        lastSecond = second
        return TimeSample(receiverTime: SystemTime(seconds: second, nanoseconds: nanoseconds), systemTime: firstByte)
    }
}
