import Foundation
import GNSS
import TestSupport
import Testing
import UBX

/// gpsd's u-blox regression logs (`../shared/corpus/gpsd-ubx`): every frame decodes, and the
/// values agree with what gpsd master made of the same frames (`NAME.log.chk`).
@Suite("gpsd's u-blox logs", .enabled(if: UBXLogFrames.corpusLogs != nil, "\(SharedMaterial.missingMessage)"))
struct CorpusTests {
    /// The messages of `log` (a name in the corpus), decoded from its checksum-valid frames.
    static func messages(of log: String) throws -> [(id: UBXMessageID, payload: [UInt8])] {
        let url = try #require(SharedMaterial.ubxLogs).appendingPathComponent(log)
        return UBXLogFrames.frames(in: [UInt8](try Data(contentsOf: url))).map { frame in
            (UBXMessageID(frame[2], frame[3]), Array(frame[6..<frame.count - 2]))
        }
    }

    /// gpsd's JSON objects of class `kind` in `log`'s `.chk`.
    static func reports(_ kind: String, of log: String) throws -> [[String: Any]] {
        let url = try #require(SharedMaterial.ubxLogs).appendingPathComponent(log + ".chk")
        // Bytes, not Characters: the NMEA lines end in CR LF, one Character that no "\n" matches.
        return try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.first == UInt8(ascii: "{") else { return nil }
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            return object?["class"] as? String == kind ? object : nil
        }
    }

    /// Decodes `message` with the decoder for its id, reading every block; its name, or `nil`
    /// for a message this module has no decoder for.
    static func decode(_ message: UBXMessage) throws(UBXError) -> String? {
        switch message.id {
        case .navPVT: _ = try NAVPVT(message)
        case .navHPPOSLLH: _ = try NAVHPPOSLLH(message)
        case .navDOP: _ = try NAVDOP(message)
        case .navTIMEUTC: _ = try NAVTIMEUTC(message)
        case .navEOE: _ = try NAVEOE(message)
        case .navSAT: _ = Array(try NAVSAT(message))
        case .navSIG: _ = Array(try NAVSIG(message))
        case .navSOL: _ = try NAVSOL(message)
        case .navPOSLLH: _ = try NAVPOSLLH(message)
        case .navVELNED: _ = try NAVVELNED(message)
        case .navTIMEGPS: _ = try NAVTIMEGPS(message)
        case .navSVINFO: _ = Array(try NAVSVINFO(message))
        case .hnrPVT: _ = try HNRPVT(message)
        case .navEELL: _ = try NAVEELL(message)
        case .navHPPOSECEF: _ = try NAVHPPOSECEF(message)
        case _ where message.id.messageClass == 0x04: _ = try UBXInformation(message)
        default: return nil
        }
        return message.id.messageClass == 0x04 ? "INF" : message.id.description
    }

    @Test("Every UBX frame of every log decodes with the decoder for its id: as many of each as MANIFEST.md counts")
    func everyFrameDecodes() throws {
        var decoded: [String: Int] = [:]
        for log in try #require(UBXLogFrames.corpusLogs) {
            for (id, payload) in try Self.messages(of: log.lastPathComponent) {
                let name = try payload.withUnsafeBytes { bytes in try Self.decode(UBXMessage(id: id, payload: bytes)) }
                if let name { decoded[name, default: 0] += 1 }
            }
        }
        #expect(decoded == [
            "NAV-PVT": 127, "NAV-HPPOSLLH": 29, "NAV-DOP": 225, "NAV-TIMEUTC": 36, "NAV-EOE": 87, "NAV-SAT": 75,
            "NAV-SIG": 35, "NAV-SOL": 124, "NAV-VELNED": 4, "NAV-TIMEGPS": 277, "NAV-SVINFO": 84, "HNR-PVT": 201, "INF": 8,
            "NAV-EELL": 23, "NAV-HPPOSECEF": 29,
        ])
    }
}
