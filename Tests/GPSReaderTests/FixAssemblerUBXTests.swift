import Foundation
import GNSS
import GPSReader
import LocationTracking
import Testing
import TestSupport
import UBX

/// Epochs from u-blox UBX: one per navigation solution, alone or beside NMEA.
@Suite("Fix assembler, UBX")
struct FixAssemblerUBXTests {
    /// Every epoch `bytes` give, the stream finished.
    private func epochs(_ bytes: [UInt8]) -> [EpochReport] {
        let stream = EpochStream()
        var epochs: [EpochReport] = []
        stream.append(bytes) { epochs.append($0) }
        stream.finish { epochs.append($0) }
        return epochs
    }

    private func pvt(_ iTOW: UInt32, second: Int, _ change: (inout NAVPVTFrame) -> Void = { _ in }) -> NAVPVTFrame {
        var frame = NAVPVTFrame()
        frame.iTOW = iTOW
        frame.time.second = second
        change(&frame)
        return frame
    }

    @Test("A NAV-PVT stream gives one fix per time of week, with the receiver's own accuracies")
    func oneFixPerTimeOfWeek() throws {
        let reports = epochs(pvt(1000, second: 1).frame + pvt(2000, second: 2).frame + pvt(3000, second: 3).frame)
        #expect(reports.count == 3)
        let fix = try #require(reports.first?.location)
        #expect(fix.timestamp == (try Date("2020-03-14T18:39:01Z", strategy: .iso8601)))
        #expect(abs(fix.coordinate.latitude - 48.1173) < 1e-9)
        #expect(abs(fix.coordinate.longitude - 11.5166666) < 1e-9)
        #expect(fix.altitude == 545.4)
        #expect(abs(fix.ellipsoidalAltitude! - 592.3) < 1e-9)
        #expect(fix.horizontalAccuracy == 1.5 && fix.verticalAccuracy == 2.5 && fix.isAccuracyFromReceiver)
        #expect(fix.speedAccuracy == 0.2 && fix.courseAccuracy == 1.5)
        #expect(fix.speed == 2.236 && fix.course == 63.4)
        #expect(fix.mode == .threeDimensional && fix.quality == .gps && fix.correction == CorrectionState.none)
        #expect(fix.satellitesUsed == 12 && fix.pdop == 1.8)
        #expect(fix.isValidFix)
        let navigation = try #require(reports.first?.navigation)
        #expect(navigation.timeOfWeek == 1000)
        #expect(navigation.fixType == .threeDimensional)
        #expect(navigation.velocity == NavigationSolution.Velocity(north: 1, east: 2, down: -0.5))
    }

    @Test("NAV-EOE ends the epoch at once, without waiting for the next solution")
    func endOfEpoch() {
        let stream = EpochStream()
        var reports: [EpochReport] = []
        stream.append(pvt(1000, second: 1).frame) { reports.append($0) }
        #expect(reports.isEmpty, "the end of the solution is not known yet")
        stream.append(NAVPVTFrame.endOfEpoch(1000)) { reports.append($0) }
        #expect(reports.count == 1)
        stream.append(NAVPVTFrame.endOfEpoch(1000) + pvt(1000, second: 1).frame) { reports.append($0) }
        stream.finish { reports.append($0) }
        #expect(reports.count == 1, "a late message of a reported epoch starts no other")
    }

    @Test("carrSoln and diffSoln give the correction state, as GGA's quality does")
    func correctionState() throws {
        let fixed = try #require(epochs(pvt(1000, second: 1) { $0.differential = true; $0.carrierSolution = 2 }.frame).first?.location)
        #expect(fixed.correction == .rtkFixed && fixed.quality == .rtkFixed)
        let float = try #require(epochs(pvt(1000, second: 1) { $0.differential = true; $0.carrierSolution = 1 }.frame).first?.location)
        #expect(float.correction == .rtkFloat)
        let dgps = try #require(epochs(pvt(1000, second: 1) { $0.differential = true }.frame).first?.location)
        #expect(dgps.correction == .dgps)
        let none = try #require(epochs(pvt(1000, second: 1) { $0.fixType = 0 }.frame).first?.location)
        #expect(none.quality == .invalid && !none.isValidFix)
    }

