import Foundation
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport

/// What each sentence gives an epoch, and receivers that report position only in GLL or GNS.
@Suite("Fix assembler: every sentence")
struct FixAssemblerSentenceTests {
    @Test("a GLL-only stream gives one fix per GLL, with its status and mode")
    func gllOnly() throws {
        let fixes = assemble(bodies: [
            "GPGLL,4807.0380,N,01131.0000,E,101010.00,A,A",
            "GPGLL,4807.0390,N,01131.0010,E,101011.00,A,D",
            "GPGLL,4807.0400,N,01131.0020,E,101012.00,V,N",
        ])
        #expect(fixes.count == 3)
        #expect(abs(fixes[0].coordinate.latitude - 48.1173) < 1e-9)
        #expect(fixes.map(\.positioningMode) == [.autonomous, .differential, .notValid])
        #expect(fixes.map(\.status) == [.valid, .valid, .invalid])
        #expect(fixes.map(\.isValidFix) == [true, true, false])
    }

    @Test("a GNS-only stream gives position, altitude, satellites, HDOP and 2D/3D from its mode letters")
    func gnsOnly() throws {
        let fixes = assemble(bodies: [
            "GNGNS,101010.00,4807.0380,N,01131.0000,E,AAN,14,0.8,545.4,46.9,,",
            "GNGNS,101011.00,4807.0380,N,01131.0000,E,NNN,00,,,,,",
            "GNGNS,101012.00,4807.0380,N,01131.0000,E,NAD,09,1.1,,,,",
        ])
        #expect(fixes.count == 3)
        let fix = fixes[0]
        #expect(fix.altitude == 545.4)
        #expect(fix.geoidSeparation == 46.9)
        #expect(fix.satellitesUsed == 14)
        #expect(fix.hdop == 0.8)
        #expect(fix.mode == .threeDimensional)
        #expect(fix.positioningMode == .autonomous)
        #expect(fix.isValidFix)
        #expect(fixes[1].mode == .noFix, "every constellation says N")
        #expect(!fixes[1].isValidFix)
        #expect(fixes[2].mode == .twoDimensional, "a fix without an altitude")
        #expect(fixes[2].positioningMode == .autonomous, "the first constellation that has a fix")
    }

    @Test("a GLL a second apart from its GGA and RMC is an epoch of its own")
    func gllBetweenEpochs() {
        let fixes = assemble(bodies: epoch("101010") + ["GPGLL,4807.0400,N,01131.0020,E,101011.00,A,A"] + epoch("101012"))
        #expect(fixes.count == 3)
        #expect(fixes[1].timestamp == Date(timeIntervalSince1970: 1_742_033_411))
        #expect(abs(fixes[1].coordinate.latitude - 48.117_333_333) < 1e-6)
    }

