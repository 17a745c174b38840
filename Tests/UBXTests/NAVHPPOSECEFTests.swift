import Testing
import UBX

@Suite("NAV-HPPOSECEF")
struct NAVHPPOSECEFTests {
    static func payload(version: Int64 = 0, x: (Int64, Int64), y: (Int64, Int64), z: (Int64, Int64), flags: Int64 = 0, accuracy: Int64)
        -> TestPayload {
        var payload = TestPayload(count: 28)
        payload.put(version, at: 0, size: 1)
        payload.put(336_781_000, at: 4, size: 4)
        for (index, (centimetres, highPrecision)) in [x, y, z].enumerated() {
            payload.put(centimetres, at: 8 + 4 * index, size: 4)
            payload.put(highPrecision, at: 20 + index, size: 1)
        }
        payload.put(flags, at: 23, size: 1)
        payload.put(accuracy, at: 24, size: 4)
        return payload
    }

    @Test("Each coordinate is centimetres plus 0.1 mm (signed), the accuracy 0.1 mm: metres to 0.1 mm, as gpsd master writes ecefx and ecefpAcc")
    func position() throws {
        // ublox-zed-f9p-hp: gpsd master's ecefy 734141.2747 and ecefpAcc 19.3573.
        let position = try Self.payload(x: (-274_324_612, -3), y: (73_414_127, 47), z: (100, -50), accuracy: 193_573)
            .message(.navHPPOSECEF) { try NAVHPPOSECEF($0) }
        #expect(position.iTOW == 336_781_000)
        #expect(position.position?.x == -2_743_246.1203)
        #expect(position.position?.y == 734_141.2747)
        #expect(position.position?.z == 0.995)
        #expect(position.positionAccuracy == 19.3573)
    }

    @Test("invalidEcef (flags bit 0) leaves no position")
    func invalid() throws {
        let position = try Self.payload(x: (1, 0), y: (1, 0), z: (1, 0), flags: 1, accuracy: 0).message(.navHPPOSECEF) { try NAVHPPOSECEF($0) }
        #expect(position.position == nil)
    }

    @Test("27 bytes are refused, and a version other than 0")
    func refused() {
        #expect(throws: UBXError.payloadLength(.navHPPOSECEF, expected: 28, actual: 27)) {
            try Self.payload(x: (0, 0), y: (0, 0), z: (0, 0), accuracy: 0).message(.navHPPOSECEF, count: 27) { try NAVHPPOSECEF($0) }
        }
        #expect(throws: UBXError.unsupportedVersion(.navHPPOSECEF, version: 1)) {
            try Self.payload(version: 1, x: (0, 0), y: (0, 0), z: (0, 0), accuracy: 0).message(.navHPPOSECEF) { try NAVHPPOSECEF($0) }
        }
    }
}