    @Test("GGA's quality 4 and 5 and GNS's mode letters R and F are the same correction states")
    func nmeaCorrectionState() throws {
        func fix(_ body: String) throws -> Location {
            try #require(epochs(Array(sentence(body).utf8)).first?.location)
        }
        #expect(try fix("GPGGA,123519,4807.038,N,01131.000,E,4,08,0.9,545.4,M,46.9,M,1.0,0001").correction == .rtkFixed)
        #expect(try fix("GPGGA,123519,4807.038,N,01131.000,E,5,08,0.9,545.4,M,46.9,M,1.0,0001").correction == .rtkFloat)
        #expect(try fix("GPGGA,123519,4807.038,N,01131.000,E,2,08,0.9,545.4,M,46.9,M,1.0,0001").correction == .dgps)
        #expect(try fix("GNGNS,123519,4807.038,N,01131.000,E,RR,08,0.9,545.4,46.9,1.0,0001").correction == .rtkFixed)
        #expect(try fix("GNGNS,123519,4807.038,N,01131.000,E,FN,08,0.9,545.4,46.9,1.0,0001").correction == .rtkFloat)
    }

    @Test("NMEA and UBX of one epoch give one fix, UBX's finer values winning, in either order")
    func nmeaAndUBXTogether() throws {
        let gga = Array(sentence("GPGGA,183901.00,4807.0000,N,01131.0000,E,1,08,0.9,500.0,M,46.9,M,,").utf8)
        let ubx = pvt(1000, second: 1).frame
        let gga2 = Array(sentence("GPGGA,183902.00,4807.0000,N,01131.0000,E,1,08,0.9,500.0,M,46.9,M,,").utf8)
        let ubx2 = pvt(2000, second: 2).frame
        for stream in [ubx + gga + ubx2 + gga2, gga + ubx + gga2 + ubx2] {
            let reports = epochs(stream)
            #expect(reports.count == 2)
            let fix = try #require(reports.first?.location)
            #expect(abs(fix.coordinate.latitude - 48.1173) < 1e-9, "NAV-PVT's 1e-7° over GGA's")
            #expect(fix.altitude == 545.4)
            #expect(fix.hdop == 0.9, "what only GGA gave stays")
            #expect(fix.horizontalAccuracy == 1.5 && fix.isAccuracyFromReceiver)
        }
    }

