import FoundationEssentials
import GNSS
import LocationTracking
import UBX

extension FixAssembler {
    /// Feeds one UBX message; calls `report` for each epoch it completes, oldest first.
    ///
    /// The navigation messages of one solution share a GPS time of week (`iTOW`): a message with
    /// another one ends the epoch in progress, and NAV-EOE ends it at once where the receiver
    /// sends it (else the line going quiet does). NMEA sentences of the same epoch join it, and
    /// where both say the same, the UBX values win. NAV-PVT (or the older NAV-SOL, NAV-POSLLH
    /// and NAV-VELNED) gives the fix, NAV-HPPOSLLH its 0.1 mm position, NAV-DOP the dilutions,
    /// NAV-POSECEF (NAV-HPPOSECEF's to 0.1 mm) and NAV-VELECEF the Earth-centred solution, NAV-EELL its error ellipse, NAV-TIMEUTC and NAV-TIMEGPS the
    /// time where NAV-PVT gives none, NAV-SAT or NAV-SVINFO the sky (NAV-SIG, where sent, one entry per signal), and HNR-PVT the epochs of
    /// a high-rate receiver, each an epoch of its own, reported at once (the receiver interleaves
    /// them with its navigation messages, which may be of an earlier instant). Messages of other kinds are
    /// counted (`Statistics.ubxMessagesSkipped`) and skipped, never an error.
    ///
    /// - Parameters:
    ///   - message: A checksum-verified UBX message.
    ///   - report: Receives the completed epochs.
    public mutating func consume(_ message: UBXMessage, _ report: (EpochReport) -> Void) {
        switch message.id {
        case .navPVT:
            guard let pvt = decode(message, as: NAVPVT.self), place(timeOfWeek: pvt.iTOW, report) else { return }
            epoch.ubx?.merge(pvt)
            navigationQuality = epoch.ubx?.quality
            if pvt.validDate, pvt.validTime {
                epoch.mergeUTC(year: pvt.year, month: pvt.month, day: pvt.day, hour: pvt.hour, minute: pvt.minute, second: pvt.second, nanosecond: pvt.nanosecond)
            }
        case .hnrPVT:
            guard let pvt = decode(message, as: HNRPVT.self) else { return }
            reportHighRate(pvt, report)
        case .navSOL:
            guard let sol = decode(message, as: NAVSOL.self), place(timeOfWeek: sol.iTOW, report) else { return }
            epoch.ubx?.merge(sol)
            if let week = sol.week, let timeOfWeek = sol.timeOfWeek {
                let gpsSeconds = 315_964_800 + Double(week) * 604_800 + timeOfWeek
                epoch.mergeGPSTime(week: week, timeOfWeek: timeOfWeek,
                                   leapSeconds: leapSeconds ?? LeapSeconds.gpsMinusUTC(atSecondsSince1970: gpsSeconds),
                                   rank: leapSeconds == nil ? .assumedLeapSeconds : .gpsTime)
            }
        case .navTIMEGPS:
            guard let time = decode(message, as: NAVTIMEGPS.self), place(timeOfWeek: time.iTOW, report) else { return }
            leapSeconds = time.leapSeconds ?? leapSeconds
            epoch.ubx?.solution.leapSeconds = leapSeconds
            if let week = time.week, let timeOfWeek = time.timeOfWeek, let leap = time.leapSeconds {
                epoch.mergeGPSTime(week: week, timeOfWeek: timeOfWeek, leapSeconds: leap, rank: .gpsTime)
            }
        case .navTIMEUTC:
            guard let time = decode(message, as: NAVTIMEUTC.self), place(timeOfWeek: time.iTOW, report) else { return }
            if time.validUTC {
                epoch.mergeUTC(year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second, nanosecond: time.nanosecond)
            }
        case .navHPPOSLLH:
            guard let position = decode(message, as: NAVHPPOSLLH.self), place(timeOfWeek: position.iTOW, report) else { return }
            epoch.ubx?.merge(position)
        case .navPOSLLH:
            guard let position = decode(message, as: NAVPOSLLH.self), place(timeOfWeek: position.iTOW, report) else { return }
            epoch.ubx?.merge(position)
        case .navVELNED:
            guard let velocity = decode(message, as: NAVVELNED.self), place(timeOfWeek: velocity.iTOW, report) else { return }
            epoch.ubx?.merge(velocity)
        case .navDOP:
            guard let dop = decode(message, as: NAVDOP.self), place(timeOfWeek: dop.iTOW, report) else { return }
            epoch.ubx?.merge(dop)
        case .navHPPOSECEF:
            guard let position = decode(message, as: NAVHPPOSECEF.self), place(timeOfWeek: position.iTOW, report) else { return }
            epoch.ubx?.merge(position)
        case .navEELL:
            guard let ellipse = decode(message, as: NAVEELL.self), place(timeOfWeek: ellipse.iTOW, report) else { return }
            epoch.ubx?.solution.errorEllipse = NavigationSolution.ErrorEllipse(
                orientation: ellipse.orientation, semiMajorAxis: ellipse.semiMajorAxis, semiMinorAxis: ellipse.semiMinorAxis)
        case .navPOSECEF:
            guard let position = decode(message, as: NAVPOSECEF.self), place(timeOfWeek: position.iTOW, report) else { return }
            epoch.ubx?.merge(position)
        case .navVELECEF:
            guard let velocity = decode(message, as: NAVVELECEF.self), place(timeOfWeek: velocity.iTOW, report) else { return }
            epoch.ubx?.merge(velocity)
        case .navSAT:
            guard let view = try? NAVSAT(message) else { return rejectUBX() }
            guard place(timeOfWeek: view.iTOW, report) else { return }
            statistics.ubxMessagesDecoded += 1
            sky.mergeReceiverView(view.lazy.map(Satellite.init))
        case .navSVINFO:
            guard let view = try? NAVSVINFO(message) else { return rejectUBX() }
            guard place(timeOfWeek: view.iTOW, report) else { return }
            statistics.ubxMessagesDecoded += 1
            sky.mergeReceiverView(view.lazy.compactMap(Satellite.init))
        case .navSIG:
            guard let view = try? NAVSIG(message) else { return rejectUBX() }
            guard place(timeOfWeek: view.iTOW, report) else { return }
            statistics.ubxMessagesDecoded += 1
            sky.mergeReceiverSignals(view.lazy.map(Satellite.init))
        case .navEOE:
            guard let end = decode(message, as: NAVEOE.self) else { return }
            guard epoch.ubx?.solution.timeOfWeek == end.iTOW, let time = epoch.time else { return }
            reportedTime = time
            reportedTimeOfWeek = end.iTOW
            reportEpoch(report)
        default:
            statistics.ubxMessagesSkipped += 1
        }
    }

