import TestSupport
import Testing
import UBX

@Suite("NAV-PVT")
struct NAVPVTTests {
    /// A u-blox 8 NAV-PVT from ublox-zed-f9p-hp.log's first epoch, rebuilt field by field.
    static func payload(carrier: UInt8 = 2, validMagnetic: Bool = false, count: Int = 92) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        func put(_ value: Int64, at offset: Int, size: Int) {
            for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        put(345_600_000, at: 0, size: 4)
        put(2020, at: 4, size: 2)
        bytes[6] = 3; bytes[7] = 14; bytes[8] = 18; bytes[9] = 39; bytes[10] = 42
        bytes[11] = 0x07 | (validMagnetic ? 0x08 : 0)
        put(25, at: 12, size: 4)
        put(-123_456, at: 16, size: 4)
        bytes[20] = 3
        bytes[21] = 0x03 | carrier << 6
        bytes[23] = 28
        put(-1_220_861_234, at: 24, size: 4)
        put(374_179_876, at: 28, size: 4)
        put(11_123, at: 32, size: 4)
        put(40_987, at: 36, size: 4)
        put(14, at: 40, size: 4)
        put(10, at: 44, size: 4)
        put(12, at: 48, size: 4)
        put(-34, at: 52, size: 4)
        put(5, at: 56, size: 4)
        put(36, at: 60, size: 4)
        put(29_012_345, at: 64, size: 4)
        put(80, at: 68, size: 4)
        put(1_234_567, at: 72, size: 4)
        put(132, at: 76, size: 2)
        if count >= 92 { put(-1_234, at: 88, size: 2) }
        return bytes
    }

    @Test("Every field is read in the units the interface description gives")
    func decodesEveryField() throws {
        let pvt = try Self.payload().withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }
        #expect(pvt.iTOW == 345_600_000)
        #expect((pvt.year, pvt.month, pvt.day, pvt.hour, pvt.minute, pvt.second) == (2020, 3, 14, 18, 39, 42))
        #expect(pvt.validDate && pvt.validTime && pvt.fullyResolved)
        #expect(pvt.nanosecond == -123_456)
        #expect(abs(pvt.timeAccuracy - 25e-9) < 1e-15)
        #expect(pvt.fixType == .threeDimensional)
        #expect(pvt.gnssFixOK && pvt.differentialSolution)
        #expect(pvt.carrierSolution == .fixed)
        #expect(pvt.satellitesUsed == 28)
        #expect(abs(pvt.longitude - -122.0861234) < 1e-12)
        #expect(abs(pvt.latitude - 37.4179876) < 1e-12)
        #expect(abs(pvt.heightAboveEllipsoid - 11.123) < 1e-9)
        #expect(abs(pvt.heightAboveMeanSeaLevel - 40.987) < 1e-9)
        #expect(abs(pvt.horizontalAccuracy - 0.014) < 1e-9)
        #expect(abs(pvt.verticalAccuracy - 0.010) < 1e-9)
        #expect(abs(pvt.velocityNorth - 0.012) < 1e-9)
        #expect(abs(pvt.velocityEast - -0.034) < 1e-9)
        #expect(abs(pvt.velocityDown - 0.005) < 1e-9)
        #expect(abs(pvt.groundSpeed - 0.036) < 1e-9)
        #expect(abs(pvt.headingOfMotion - 290.12345) < 1e-9)
        #expect(abs(pvt.speedAccuracy - 0.080) < 1e-9)
        #expect(abs(pvt.headingAccuracy - 12.34567) < 1e-9)
        #expect(abs((pvt.pdop ?? .nan) - 1.32) < 1e-9)
        #expect(pvt.magneticDeclination == nil)
    }

    @Test("A pDOP of 99.99, the receiver's \"no value\" (a timing receiver's time-only fix sends it), is nil, as NAV-DOP's are")
    func unknownPositionDilution() throws {
        var bytes = Self.payload()
        (bytes[76], bytes[77]) = (0x0F, 0x27)  // 9999
        let pvt = try bytes.withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }
        #expect(pvt.pdop == nil)
        (bytes[76], bytes[77]) = (0x0E, 0x27)  // 9998
        #expect(try bytes.withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }.pdop == 99.98)
    }

    @Test("carrSoln gives the RTK state: none, float, fixed")
    func carrierSolution() throws {
        for (bits, state) in [(0, NAVPVT.CarrierSolution.none), (1, .float), (2, .fixed)] {
            let pvt = try Self.payload(carrier: UInt8(bits)).withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }
            #expect(pvt.carrierSolution == state)
        }
    }

    @Test("The magnetic declination is read only where the receiver says it is valid")
    func magneticDeclination() throws {
        let pvt = try Self.payload(validMagnetic: true).withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }
        #expect(pvt.magneticDeclination.map { abs($0 - -12.34) < 1e-9 } == true)
    }

    @Test("u-blox 7's 84-byte NAV-PVT decodes; 83 bytes are refused")
    func lengths() throws {
        let short = try Self.payload(validMagnetic: true, count: 84).withUnsafeBytes { try NAVPVT(UBXMessage(id: .navPVT, payload: $0)) }
        #expect(short.magneticDeclination == nil)
        _ = Self.payload(count: 92).prefix(83).withUnsafeBytes { bytes in
            #expect(throws: UBXError.payloadLength(.navPVT, expected: 84, actual: 83)) { try NAVPVT(UBXMessage(id: .navPVT, payload: bytes)) }
        }
    }
}