    @Test("NAV-SOL alone (u-blox 6): the altitude is the height above the ellipsoid less gpsd's geoid table, as gpsd's altMSL; the accuracy is NAV-DOP's HDOP's, the receiver giving none")
    func solutionWithoutSeaLevel() throws {
        guard let logs = SharedMaterial.ubxLogs,
              let bytes = FileManager.default.contents(atPath: logs.appendingPathComponent("navisys-gr701w.log").path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        let fix = try #require(epochs(Array(bytes)).lazy.compactMap(\.location).first { $0.mode == .threeDimensional })
        // gpsd master's first 3D TPV of this log: altHAE 232.9577, altMSL 248.3082; NAV-DOP's hDOP of that epoch: 1.29.
        #expect(abs(try #require(fix.altitude) - 248.3082) < 1e-4)
        #expect(abs(try #require(fix.ellipsoidalAltitude) - 232.9577) < 1e-4)
        #expect(fix.hdop == 1.29 && !fix.isAccuracyFromReceiver)
        #expect(fix.horizontalAccuracy == Location.estimatedHorizontalAccuracy(hdop: fix.hdop, quality: fix.quality))
        #expect(fix.verticalAccuracy == Location.estimatedVerticalAccuracy(vdop: fix.vdop, quality: fix.quality))
    }

    @Test("A message of another kind is counted and skipped; a NAV-PVT too short costs only itself")
    func otherMessages() {
        let stream = EpochStream()
        var reports: [EpochReport] = []
        let monitor = BinaryFrames.ubx(0x0A, 0x09, [UInt8](repeating: 0, count: 60))
        let short = BinaryFrames.ubx(0x01, 0x07, [UInt8](repeating: 0, count: 40))
        stream.append(monitor + short + pvt(1000, second: 1).frame) { reports.append($0) }
        stream.finish { reports.append($0) }
        #expect(reports.count == 1)
        #expect(stream.assembly.ubxMessagesSkipped == 1)
        #expect(stream.assembly.ubxMessagesRejected == 1)
        #expect(stream.assembly.ubxMessagesDecoded == 1)
    }

    @Test("A negative nano rounds to the epoch's millisecond, across midnight too")
    func nanosecondRounding() throws {
        let frame = pvt(1000, second: 0) {
            $0.time = (hour: 0, minute: 0, second: 0, nanosecond: -1234)
            $0.date = (2020, 3, 15)
        }
        let fix = try #require(epochs(frame.frame).first?.location)
        #expect(fix.timestamp == (try Date("2020-03-15T00:00:00Z", strategy: .iso8601)))
        let late = pvt(1000, second: 59) {
            $0.time = (hour: 23, minute: 59, second: 59, nanosecond: 999_999_800)
        }
        let rolled = try #require(epochs(late.frame).first?.location)
        #expect(rolled.timestamp == (try Date("2020-03-15T00:00:00Z", strategy: .iso8601)))
    }

    /// A NAV-SAT frame of `iTOW` listing GPS satellites `ids`, each used, at the offsets of the
    /// u-blox 8 interface description: 8 bytes of header, 12 a satellite.
    private func navSAT(_ iTOW: UInt32, _ ids: [UInt8]) -> [UInt8] {
        var payload = withUnsafeBytes(of: iTOW.littleEndian, Array.init) + [1, UInt8(ids.count), 0, 0]
        for id in ids {
            // gnssId 0, svId, cno 40 dBHz, elevation 45°, azimuth 90°, prRes 0, flags: quality 7, svUsed.
            payload += [0, id, 40, 45, 90, 0, 0, 0, 0x0F, 0, 0, 0]
        }
        return UBXFrame.encode(.navSAT, payload: payload)
    }

    /// A NAV-SIG frame of `iTOW` with the L1 C/A and L2 CL signals (sigId 0 and 4) of GPS
    /// satellites `ids`: 8 bytes of header, 16 a signal.
    private func navSIG(_ iTOW: UInt32, _ ids: [UInt8]) -> [UInt8] {
        var payload = withUnsafeBytes(of: iTOW.littleEndian, Array.init) + [0, UInt8(ids.count * 2), 0, 0]
        for id in ids {
            for signal: UInt8 in [0, 4] {
                // gnssId 0, svId, sigId, freqId 0, prRes 0, cno 38, quality 7, corrSource, ionoModel, sigFlags: health 1, prUsed.
                payload += [0, id, signal, 0, 0, 0, 38, 7, 0, 0, 0x09, 0, 0, 0, 0, 0]
            }
        }
        return UBXFrame.encode(.navSIG, payload: payload)
    }

    @Test("Where NAV-SIG follows NAV-SAT, the epoch lists the signals and keeps NAV-SAT's own view beside them; NAV-SAT or NAV-SIG alone keeps none")
    func navSATViewBeforeSignals() throws {
        let both = epochs(pvt(1000, second: 1).frame + navSAT(1000, [3, 7]) + navSIG(1000, [3, 7]) + NAVPVTFrame.endOfEpoch(1000))
        let epoch = try #require(both.first)
        #expect(epoch.satellites?.satellites.map(\.id) == [3, 3, 7, 7], "one entry per signal")
        let view = try #require(epoch.satellitesBeforeSignals?.satellites)
        #expect(view.map(\.id) == [3, 7] && view.allSatisfy { $0.isUsed && $0.signalStrength == 40 })

        let satOnly = epochs(pvt(2000, second: 2).frame + navSAT(2000, [3, 7]) + NAVPVTFrame.endOfEpoch(2000))
        #expect(satOnly.first?.satellites?.satellites.count == 2 && satOnly.first?.satellitesBeforeSignals == nil)
        let sigOnly = epochs(pvt(3000, second: 3).frame + navSIG(3000, [3, 7]) + NAVPVTFrame.endOfEpoch(3000))
        #expect(sigOnly.first?.satellites?.satellites.count == 4 && sigOnly.first?.satellitesBeforeSignals == nil)
    }
}
