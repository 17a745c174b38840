import Testing
import UBX

@Suite("NAV-SOL")
struct NAVSOLTests {
    /// A NAV-SOL of a receiver near Seattle: ECEF of 47.6062° N, 122.3321° W, 56 m.
    static func payload(flags: UInt8 = 0x0F, pdop: Int64 = 156) -> TestPayload {
        var payload = TestPayload(count: 52)
        payload.put(417_000, at: 0, size: 4)
        payload.put(-250_000, at: 4, size: 4)
        payload.put(2050, at: 8, size: 2)
        payload.bytes[10] = 3
        payload.bytes[11] = flags
        payload.put(-230_413_308, at: 12, size: 4)
        payload.put(-364_026_113, at: 16, size: 4)
        payload.put(468_750_805, at: 20, size: 4)
        payload.put(512, at: 24, size: 4)
        payload.put(-12, at: 28, size: 4)
        payload.put(34, at: 32, size: 4)
        payload.put(-5, at: 36, size: 4)
        payload.put(41, at: 40, size: 4)
        payload.put(pdop, at: 44, size: 2)
        payload.bytes[47] = 9
        return payload
    }

    @Test("ECEF position and velocity in metres from centimetres, time and fix by their flags")
    func everyField() throws {
        let sol = try Self.payload().message(.navSOL) { try NAVSOL($0) }
        #expect(sol.iTOW == 417_000 && sol.fractionalTimeOfWeek == -250_000)
        #expect(abs(try #require(sol.timeOfWeek) - 416.999_75) < 1e-9)
        #expect(sol.week == 2050)
        #expect(sol.fixType == .threeDimensional && sol.gpsFixOK && sol.differentialSolution)
        #expect(abs(sol.position.x - -2_304_133.08) < 1e-6)
        #expect(abs(sol.position.y - -3_640_261.13) < 1e-6)
        #expect(abs(sol.position.z - 4_687_508.05) < 1e-6)
        #expect(abs(sol.positionAccuracy - 5.12) < 1e-9)
        #expect(abs(sol.velocity.x - -0.12) < 1e-9 && abs(sol.velocity.y - 0.34) < 1e-9 && abs(sol.velocity.z - -0.05) < 1e-9)
        #expect(abs(sol.speedAccuracy - 0.41) < 1e-9)
        #expect(sol.pdop.map { abs($0 - 1.56) < 1e-9 } == true)
        #expect(sol.satellitesUsed == 9)
    }

    @Test("The geodetic position is the ECEF converted, as gpsd's TPV gives it")
    func geodetic() throws {
        let position = try Self.payload().message(.navSOL) { try NAVSOL($0) }.position.geodetic
        #expect(abs(position.latitude - 47.6062) < 1e-6)
        #expect(abs(position.longitude - -122.3321) < 1e-6)
        #expect(abs(position.heightAboveEllipsoid - 56) < 0.01)
    }

    @Test("Without WKNSET and TOWSET the week and time of week are nil; without GPSfixOK the fix is not to be used")
    func flags() throws {
        let sol = try Self.payload(flags: 0, pdop: 9999).message(.navSOL) { try NAVSOL($0) }
        #expect(sol.week == nil && sol.timeOfWeek == nil)
        #expect(!sol.gpsFixOK && !sol.differentialSolution)
        #expect(sol.pdop == nil)
        #expect(throws: UBXError.payloadLength(.navSOL, expected: 52, actual: 51)) {
            try Self.payload().message(.navSOL, count: 51) { try NAVSOL($0) }
        }
    }
}
