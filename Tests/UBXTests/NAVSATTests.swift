import GNSS
import Testing
import UBX

@Suite("NAV-SAT")
struct NAVSATTests {
    /// A version 1 NAV-SAT with the given blocks: (gnssId, svId, cno, elev, azim, prRes, flags).
    static func payload(_ satellites: [(UInt8, UInt8, UInt8, Int64, Int64, Int64, Int64)], count: Int? = nil,
                        version: UInt8 = 1) -> TestPayload {
        var payload = TestPayload(count: 8 + 12 * satellites.count)
        payload.put(345_600_000, at: 0, size: 4)
        payload.bytes[4] = version
        payload.bytes[5] = UInt8(count ?? satellites.count)
        for (index, satellite) in satellites.enumerated() {
            let offset = 8 + 12 * index
            payload.bytes[offset...offset + 2] = [satellite.0, satellite.1, satellite.2]
            payload.put(satellite.3, at: offset + 3, size: 1)
            payload.put(satellite.4, at: offset + 4, size: 2)
            payload.put(satellite.5, at: offset + 6, size: 2)
            payload.put(satellite.6, at: offset + 8, size: 4)
        }
        return payload
    }

    @Test("Each block decodes on access: system and number, cno in dBHz, elevation and azimuth in degrees, prRes in metres")
    func blocks() throws {
        let payload = Self.payload([(0, 12, 44, 67, 294, -13, 0x0000_191F), (6, 7, 31, -5, 12, 250, 0x0000_0214)])
        try payload.message(.navSAT) { message in
            let sat = try NAVSAT(message)
            #expect(sat.iTOW == 345_600_000)
            #expect(sat.count == 2)
            let gps = sat[0]
            #expect(gps.constellation == .gps && gps.svId == 12)
            #expect(gps.satellite.gpsdPRN == 12)
            #expect(gps.carrierToNoise == 44)
            #expect(gps.elevation == 67 && gps.azimuth == 294)
            #expect(abs(gps.pseudorangeResidual - -1.3) < 1e-12)
            #expect(gps.quality.rawValue == 7 && gps.quality > .carrierLocked && gps.quality.isCarrierLocked)
            #expect(gps.isUsed && gps.isHealthy == true)
            #expect(!gps.hasDifferentialCorrection && !gps.isSmoothed)
            #expect(gps.orbitSource == .ephemeris && gps.hasEphemeris && gps.hasAlmanac)
            let glonass = sat[1]
            #expect(glonass.constellation == .glonass && glonass.satellite.gpsdPRN == 71)
            #expect(glonass.elevation == -5 && abs(glonass.pseudorangeResidual - 25) < 1e-12)
            #expect(glonass.quality == .codeLocked && !glonass.isUsed && glonass.isHealthy == true)
            #expect(glonass.orbitSource == .almanac && !glonass.hasEphemeris)
            #expect(sat.map(\.svId) == [12, 7])
        }
    }

    @Test("An elevation past ±90° or an azimuth outside 0…360 is nil; 360° is 0°, as gpsd reads them")
    func skyPositionOutOfRange() throws {
        let payload = Self.payload([(0, 1, 0, -91, 360, 0, 0x20), (0, 2, 0, 91, -1, 0, 0)])
        try payload.message(.navSAT) { message in
            let sat = try NAVSAT(message)
            #expect(sat[0].elevation == nil && sat[0].azimuth == 0)
            #expect(sat[1].elevation == nil && sat[1].azimuth == nil)
            #expect(sat[0].isHealthy == false && sat[1].isHealthy == nil)
        }
    }

    @Test("The correction flags are the block's bits 16 to 23, in u-blox's order")
    func correctionFlags() throws {
        let payload = Self.payload([(0, 1, 0, 0, 0, 0, 0x00FF_0000), (0, 2, 0, 0, 0, 0, 0x0000_6000)])
        try payload.message(.navSAT) { message in
            let all = try NAVSAT(message)[0]
            #expect(all.sbasCorrectionUsed && all.rtcmCorrectionUsed && all.slasCorrectionUsed && all.spartnCorrectionUsed)
            #expect(all.pseudorangeCorrectionUsed && all.carrierRangeCorrectionUsed && all.rangeRateCorrectionUsed)
            #expect(all.clasCorrectionUsed && !all.isUsed && all.orbitSource == .unavailable)
            let assist = try NAVSAT(message)[1]
            #expect(assist.hasAssistNowOffline && assist.hasAssistNowAutonomous && !assist.rtcmCorrectionUsed)
        }
    }

    @Test("A count the payload cannot hold is a payload-length error, never a read past it")
    func lyingCount() {
        let payload = Self.payload([(0, 1, 40, 10, 10, 0, 0)], count: 2)
        #expect(throws: UBXError.payloadLength(.navSAT, expected: 32, actual: 20)) {
            try payload.message(.navSAT) { try NAVSAT($0) }
        }
        #expect(throws: UBXError.payloadLength(.navSAT, expected: 8, actual: 7)) {
            try payload.message(.navSAT, count: 7) { try NAVSAT($0) }
        }
        #expect(throws: UBXError.unsupportedVersion(.navSAT, version: 0)) {
            try Self.payload([], version: 0).message(.navSAT) { try NAVSAT($0) }
        }
    }

    @Test("No satellites is an empty collection")
    func empty() throws {
        try Self.payload([]).message(.navSAT) { message in
            let sat = try NAVSAT(message)
            #expect(sat.isEmpty && sat.count == 0)
        }
    }
}
