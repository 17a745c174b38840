import FoundationEssentials
import LocationTracking

/// Everything the report draws, gathered epoch by epoch.
struct ReportData {
    private(set) var samples: [ReportSample] = []
    private(set) var spans: [FixStateSpan] = []

    mutating func add(_ epoch: TrackEpoch) {
        if let lostAt = epoch.lostAt { begin("lost", at: lostAt) }
        if let name = FixStateSpan.name(of: epoch.state) { begin(name, at: epoch.seconds) }
        if !spans.isEmpty { spans[spans.count - 1].end = epoch.seconds }
        samples.append(ReportSample(epoch))
    }

    private mutating func begin(_ name: String, at seconds: Double) {
        if let last = spans.last, last.name == name { return }
        if !spans.isEmpty { spans[spans.count - 1].end = seconds }
        spans.append(FixStateSpan(name: name, start: seconds, end: seconds))
    }

    /// Seconds from the first epoch to the last.
    var duration: Double { samples.last?.seconds ?? 0 }

    /// The date and time of the first epoch, when a later one knew its date.
    var startDate: Date? {
        samples.first { $0.timestamp != nil }.map { $0.timestamp!.addingTimeInterval(-$0.seconds) }
    }

    /// The epochs with a valid fix.
    var fixes: [ReportSample] { samples.filter { $0.coordinate != nil } }
}
