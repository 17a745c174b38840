import GNSS
import Testing
import UBX

/// Values checked against gpsd master's output for the same log.
extension CorpusTests {
    /// gpsd's time string for a UTC date and time of day, to the second: `2019-04-22T21:19:21`.
    static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    @Test("ZED-F9P: each TPV's lat and lon are NAV-PVT's of the same second to 1e-7°, NAV-HPPOSLLH's to 1e-9°; altHAE NAV-PVT's to 0.1 mm")
    func highPrecisionPosition() throws {
        let messages = try Self.messages(of: "ublox-zed-f9p-hp.log")
        var pvts: [String: NAVPVT] = [:]
        var highPrecision: [UInt32: NAVHPPOSLLH] = [:]
        for (id, payload) in messages {
            try payload.withUnsafeBytes { bytes in
                let message = UBXMessage(id: id, payload: bytes)
                if id == .navPVT {
                    let pvt = try NAVPVT(message)
                    pvts[Self.time(pvt.year, pvt.month, pvt.day, pvt.hour, pvt.minute, pvt.second)] = pvt
                } else if id == .navHPPOSLLH {
                    let position = try NAVHPPOSLLH(message)
                    highPrecision[position.iTOW] = position
                }
            }
        }
        let tpvs = try Self.reports("TPV", of: "ublox-zed-f9p-hp.log").filter { $0["lat"] != nil }
        #expect(tpvs.count >= 20)
        for tpv in tpvs {
            let time = try #require((tpv["time"] as? String)?.prefix(19)).description
            let pvt = try #require(pvts[time], "no NAV-PVT at \(time)")
            let position = try #require(highPrecision[pvt.iTOW], "no NAV-HPPOSLLH at \(time)")
            let (lat, lon) = (try #require(tpv["lat"] as? Double), try #require(tpv["lon"] as? Double))
            #expect(abs(pvt.latitude - lat) < 1e-7 && abs(pvt.longitude - lon) < 1e-7, "\(time)")
            #expect(abs(try #require(position.latitude) - lat) < 1e-9, "\(time)")
            #expect(abs(try #require(position.longitude) - lon) < 1e-9, "\(time)")
            // gpsd's altHAE is NAV-PVT's millimetres (but for one epoch, 0.1 mm off); NAV-HPPOSLLH
            // adds up to ±0.9 mm to them.
            let altitude = try #require(tpv["altHAE"] as? Double)
            #expect(abs(pvt.heightAboveEllipsoid - altitude) < 2e-4, "\(time)")
            #expect(abs(try #require(position.heightAboveEllipsoid) - altitude) < 0.001, "\(time)")
        }
        let first = try #require(tpvs.first)
        #expect(first["time"] as? String == "2019-04-22T21:19:21.000Z" && first["lat"] as? Double == -45.877525179)
    }

    @Test("ZED-F9P: the first NAV-DOP is gpsd's first SKY (xdop is eDOP, ydop nDOP); the first NAV-SAT its first sky view")
    func dopsAndSky() throws {
        let messages = try Self.messages(of: "ublox-zed-f9p-hp.log")
        let dopPayload = try #require(messages.first { $0.id == .navDOP }).payload
        let dop = try dopPayload.withUnsafeBytes { try NAVDOP(UBXMessage(id: .navDOP, payload: $0)) }
        let sky = try #require(try Self.reports("SKY", of: "ublox-zed-f9p-hp.log").first)
        let pairs: [(Double?, String)] = [
            (dop.gdop, "gdop"), (dop.pdop, "pdop"), (dop.tdop, "tdop"), (dop.vdop, "vdop"), (dop.hdop, "hdop"),
            (dop.edop, "xdop"), (dop.ndop, "ydop"),
        ]
        for (ours, key) in pairs { #expect(abs((ours ?? .nan) - (sky[key] as? Double ?? .nan)) < 1e-9, "\(key)") }

        let satPayload = try #require(messages.first { $0.id == .navSAT }).payload
        let view = try #require(try Self.reports("SKY", of: "ublox-zed-f9p-hp.log").first { $0["satellites"] != nil })
        let theirs = try #require(view["satellites"] as? [[String: Any]])
        try satPayload.withUnsafeBytes { bytes in
            let sat = try NAVSAT(UBXMessage(id: .navSAT, payload: bytes))
            #expect(sat.count == theirs.count && sat.count == 45)
            for (ours, gpsd) in zip(sat, theirs) {
                #expect(ours.satellite.gpsdPRN == gpsd["PRN"] as? Int)
                #expect(ours.svId == gpsd["svid"] as? Int && Int(ours.constellation.rawValue) == gpsd["gnssid"] as? Int)
                #expect(Double(ours.carrierToNoise) == gpsd["ss"] as? Double)
                #expect(ours.elevation.map(Double.init) == gpsd["el"] as? Double)
                #expect(ours.azimuth.map(Double.init) == gpsd["az"] as? Double)
                #expect(abs(ours.pseudorangeResidual - (gpsd["prRes"] as? Double ?? .nan)) < 1e-9)
                #expect(ours.isUsed == gpsd["used"] as? Bool && Int(ours.quality.rawValue) == gpsd["qual"] as? Int)
            }
        }
    }

    @Test("X20P: the first NAV-SIG gives gpsd's sky view of 113 signals: ids, C/N0, residual, quality, health")
    func signals() throws {
        let sigPayload = try #require(try Self.messages(of: "ublox-x20p.log").first { $0.id == .navSIG }).payload
        let view = try #require(try Self.reports("SKY", of: "ublox-x20p.log").first { ($0["satellites"] as? [Any])?.count == 113 })
        let theirs = try #require(view["satellites"] as? [[String: Any]])
        try sigPayload.withUnsafeBytes { bytes in
            let sig = try NAVSIG(UBXMessage(id: .navSIG, payload: bytes))
            #expect(sig.count == 113)
            for (ours, gpsd) in zip(sig, theirs) {
                #expect(ours.satellite.gpsdPRN == gpsd["PRN"] as? Int && ours.svId == gpsd["svid"] as? Int)
                #expect(ours.signalID == gpsd["sigid"] as? Int ?? 0)
                #expect(Double(ours.carrierToNoise) == gpsd["ss"] as? Double)
                #expect(abs(ours.pseudorangeResidual - (gpsd["prRes"] as? Double ?? .nan)) < 1e-9)
                #expect(Int(ours.quality.rawValue) == gpsd["qual"] as? Int)
                #expect(ours.isHealthy.map { $0 ? 1 : 2 } ?? 0 == gpsd["health"] as? Int ?? 0)
            }
        }
    }

    @Test("GR-701W: NAV-SOL's ECEF gives the TPV's lat, lon and altHAE; NAV-SVINFO gives the first SKY's satellites")
    func olderGeneration() throws {
        let messages = try Self.messages(of: "navisys-gr701w.log")
        let tpvs = try Self.reports("TPV", of: "navisys-gr701w.log")
        var compared = 0
        for (id, payload) in messages where id == .navSOL {
            let sol = try payload.withUnsafeBytes { try NAVSOL(UBXMessage(id: .navSOL, payload: $0)) }
            let sameECEF = { (tpv: [String: Any]) in
                [("ecefx", sol.position.x), ("ecefy", sol.position.y), ("ecefz", sol.position.z)].allSatisfy { key, value in
                    abs((tpv[key] as? Double ?? 0) - value) < 0.005
                }
            }
            guard let tpv = tpvs.first(where: sameECEF) else { continue }
            let geodetic = sol.position.geodetic
            #expect(abs(geodetic.latitude - (tpv["lat"] as? Double ?? .nan)) < 1e-9)
            #expect(abs(geodetic.longitude - (tpv["lon"] as? Double ?? .nan)) < 1e-8)
            #expect(abs(geodetic.heightAboveEllipsoid - (tpv["altHAE"] as? Double ?? .nan)) < 1e-4)
            compared += 1
        }
        #expect(compared >= 50)

        let svinfoPayload = try #require(messages.first { $0.id == .navSVINFO }).payload
        let view = try #require(try Self.reports("SKY", of: "navisys-gr701w.log").first { $0["satellites"] != nil })
        let theirs = try #require(view["satellites"] as? [[String: Any]])
        try svinfoPayload.withUnsafeBytes { bytes in
            let svinfo = try NAVSVINFO(UBXMessage(id: .navSVINFO, payload: bytes))
            let known = svinfo.filter { $0.satellite != nil }
            #expect(known.count == theirs.count && known.count == 20)
            for (ours, gpsd) in zip(known, theirs) {
                #expect(ours.satellite?.gpsdPRN == gpsd["PRN"] as? Int)
                #expect(ours.satellite?.ubloxSVID == gpsd["svid"] as? Int)
                #expect(Double(ours.carrierToNoise) == gpsd["ss"] as? Double)
                #expect(ours.elevation.map(Double.init) == gpsd["el"] as? Double)
                #expect(ours.azimuth.map(Double.init) == gpsd["az"] as? Double)
                #expect(ours.isUsed == gpsd["used"] as? Bool && Int(ours.quality.rawValue) == gpsd["qual"] as? Int)
                #expect((ours.isUnhealthy ? 2 : 1) == gpsd["health"] as? Int)
            }
        }
    }

    @Test("NEO-M8U: the first HNR-PVT is gpsd's first TPV; AEK-4T's first INF-NOTICE is u-blox's banner")
    func highRateAndInformation() throws {
        let hnrPayload = try #require(try Self.messages(of: "ublox-neo-m8u-hnr.log").first { $0.id == .hnrPVT }).payload
        let pvt = try hnrPayload.withUnsafeBytes { try HNRPVT(UBXMessage(id: .hnrPVT, payload: $0)) }
        let tpv = try #require(try Self.reports("TPV", of: "ublox-neo-m8u-hnr.log").first)
        #expect(tpv["time"] as? String == Self.time(pvt.year, pvt.month, pvt.day, pvt.hour, pvt.minute, pvt.second) + ".800Z")
        #expect(pvt.nanosecond / 1_000_000 == 800)
        #expect(abs(pvt.latitude - (tpv["lat"] as? Double ?? .nan)) < 1e-9)
        #expect(abs(pvt.longitude - (tpv["lon"] as? Double ?? .nan)) < 1e-9)
        #expect(abs(pvt.heightAboveMeanSeaLevel - (tpv["altMSL"] as? Double ?? .nan)) < 1e-6)

        let notice = try #require(try Self.messages(of: "ublox-aek-4t.log").first { $0.id == .infNOTICE })
        let information = try notice.payload.withUnsafeBytes { try UBXInformation(UBXMessage(id: notice.id, payload: $0)) }
        #expect(information.level == .notice && information.text == "u-blox ag - www.u-blox.com")
    }
}
