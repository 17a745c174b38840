import Foundation
import GNSS
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport
@testable import GPSD

/// What gpsd takes from proprietary sentences that carry a fix's errors or velocity, and the
/// dilutions its error model reads, each checked against what gpsd wrote for a log of its suite.
@Suite("gpsd's proprietary sentences and kept dilutions")
struct GPSDProprietaryTests {
    /// The TPV lines of `lines` (whole sentences, as in the log) fed through one stream.
    private func tpvs(_ lines: [String]) -> [String] {
        var stream = ReportStream(device: nil)
        var writer = GPSDJSONWriter()
        let bytes = Array(lines.map { $0 + "\r\n" }.joined().utf8)
        bytes.withUnsafeBytes { stream.append($0) { writer.write($0) } }
        stream.finish { writer.write($0) }
        return String(decoding: writer.bytes, as: UTF8.self).components(separatedBy: "\r\n")
            .filter { $0.hasPrefix(#"{"class":"TPV""#) }
    }

    @Test("PGRME's errors, read as 50 % and scaled to gpsd's 95 % (× 2.45 / 1.18), replace the model's: epx = epy = horizontal / √2, epv, sep")
    func garminEstimatedErrors() throws {
        // foretrex-201.log at 20:00:04: gpsd 3.22's TPV after $PGRME,19.9,M,50.0,M,53.8,M has
        // "epx":29.216,"epy":29.216,"epv":103.814 and "sep":111.703; its eph stays HDOP's.
        let lines = tpvs([
            "$GPRMC,200004,A,5504.4343,N,01025.5386,E,0.0,0.0,260810,1.0,E,D*1E",
            "$GPGGA,200004,5504.4343,N,01025.5386,E,2,03,2.5,-9.1,M,43.9,M,,*62",
            "$GPGSA,A,3,06,,,,,,19,22,,,,,2.7,2.5,1.0*3F",
            "$PGRME,19.9,M,50.0,M,53.8,M*14",
        ])
        let line = try #require(lines.first)
        #expect(line.contains(#""epx":29.216,"epy":29.216,"epv":103.814"#))
        #expect(line.contains(#""eph":11.875,"sep":111.703"#))
    }

    @Test("PSTI,030's velocity east, north and up is velN, velE and velD (down), and the climb")
    func skyTraqVelocity() throws {
        // skytraq-PX1172RH_DS.log at 00:38:32: gpsd master writes "climb":0.020,"velN":-0.010,
        // "velE":0.000,"velD":-0.020 from $PSTI,030's -0.00,-0.01,0.02.
        let lines = tpvs([
            "$GPGGA,003832.000,4404.1271062,N,12118.8438377,W,5,14,0.8,1127.630,M,-20.300,M,1.000,0000*74",
            "$GNGSA,A,3,05,12,25,29,,,,,,,,,1.7,0.8,1.6,1*32",
            "$GNRMC,003832.000,A,4404.1271062,N,12118.8438377,W,000.0,171.0,290322,,,F,V*10",
            "$PSTI,030,003832.000,A,4404.1271062,N,12118.8438377,W,1127.630,-0.00,-0.01,0.02,290322,O,1.000,1.100*32",
        ])
        let line = try #require(lines.first)
        #expect(line.contains(#""climb":0.020,"velN":-0.010,"velE":0.000,"velD":-0.020"#))
    }

    @Test("an epoch without a GSA keeps the last VDOP and PDOP the receiver sent for epv and sep, as gpsd keeps its dilutions")
    func keptDilutions() throws {
        // A receiver that sends GSA in some epochs only (iTrek.log, bundg_zeus_9.log): gpsd's epv
        // and sep in the epochs between are the last GSA's VDOP × 23 m and PDOP × 19 m.
        let lines = tpvs([
            "$GPGGA,003832.000,4404.1271062,N,12118.8438377,W,1,08,0.8,1127.630,M,-20.300,M,,*52",
            "$GPGSA,A,3,05,12,25,29,,,,,,,,,1.7,0.8,1.6*31",
            "$GPRMC,003832.000,A,4404.1271062,N,12118.8438377,W,000.0,171.0,290322,,,A*73",
            "$GPGGA,003833.000,4404.1271062,N,12118.8438377,W,1,08,0.8,1127.630,M,-20.300,M,,*53",
            "$GPRMC,003833.000,A,4404.1271062,N,12118.8438377,W,000.0,171.0,290322,,,A*72",
        ])
        #expect(lines.count == 2)
        for line in lines { #expect(line.contains(#""epv":36.800"#) && line.contains(#""sep":32.300"#)) }
    }
}
