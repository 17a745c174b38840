import GPSReader

/// Turns epochs' UTC times of day into seconds since the first epoch, counting the days a
/// capture crosses midnight (a time of day more than 12 hours before the last one is the next
/// day's).
struct EpochClock {
    private var first: Double?
    private var last: Double?
    private var days = 0.0

    /// Seconds since the first epoch given.
    mutating func seconds(of report: EpochReport) -> Double {
        let timeOfDay = report.time.secondsSinceMidnight
        if let last, timeOfDay < last - 43_200 { days += 1 }
        last = timeOfDay
        let now = timeOfDay + days * 86_400
        if first == nil { first = now }
        return now - first!
    }
}
