import GNSS
import Testing
import UBX

@Suite("NAV-POSECEF and NAV-VELECEF")
struct NAVECEFTests {
    /// iTOW, three I4 and a U4, little-endian.
    static func payload(_ iTOW: UInt32, _ values: (Int32, Int32, Int32), accuracy: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        for word in [iTOW, UInt32(bitPattern: values.0), UInt32(bitPattern: values.1), UInt32(bitPattern: values.2), accuracy] {
            withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
        }
        return bytes
    }

    @Test("The position is metres from centimetres, as gpsd writes ecefx, ecefy, ecefz and ecefpAcc")
    func position() throws {
        // ublox-zed-f9p-hp.log's first epoch, as gpsd master's TPV gives it.
        let bytes = Self.payload(253_179_000, (-438_712_123, 73_414_186, -455_580_169), accuracy: 1927)
        let position = try bytes.withUnsafeBytes { try NAVPOSECEF(UBXMessage(id: .navPOSECEF, payload: $0)) }
        #expect(position.iTOW == 253_179_000)
        #expect(abs(position.position.x - -4_387_121.23) < 1e-6)
        #expect(abs(position.position.y - 734_141.86) < 1e-6)
        #expect(abs(position.position.z - -4_555_801.69) < 1e-6)
        #expect(abs(position.positionAccuracy - 19.27) < 1e-9)
    }

    @Test("The velocity is metres per second from cm/s")
    func velocity() throws {
        let bytes = Self.payload(1000, (-24, -3, 19), accuracy: 105)
        let velocity = try bytes.withUnsafeBytes { try NAVVELECEF(UBXMessage(id: .navVELECEF, payload: $0)) }
        #expect(velocity.velocity == ECEF(x: -0.24, y: -0.03, z: 0.19))
        #expect(abs(velocity.speedAccuracy - 1.05) < 1e-9)
    }

    @Test("Fewer than 20 bytes are refused, naming the message")
    func short() {
        _ = Self.payload(0, (0, 0, 0), accuracy: 0).prefix(19).withUnsafeBytes { bytes in
            #expect(throws: UBXError.payloadLength(.navVELECEF, expected: 20, actual: 19)) { try NAVVELECEF(UBXMessage(id: .navVELECEF, payload: bytes)) }
        }
    }
}
