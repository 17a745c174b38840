import Testing
import UBX

@Suite("HNR-PVT")
struct HNRPVTTests {
    /// A NEO-M8U's HNR-PVT, rebuilt field by field.
    static func payload(flags: UInt8 = 0x2F) -> TestPayload {
        var payload = TestPayload(count: 72)
        payload.put(345_600_100, at: 0, size: 4)
        payload.put(2019, at: 4, size: 2)
        payload.bytes[6...11] = [8, 20, 18, 39, 42, 0x07]
        payload.put(100_000_000, at: 12, size: 4)
        payload.bytes[16] = 4
        payload.bytes[17] = flags
        payload.put(-1_220_861_234, at: 20, size: 4)
        payload.put(374_179_876, at: 24, size: 4)
        payload.put(11_123, at: 28, size: 4)
        payload.put(40_987, at: 32, size: 4)
        payload.put(13_580, at: 36, size: 4)
        payload.put(13_610, at: 40, size: 4)
        payload.put(15_532_100, at: 44, size: 4)
        payload.put(15_498_700, at: 48, size: 4)
        payload.put(1_400, at: 52, size: 4)
        payload.put(2_100, at: 56, size: 4)
        payload.put(300, at: 60, size: 4)
        payload.put(250_000, at: 64, size: 4)
        return payload
    }

    @Test("Every field in NAV-PVT's units; its flags are NAV-SOL's, plus the vehicle heading's validity")
    func everyField() throws {
        let pvt = try Self.payload().message(.hnrPVT) { try HNRPVT($0) }
        #expect(pvt.iTOW == 345_600_100)
        #expect((pvt.year, pvt.month, pvt.day, pvt.hour, pvt.minute, pvt.second) == (2019, 8, 20, 18, 39, 42))
        #expect(pvt.validDate && pvt.validTime && pvt.fullyResolved)
        #expect(pvt.nanosecond == 100_000_000)
        #expect(pvt.fixType == .gnssWithDeadReckoning)
        #expect(pvt.gpsFixOK && pvt.differentialSolution && pvt.weekSet && pvt.timeOfWeekSet)
        #expect(abs(pvt.longitude - -122.0861234) < 1e-12 && abs(pvt.latitude - 37.4179876) < 1e-12)
        #expect(abs(pvt.heightAboveEllipsoid - 11.123) < 1e-9 && abs(pvt.heightAboveMeanSeaLevel - 40.987) < 1e-9)
        #expect(abs(pvt.groundSpeed - 13.58) < 1e-9 && abs(pvt.speed - 13.61) < 1e-9)
        #expect(abs(pvt.headingOfMotion - 155.321) < 1e-9)
        #expect(pvt.headingOfVehicle.map { abs($0 - 154.987) < 1e-9 } == true)
        #expect(abs(pvt.horizontalAccuracy - 1.4) < 1e-9 && abs(pvt.verticalAccuracy - 2.1) < 1e-9)
        #expect(abs(pvt.speedAccuracy - 0.3) < 1e-9 && abs(pvt.headingAccuracy - 2.5) < 1e-9)
    }

    @Test("The vehicle's heading is nil unless headVehValid; 71 bytes are refused")
    func vehicleHeading() throws {
        let pvt = try Self.payload(flags: 0x0F).message(.hnrPVT) { try HNRPVT($0) }
        #expect(pvt.headingOfVehicle == nil)
        #expect(throws: UBXError.payloadLength(.hnrPVT, expected: 72, actual: 71)) {
            try Self.payload().message(.hnrPVT, count: 71) { try HNRPVT($0) }
        }
        #expect(UBXMessageID.hnrPVT.description == "HNR-PVT")
    }
}
