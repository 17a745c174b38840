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

    /// The spells without a fix, in seconds since the first epoch: from the first epoch without
    /// one to the next epoch with one (or to the last epoch), where the charts' lines break.
    /// Not the fix states: the tracking flow calls a fix lost only seconds after the last one.
    var noFixSpells: [(start: Double, end: Double)] {
        var spells: [(start: Double, end: Double)] = []
        var start: Double?
        for sample in samples {
            if sample.coordinate == nil {
                if start == nil { start = sample.seconds }
            } else if let spellStart = start {
                spells.append((spellStart, sample.seconds))
                start = nil
            }
        }
        if let start { spells.append((start, duration)) }
        return spells
    }
}
