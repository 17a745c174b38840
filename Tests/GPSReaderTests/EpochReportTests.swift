import GPSReader
import LocationTracking
import NMEA
import Testing

/// `EpochReport`'s values in their shared storage: copies, kept reports and the assembler's reuse
/// of the storage keep value semantics.
@Suite("Epoch report")
struct EpochReportTests {
    /// An epoch's sentences at `time` (`hhmmss`), latitude 48° `minutes`′ N, with a GSA and a GSV.
    private static func epoch(_ time: String, minutes: String) -> [UInt8] {
        [
            "GPGGA,\(time).00,48\(minutes),N,01131.0000,E,1,04,0.9,545.4,M,46.9,M,,",
            "GPGSA,A,3,04,05,09,12,,,,,,,,,1.8,0.9,1.5",
            "GPGSV,1,1,04,04,45,120,44,05,30,200,38,09,60,045,41,12,10,300,",
            "GPRMC,\(time).00,A,48\(minutes),N,01131.0000,E,022.4,084.4,150325,003.1,W,A",
        ].flatMap { Array(NMEASentence.encode(body: $0).utf8) }
    }

    @Test("a report kept from one epoch keeps its values while the assembler reports the next ones")
    func keptReport() {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var reports: [EpochReport] = []
        let bytes = Self.epoch("120000", minutes: "07.0000") + Self.epoch("120001", minutes: "08.0000")
            + Self.epoch("120002", minutes: "09.0000")
        framer.append(bytes) { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { reports.append($0) }
        }
        assembler.finish { reports.append($0) }
        #expect(reports.map(\.time) == [
            UTCTime(hour: 12, minute: 0, second: 0), UTCTime(hour: 12, minute: 0, second: 1),
            UTCTime(hour: 12, minute: 0, second: 2),
        ])
        let latitudes = reports.map { ($0.location?.coordinate.latitude ?? 0) * 60 - 48 * 60 }
        #expect(latitudes.map { Int($0.rounded()) } == [7, 8, 9])
        #expect(reports.allSatisfy { $0.satellites?.satellites.count == 4 && $0.satelliteListings.count == 4 })
        #expect(reports.allSatisfy { $0.listedSatellites.count == 4 })
        #expect(reports[0] != reports[1])
    }

    @Test("a changed copy leaves the report it was copied from as it was")
    func changedCopy() {
        let report = EpochReport(time: UTCTime(hour: 10, minute: 0, second: 0))
        var copy = report
        #expect(copy == report)
        copy.magneticCourse = 12.5
        copy.time = UTCTime(hour: 10, minute: 0, second: 1)
        #expect(report.magneticCourse == nil)
        #expect(report.time == UTCTime(hour: 10, minute: 0, second: 0))
        #expect(copy.magneticCourse == 12.5)
        #expect(copy != report)
        var same = report
        same.magneticCourse = nil
        #expect(same == report && same.hashValue == report.hashValue)
    }
}
