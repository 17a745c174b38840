import GNSS
import Testing
import UBX

@Suite("NAV-SVINFO")
struct NAVSVINFOTests {
    /// A NAV-SVINFO of chip generation 4 with the given blocks: (chn, svid, flags, quality, cno,
    /// elev, azim, prRes).
    static func payload(_ channels: [(UInt8, UInt8, UInt8, UInt8, UInt8, Int64, Int64, Int64)], count: Int? = nil) -> TestPayload {
        var payload = TestPayload(count: 8 + 12 * channels.count)
        payload.put(417_000, at: 0, size: 4)
        payload.bytes[4] = UInt8(count ?? channels.count)
        payload.bytes[5] = 0x04
        for (index, channel) in channels.enumerated() {
            let offset = 8 + 12 * index
            payload.bytes[offset...offset + 4] = [channel.0, channel.1, channel.2, channel.3, channel.4]
            payload.put(channel.5, at: offset + 5, size: 1)
            payload.put(channel.6, at: offset + 6, size: 2)
            payload.put(channel.7, at: offset + 8, size: 4)
        }
        return payload
    }

    @Test("Each channel decodes on access: prRes in metres from centimetres, the flags by name")
    func channels() throws {
        let payload = Self.payload([(0, 14, 0x0D, 7, 45, 52, 301, -187), (3, 131, 0x10, 1, 0, -91, 400, 0)])
        try payload.message(.navSVINFO) { message in
            let svinfo = try NAVSVINFO(message)
            #expect(svinfo.iTOW == 417_000 && svinfo.count == 2 && svinfo.chipGeneration == 4)
            let gps = svinfo[0]
            #expect(gps.channel == 0 && gps.svid == 14 && gps.satellite == SatelliteNumber(constellation: .gps, ubloxSVID: 14))
            #expect(gps.isUsed && !gps.hasDifferentialCorrection && gps.hasOrbit && gps.hasEphemeris && !gps.isUnhealthy)
            #expect(gps.quality.rawValue == 7 && gps.carrierToNoise == 45)
            #expect(gps.elevation == 52 && gps.azimuth == 301)
            #expect(abs(gps.pseudorangeResidual - -1.87) < 1e-12)
            let sbas = svinfo[1]
            #expect(sbas.satellite?.constellation == .sbas && sbas.satellite?.gpsdPRN == 44)
            #expect(sbas.isUnhealthy && !sbas.isUsed && sbas.quality == .searching)
            #expect(sbas.elevation == nil && sbas.azimuth == nil)
        }
    }

    @Test("The single svid splits as gpsd's ubx_to_prn does: BeiDou at 33–64 and 159–163, Galileo at 211–246")
    func singleNumbering() throws {
        let cases: [(UInt8, Constellation?, Int?)] = [
            (1, .gps, 1), (32, .gps, 32), (33, .beidou, 6), (64, .beidou, 37), (65, .glonass, 1), (96, .glonass, 32),
            (120, .sbas, 120), (158, .sbas, 158), (159, .beidou, 1), (163, .beidou, 5), (173, Constellation(rawValue: 4), 1),
            (193, .qzss, 1), (199, .qzss, 7), (211, .galileo, 1), (246, .galileo, 36),
            (0, nil, nil), (97, nil, nil), (170, nil, nil), (200, nil, nil), (255, nil, nil),
        ]
        let payload = Self.payload(cases.map { (0, $0.0, 0, 0, 0, 0, 0, 0) })
        try payload.message(.navSVINFO) { message in
            for (channel, (svid, constellation, svId)) in zip(try NAVSVINFO(message), cases) {
                #expect(channel.satellite?.constellation == constellation, "svid \(svid)")
                #expect(channel.satellite?.ubloxSVID == svId, "svid \(svid)")
            }
        }
    }

    @Test("A count the payload cannot hold is a payload-length error")
    func lyingCount() {
        #expect(throws: UBXError.payloadLength(.navSVINFO, expected: 8 + 12 * 200, actual: 20)) {
            try Self.payload([(0, 1, 0, 0, 0, 0, 0, 0)], count: 200).message(.navSVINFO) { try NAVSVINFO($0) }
        }
    }
}