    /// Reports a high-rate solution (HNR-PVT) as an epoch of its own, at once, leaving the
    /// navigation epoch in progress alone: a receiver interleaves them, and its navigation
    /// messages may be of an earlier instant than the high-rate solutions around them.
    private mutating func reportHighRate(_ pvt: HNRPVT, _ report: (EpochReport) -> Void) {
        guard pvt.validDate, pvt.validTime else { return }
        var highRate = Epoch()
        highRate.ubx = UBXEpochPart(timeOfWeek: pvt.iTOW)
        highRate.ubx?.solution.leapSeconds = leapSeconds
        highRate.ubx?.merge(pvt)
        // The last navigation solution carried forward by the sensors: a plain GNSS fix keeps
        // that solution's corrections, as gpsd keeps them.
        if let fixType = highRate.ubx?.solution.fixType, fixType == .twoDimensional || fixType == .threeDimensional,
           let corrected = navigationQuality, highRate.ubx?.quality == .gps {
            highRate.ubx?.quality = corrected
        }
        highRate.mergeUTC(year: pvt.year, month: pvt.month, day: pvt.day, hour: pvt.hour, minute: pvt.minute, second: pvt.second, nanosecond: pvt.nanosecond)
        guard let time = highRate.time, let day = highRate.day else { return }
        let timestamp = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + time.secondsSinceMidnight)
        statistics.epochs += 1
        report(EpochReport(EpochReport.Values(
            time: time, timestamp: timestamp, location: highRate.location(at: timestamp, satellitesListedAsUsed: nil),
            navigation: highRate.ubx?.solution), reusing: &reportStorage))
    }

    /// Counts a message its decoder refused.
    private mutating func rejectUBX() {
        statistics.ubxMessagesRejected += 1
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
        if epoch.ubx == nil {
            epoch.ubx = UBXEpochPart(timeOfWeek: timeOfWeek)
            // The leap seconds the receiver last said hold until it says otherwise.
            epoch.ubx?.solution.leapSeconds = leapSeconds
        }
        return true
    }
}
