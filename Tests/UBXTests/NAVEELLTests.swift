import Testing
import UBX

@Suite("NAV-EELL")
struct NAVEELLTests {
    static func payload(version: Int64 = 0, orientation: Int64, major: Int64, minor: Int64) -> TestPayload {
        var payload = TestPayload(count: 16)
        payload.put(55_911_000, at: 0, size: 4)
        payload.put(version, at: 4, size: 1)
        payload.put(orientation, at: 6, size: 2)
        payload.put(major, at: 8, size: 4)
        payload.put(minor, at: 12, size: 4)
        return payload
    }

    @Test("The orientation in 0.01° from true north, the semi-major and semi-minor axes in millimetres")
    func ellipse() throws {
        // ublox-neo-m8l's first NAV-EELL, as gpsd master writes it: errEllOr 23.88, errEllMaj 9.788, errEllMin 8.152.
        let ellipse = try Self.payload(orientation: 2388, major: 9788, minor: 8152).message(.navEELL) { try NAVEELL($0) }
        #expect(ellipse.iTOW == 55_911_000)
        #expect(ellipse.orientation == 23.88)
        #expect(ellipse.semiMajorAxis == 9.788)
        #expect(ellipse.semiMinorAxis == 8.152)
    }

    @Test("The largest orientation is 655.35°: the field's 16 bits, not checked against 360 (gpsd writes it as sent)")
    func largestOrientation() throws {
        let ellipse = try Self.payload(orientation: 65535, major: 0, minor: 0).message(.navEELL) { try NAVEELL($0) }
        #expect(ellipse.orientation == 655.35)
    }

    @Test("15 bytes are refused, and a version other than 0")
    func refused() {
        #expect(throws: UBXError.payloadLength(.navEELL, expected: 16, actual: 15)) {
            try Self.payload(orientation: 0, major: 0, minor: 0).message(.navEELL, count: 15) { try NAVEELL($0) }
        }
        #expect(throws: UBXError.unsupportedVersion(.navEELL, version: 1)) {
            try Self.payload(version: 1, orientation: 0, major: 0, minor: 0).message(.navEELL) { try NAVEELL($0) }
        }
    }
}