    @Test("VTG gives speed and course when RMC has none; RMC gives the date")
    func vtgSpeedAndCourse() throws {
        let fix = try #require(assemble(bodies: [
            "GPGGA,101010.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,,,150325,,,A",
            "GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A",
        ]).first)
        #expect(fix.course == 54.7)
        #expect(abs(fix.speed! - 5.5 * 1852 / 3600) < 1e-9)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_742_033_410))
    }

    @Test("GSA gives PDOP, HDOP and VDOP, and the vertical accuracy follows VDOP")
    func dilutions() throws {
        let fix = try #require(assemble(bodies: epoch("101010")).first)
        #expect(fix.pdop == 1.8)
        #expect(fix.hdop == 0.9)
        #expect(fix.vdop == 1.5)
        #expect(fix.verticalAccuracy == 1.5 * 11.5)
    }

    @Test("GST's deviations are the accuracies: horizontal from latitude and longitude, vertical from altitude")
    func gstAccuracy() throws {
        let fix = try #require(assemble(bodies: epoch("101010") + ["GPGST,101010.00,1.2,3.0,2.0,45.0,1.5,2.0,3.5"]).first)
        #expect(fix.horizontalAccuracy == 2.5)
        #expect(fix.verticalAccuracy == 3.5)
    }

    @Test("a ZDA alone dates the epochs that follow")
    func zdaDatesLaterEpochs() {
        let fixes = assemble(bodies: [
            "GPZDA,101009.00,15,03,2025,00,00",
            "GPGGA,101010.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
        ])
        #expect(fixes.map(\.timestamp) == [Date(timeIntervalSince1970: 1_742_033_410)])
    }

    @Test("every epoch with a time is reported, with no location when it had no position, and no date from an RMC with status V")
    func epochsWithoutPosition() {
        let epochs = assembleEpochs(bodies: [
            "GPGGA,101010.00,,,,,0,00,99.9,,M,,M,,", "GPRMC,101010.00,V,,,,,,,150325,,,N",
            "GPGGA,101011.00,,,,,0,00,99.9,,M,,M,,", "GPRMC,101011.00,V,,,,,,,150325,,,N",
        ] + epoch("101012"))
        #expect(epochs.map(\.time.second) == [10, 11, 12])
        #expect(epochs.map { $0.location == nil } == [true, true, false])
        // gpsd takes no date from an RMC with its navigation warning on: receivers send bogus
        // ones then (MTK-3301, RGM-3800).
        #expect(epochs.map { $0.timestamp == nil } == [true, true, false])
    }

    @Test("simulator and manual-input epochs are assembled as the receiver said, and are not valid fixes")
    func simulatedEpochs() {
        let simulated = assemble(bodies: epoch("101010", quality: "8"))
        #expect(simulated.first?.quality == .simulated)
        #expect(simulated.first?.isValidFix == false)
        let manual = assemble(bodies: ["GPGLL,4807.0380,N,01131.0000,E,101010.00,A,M"])
        #expect(manual.first?.positioningMode == .manualInput)
        #expect(manual.first?.isValidFix == false)
    }
}

/// The assembler counts what it decoded, rejected and read as absent.
@Suite("Fix assembler statistics")
struct FixAssemblerStatisticsTests {
    @Test("a malformed optional field costs that field only and is counted; a bad strict field costs its sentence")
    func countsTheMess() throws {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var fixes: [Location] = []
        let lines = [
            // SiRF's NMEA 2.3 RMC without the variation direction: field 11 is the mode letter.
            "$GPRMC,212614.879,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,0,A*77\r\n",
            sentence("GPGGA,212614.879,4839.9488,N,00214.8863,E,1,08,0.9,95.0,M,47.0,M,,12x4"),  // station letters
            sentence("GPGGA,212615.879,4899.0000,N,00214.8863,E,1,08,0.9,95.0,M,47.0,M,,"),  // 99 minutes
            sentence("GPRMC,212615.879,A,4839.9490,N,00214.8870,E,0.50,344.0,181207,,,A"),
        ]
        framer.append(Array(lines.joined().utf8)) { result in
            if case .success(let sentence) = result { assembler.consume(sentence) { if let fix = $0.location { fixes.append(fix) } } }
        }
        assembler.finish { if let fix = $0.location { fixes.append(fix) } }
        #expect(assembler.statistics.sentencesDecoded == 3)
        #expect(assembler.statistics.sentencesRejected == 1)
        #expect(assembler.statistics.malformedFields == 2)
        #expect(assembler.statistics.epochs == 2)
        let sirf = try #require(fixes.first)
        #expect(sirf.positioningMode == .autonomous)
        #expect(abs(sirf.speed! - 0.56 * 1852 / 3600) < 1e-9)
        #expect(sirf.course == 344.41)
        #expect(sirf.altitude == 95.0, "the GGA with a malformed station still gives its altitude")
        #expect(sirf.timestamp != nil, "the date survives")
        #expect(fixes.count == 2)
    }
}
