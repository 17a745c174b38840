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
    public var device: String? { history.device }
    private var framer = NMEAFramer()
    private var assembler = FixAssembler()
    private var history: History

    /// A stream with nothing seen yet.
    public init(device: String?) {
        history = History(device: device)
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
        withParts { framer, assembler, history in
            framer.append(bytes) { result in
                guard case .success(let framed) = result else { return }
                sentence?(framed)
                assembler.consume(framed) { history.report($0, report) }
            }
        }
    }

    /// Ends the stream: reports the epoch in progress.
    public mutating func finish(_ report: (Report) -> Void) {
        withParts { framer, assembler, history in
            framer.finish { result in
                guard case .success(let framed) = result else { return }
                assembler.consume(framed) { history.report($0, report) }
            }
            assembler.finish { history.report($0, report) }
        }
    }

    /// Ends the epoch in progress because the line went quiet after a burst
    /// (`FixAssembler.endEpoch(_:)`): `report` receives its reports now, if it had a time,
    /// rather than when the receiver's next burst comes.
    public mutating func endEpoch(_ report: (Report) -> Void) {
        withParts { _, assembler, history in
            assembler.endEpoch { history.report($0, report) }
        }
    }

    /// Hands `body` the framer, the assembler and the history as separate variables, so that
    /// the framer's closure can reach the assembler and the assembler's the history: a closure
    /// cannot capture a `~Copyable` self, nor one part of a value while another is in use.
    private mutating func withParts(_ body: (inout NMEAFramer, inout FixAssembler, inout History) -> Void) {
        body(&framer, &assembler, &history)
    }

    /// What a TPV takes from the epochs before it.
    private struct History {
        let device: String?
        /// The last TPV, for `climb`.
        var previous: TPV?
        /// The geometry of the last sky that gave one: gpsd keeps its dilutions of precision
        /// until a sky replaces them, so epochs without a sky keep the last.
        var geometry: SatelliteGeometry?

        init(device: String?) {
            self.device = device
        }

        /// A TPV (mode 1 when the epoch had no position) and a SKY for `epoch`; the SKY's
        /// dilutions of precision are those of its own satellites.
        mutating func report(_ epoch: EpochReport, _ report: (Report) -> Void) {
            let current = epoch.satellites.flatMap { SatelliteGeometry($0.satellites) }
            if let current { geometry = current }
            var tpv = epoch.location.map { TPV($0, device: device, previous: previous) } ?? TPV(device: device, time: epoch.timestamp)
            tpv.setHorizontalErrors(from: geometry)
            report(.tpv(tpv))
            report(.sky(SKY(epoch.satellites, location: epoch.location, time: epoch.timestamp, device: device, geometry: current)))
            previous = consume tpv
        }
    }
}
