import UBX

extension FixAssembler {
    /// Feeds one UBX message; calls `report` for each epoch it completes, oldest first.
    ///
    /// The navigation messages of one solution share a GPS time of week (`iTOW`): a message with
    /// another one ends the epoch in progress, and NAV-EOE ends it at once where the receiver
    /// sends it (else the line going quiet does). NMEA sentences of the same epoch join it, and
    /// where both say the same, the UBX values win. Messages of other kinds are counted
    /// (`Statistics.ubxMessagesSkipped`) and skipped, never an error.
    ///
    /// - Parameters:
    ///   - message: A checksum-verified UBX message.
    ///   - report: Receives the completed epochs.
    public mutating func consume(_ message: UBXMessage, _ report: (EpochReport) -> Void) {
        switch message.id {
        case .navPVT:
            guard let pvt = decode(message, as: NAVPVT.self), place(timeOfWeek: pvt.iTOW, report) else { return }
            epoch.merge(pvt)
        case .navEOE:
            guard message.count >= 4 else {
                statistics.ubxMessagesRejected += 1
                return
            }
            statistics.ubxMessagesDecoded += 1
            let timeOfWeek = message.u4(0)
            guard epoch.ubx?.solution.timeOfWeek == timeOfWeek, let time = epoch.time else { return }
            reportedTime = time
            reportedTimeOfWeek = timeOfWeek
            reportEpoch(report)
        default:
            statistics.ubxMessagesSkipped += 1
        }
    }

    /// Places a navigation message of `timeOfWeek` in an epoch, ending the one in progress when
    /// its time of week differs; false when its epoch was already reported (it came late).
    mutating func place(timeOfWeek: UInt32, _ report: (EpochReport) -> Void) -> Bool {
        speaksUBX = true
        guard timeOfWeek != reportedTimeOfWeek else { return false }
        if let current = epoch.ubx?.solution.timeOfWeek {
            guard current != timeOfWeek else { return true }
            reportEpoch(report)
            reportedTime = nil
        }
        if epoch.ubx == nil { epoch.ubx = UBXEpochPart(timeOfWeek: timeOfWeek) }
        return true
    }
}
