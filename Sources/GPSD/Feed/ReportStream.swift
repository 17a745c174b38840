import GPSReader
import LocationTracking
import NMEA

/// Turns a receiver's NMEA bytes into gpsd's reports: for every epoch `FixAssembler` reports
/// (every UTC time of day, with a position or not), one TPV (`"mode":1` when it had no fix)
/// and one SKY (its satellites, when it listed them), in the order of the stream.
///
/// It is `NMEAFramer` and `FixAssembler` with the previous TPV remembered for `climb` and the
/// last satellite geometry for `epx` and `epy`:
/// fixes are exactly the library's. Nothing is allocated per sentence or per report.
///
/// ```swift
/// var stream = ReportStream(device: "/dev/ttyACM0")
/// stream.append(chunk) { report in writer.write(report) }  // a TPV or a SKY line
/// ```
public struct ReportStream: ~Copyable {
    /// The path reports name in `"device"`; `nil` leaves it out.
    public let device: String?
    private var framer = NMEAFramer()
    private var assembler = FixAssembler()
    private var previous: TPV?
    /// The geometry of the last sky that gave one: gpsd keeps its dilutions of precision until
    /// a sky replaces them, so epochs without a sky keep the last.
    private var geometry: SatelliteGeometry?

    /// A stream with nothing seen yet.
    public init(device: String?) {
        self.device = device
    }

    /// One report.
    public enum Report {
        case tpv(TPV)
        case sky(SKY)
    }

    /// Feeds bytes of any size; `report` receives the reports of every epoch they complete,
    /// and `sentence`, when given, every valid sentence as it is framed (valid only during the call).
    public mutating func append(
        _ bytes: UnsafeRawBufferPointer, sentence: ((borrowing NMEASentence) -> Void)? = nil,
        _ report: (Report) -> Void
    ) {
        var assembler = self.assembler
        var previous = self.previous
        var geometry = self.geometry
        let device = device
        framer.append(bytes) { result in
            guard case .success(let framed) = result else { return }
            sentence?(framed)
            assembler.consume(framed) { epoch in Self.reports(for: epoch, device: device, previous: &previous, geometry: &geometry, report) }
        }
        self.assembler = assembler
        self.previous = previous
        self.geometry = geometry
    }

    /// Ends the stream: reports the epoch in progress.
    public mutating func finish(_ report: (Report) -> Void) {
        var assembler = self.assembler
        var previous = self.previous
        var geometry = self.geometry
        let device = device
        framer.finish { result in
            guard case .success(let framed) = result else { return }
            assembler.consume(framed) { epoch in Self.reports(for: epoch, device: device, previous: &previous, geometry: &geometry, report) }
        }
        assembler.finish { epoch in Self.reports(for: epoch, device: device, previous: &previous, geometry: &geometry, report) }
        self.assembler = assembler
        self.previous = previous
        self.geometry = geometry
    }

    /// Ends the epoch in progress because the line went quiet after a burst
    /// (`FixAssembler.endEpoch(_:)`): `report` receives its reports now, if it had a time,
    /// rather than when the receiver's next burst comes.
    public mutating func endEpoch(_ report: (Report) -> Void) {
        var previous = self.previous
        var geometry = self.geometry
        let device = device
        assembler.endEpoch { epoch in Self.reports(for: epoch, device: device, previous: &previous, geometry: &geometry, report) }
        self.previous = previous
        self.geometry = geometry
    }

    /// A TPV (mode 1 when the epoch had no position) and a SKY for every epoch.
    private static func reports(
        for epoch: EpochReport, device: String?, previous: inout TPV?, geometry: inout SatelliteGeometry?,
        _ report: (Report) -> Void
    ) {
        if let view = epoch.satellites, let current = SatelliteGeometry(view.satellites) { geometry = current }
        var tpv = epoch.location.map { TPV($0, device: device, previous: previous) } ?? TPV(device: device, time: epoch.timestamp)
        tpv.setHorizontalErrors(from: geometry)
        report(.tpv(tpv))
        report(.sky(SKY(epoch.satellites, location: epoch.location, time: epoch.timestamp, device: device)))
        previous = consume tpv
    }
}
