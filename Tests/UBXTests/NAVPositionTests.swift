import Testing
import UBX

@Suite("NAV-POSLLH and NAV-VELNED")
struct NAVPositionTests {
    @Test("NAV-POSLLH: degrees from 1e-7°, metres from millimetres")
    func positionLLH() throws {
        var payload = TestPayload(count: 28)
        payload.put(417_000, at: 0, size: 4)
        payload.put(-1_220_861_234, at: 4, size: 4)
        payload.put(374_179_876, at: 8, size: 4)
        payload.put(11_123, at: 12, size: 4)
        payload.put(-40_987, at: 16, size: 4)
        payload.put(2_500, at: 20, size: 4)
        payload.put(3_700, at: 24, size: 4)
        let position = try payload.message(.navPOSLLH) { try NAVPOSLLH($0) }
        #expect(position.iTOW == 417_000)
        #expect(abs(position.longitude - -122.0861234) < 1e-12)
        #expect(abs(position.latitude - 37.4179876) < 1e-12)
        #expect(abs(position.heightAboveEllipsoid - 11.123) < 1e-9)
        #expect(abs(position.heightAboveMeanSeaLevel - -40.987) < 1e-9)
        #expect(abs(position.horizontalAccuracy - 2.5) < 1e-9 && abs(position.verticalAccuracy - 3.7) < 1e-9)
        #expect(throws: UBXError.payloadLength(.navPOSLLH, expected: 28, actual: 27)) {
            try payload.message(.navPOSLLH, count: 27) { try NAVPOSLLH($0) }
        }
    }

    @Test("NAV-VELNED: metres per second from cm/s, degrees from 1e-5°")
    func velocityNED() throws {
        var payload = TestPayload(count: 36)
        payload.put(417_000, at: 0, size: 4)
        payload.put(-1_234, at: 4, size: 4)
        payload.put(567, at: 8, size: 4)
        payload.put(-89, at: 12, size: 4)
        payload.put(1_361, at: 16, size: 4)
        payload.put(1_358, at: 20, size: 4)
        payload.put(15_532_100, at: 24, size: 4)
        payload.put(45, at: 28, size: 4)
        payload.put(1_234_567, at: 32, size: 4)
        let velocity = try payload.message(.navVELNED) { try NAVVELNED($0) }
        #expect(velocity.iTOW == 417_000)
        #expect(abs(velocity.velocityNorth - -12.34) < 1e-9)
        #expect(abs(velocity.velocityEast - 5.67) < 1e-9)
        #expect(abs(velocity.velocityDown - -0.89) < 1e-9)
        #expect(abs(velocity.speed - 13.61) < 1e-9 && abs(velocity.groundSpeed - 13.58) < 1e-9)
        #expect(abs(velocity.heading - 155.321) < 1e-9)
        #expect(abs(velocity.speedAccuracy - 0.45) < 1e-9)
        #expect(abs(velocity.headingAccuracy - 12.34567) < 1e-9)
        #expect(throws: UBXError.payloadLength(.navVELNED, expected: 36, actual: 35)) {
            try payload.message(.navVELNED, count: 35) { try NAVVELNED($0) }
        }
    }
}
