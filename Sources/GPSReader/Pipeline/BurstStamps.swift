import GNSS

/// Which burst of stamped chunks each epoch of an `EpochStream` began with: the time an epoch
/// reports as its first byte's (`EpochReport.firstByteTime`).
///
/// A value the stream hands its framer's callbacks as a variable, with the framer and the
/// assembler: reached through the class, every sentence would retain it and check the access.
struct BurstStamps {
    /// When the last stamped chunk arrived.
    private var lastArrival: SystemTime?
    /// When the burst of the last stamped chunk began, while it can still stamp an epoch: `nil`
    /// when that is not known (a silence that ended inside a sentence), once an epoch of the
    /// burst has been reported with it, or once a sentence of the burst joined an epoch that
    /// began before it (the burst began with that epoch's tail).
    private var burstStart: SystemTime?
    /// When the burst of the epoch in progress began: the stamp its reports carry.
    private var epochBurstStart: SystemTime?

    /// Notes a stamped chunk before it is framed: whether it starts a burst.
    ///
    /// - Parameters:
    ///   - arrivalTime: When the chunk arrived.
    ///   - insideSentence: Whether the framer holds the start of a sentence the chunk goes on.
    mutating func noteArrival(_ arrivalTime: SystemTime, insideSentence: Bool) {
        if let lastArrival, arrivalTime.seconds(since: lastArrival) < EpochStream.burstGap {
        } else {
            // A silence that ends inside a sentence is the reader's stall in the middle of a burst
            // (or a line a receiver left open): its bytes came earlier than their stamp says, so
            // the burst's start is not known, and the epoch carries no stamp rather than a late one.
            burstStart = insideSentence ? nil : arrivalTime
        }
        lastArrival = arrivalTime
    }

    /// Notes that a sentence or message is about to be assembled; returns false, for "no epoch
    /// reported yet".
    mutating func beginAssembling(hasEpochInProgress: Bool) -> Bool {
        if !hasEpochInProgress { epochBurstStart = burstStart }
        return false
    }

    /// Hands `epoch` the `reported`-th epoch one sentence or message completed, stamped: a
    /// second epoch completed by one began with it.
    mutating func say(_ report: EpochReport, reported: inout Bool, to epoch: (EpochReport) -> Void) {
        if reported { epochBurstStart = burstStart }
        reported = true
        say(report, to: epoch)
    }

    /// Notes that a sentence or message was assembled, and whether it completed an epoch.
    mutating func endAssembling(hasEpochInProgress: Bool, reported: Bool) {
        // It ended the epoch before it and began its own.
        if reported, hasEpochInProgress { epochBurstStart = burstStart }
        // It joined an epoch of an earlier burst (whether or not it completed it): the burst
        // began with that epoch's tail, so the next epoch's first byte was not the burst's,
        // and it began at a time not known.
        if epochBurstStart != burstStart { burstStart = nil }
    }

    /// Hands `epoch` the assembler's report, with the start of its burst when the bytes were
    /// stamped, set in the storage the report shares with the assembler (a copy would allocate
    /// one per epoch). The burst's start is then spent: no later epoch of the same burst carries
    /// it. (Bursts begin at least `burstGap` apart, so equal starts are the same burst.)
    mutating func say(_ report: EpochReport, to epoch: (EpochReport) -> Void) {
        guard let epochBurstStart else { return epoch(report) }
        if epochBurstStart == burstStart { burstStart = nil }
        report.stampFirstByteTime(epochBurstStart)
        epoch(report)
    }
}
