import GPSReader
import LocationTracking
import NMEA

/// Turns a receiver's NMEA bytes into gpsd's reports: for every epoch `FixAssembler` reports
/// (every UTC time of day, with a position or not), one TPV (`"mode":1` when it had no fix)
/// and one SKY (its satellites, when it listed them; a u-blox receiver's as `GPSDReports`
/// describes), in the order of the stream.
///
/// It is an `EpochStream` feeding `GPSDReports`: fixes are exactly the library's. Nothing is
/// allocated per sentence or per report.
///
/// ```swift
/// var stream = ReportStream(device: "/dev/ttyACM0")
/// stream.append(chunk) { report in writer.write(report) }  // a TPV or a SKY line
/// ```
public struct ReportStream: ~Copyable {
    /// The path reports name in `"device"`; `nil` leaves it out.
    public var device: String? { reports.device }
    private let epochs = EpochStream()
    private var reports: GPSDReports

    /// A stream with nothing seen yet.
    public init(device: String?) {
        reports = GPSDReports(device: device)
    }

    /// One report.
    public typealias Report = GPSDReports.Report

    /// Feeds bytes of any size; `report` receives the reports of every epoch they complete,
    /// and `sentence` every valid sentence as it is framed (valid only during the call).
    public mutating func append(
        _ bytes: UnsafeRawBufferPointer, sentence: (borrowing NMEASentence) -> Void = { _ in },
        _ report: (Report) -> Void
    ) {
        epochs.append(bytes, sentence: sentence) { reports.add($0, report) }
    }

    /// Ends the stream: reports the epoch in progress.
    public mutating func finish(_ report: (Report) -> Void) {
        epochs.finish { reports.add($0, report) }
    }

    /// Ends the epoch in progress because the line went quiet after a burst
    /// (`EpochStream.endEpoch(_:)`): `report` receives its reports now, if it had a time,
    /// rather than when the receiver's next burst comes.
    public mutating func endEpoch(_ report: (Report) -> Void) {
        epochs.endEpoch { reports.add($0, report) }
    }
}
