import Testing
import UBX

@Suite("NAV-HPPOSLLH")
struct NAVHPPOSLLHTests {
    /// A ZED-F9P's NAV-HPPOSLLH near Dunedin (ublox-zed-f9p-hp.log), rebuilt field by field.
    static func payload(invalid: Bool = false, version: UInt8 = 0) -> TestPayload {
        var payload = TestPayload(count: 36)
        payload.bytes[0] = version
        payload.bytes[3] = invalid ? 0x01 : 0
        payload.put(345_600_000, at: 4, size: 4)
        payload.put(1_705_001_248, at: 8, size: 4)
        payload.put(-458_775_915, at: 12, size: 4)
        payload.put(58_123, at: 16, size: 4)
        payload.put(45_678, at: 20, size: 4)
        payload.put(33, at: 24, size: 1)
        payload.put(-7, at: 25, size: 1)
        payload.put(4, at: 26, size: 1)
        payload.put(-9, at: 27, size: 1)
        payload.put(141, at: 28, size: 4)
        payload.put(102, at: 32, size: 4)
        return payload
    }

    @Test("Latitude and longitude add the 1e-9° part, heights the 0.1 mm part; accuracies are in 0.1 mm")
    func highPrecisionParts() throws {
        let hp = try Self.payload().message(.navHPPOSLLH) { try NAVHPPOSLLH($0) }
        #expect(hp.iTOW == 345_600_000)
        #expect(abs(try #require(hp.longitude) - 170.500124833) < 1e-12)
        #expect(abs(try #require(hp.latitude) - -45.877591507) < 1e-12)
        #expect(abs(try #require(hp.heightAboveEllipsoid) - 58.1234) < 1e-9)
        #expect(abs(try #require(hp.heightAboveMeanSeaLevel) - 45.6771) < 1e-9)
        #expect(abs(hp.horizontalAccuracy - 0.0141) < 1e-12)
        #expect(abs(hp.verticalAccuracy - 0.0102) < 1e-12)
        #expect(!hp.invalidPosition)
    }

    @Test("invalidLlh leaves the position and heights nil, the accuracies and time still read")
    func invalidPosition() throws {
        let hp = try Self.payload(invalid: true).message(.navHPPOSLLH) { try NAVHPPOSLLH($0) }
        #expect(hp.invalidPosition)
        #expect(hp.latitude == nil && hp.longitude == nil)
        #expect(hp.heightAboveEllipsoid == nil && hp.heightAboveMeanSeaLevel == nil)
        #expect(hp.iTOW == 345_600_000 && abs(hp.horizontalAccuracy - 0.0141) < 1e-12)
    }

    @Test("Only version 0 is read; 35 bytes are refused")
    func versionAndLength() {
        #expect(throws: UBXError.unsupportedVersion(.navHPPOSLLH, version: 1)) {
            try Self.payload(version: 1).message(.navHPPOSLLH) { try NAVHPPOSLLH($0) }
        }
        #expect(throws: UBXError.payloadLength(.navHPPOSLLH, expected: 36, actual: 35)) {
            try Self.payload().message(.navHPPOSLLH, count: 35) { try NAVHPPOSLLH($0) }
        }
        #expect(throws: UBXError.unexpectedMessage(.navPOSLLH)) {
            try Self.payload().message(.navPOSLLH) { try NAVHPPOSLLH($0) }
        }
    }
}
