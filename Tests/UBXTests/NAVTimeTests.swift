import Testing
import UBX

@Suite("NAV-TIMEUTC, NAV-TIMEGPS and NAV-EOE")
struct NAVTimeTests {
    static func timeUTC(valid: UInt8) -> TestPayload {
        var payload = TestPayload(count: 20)
        payload.put(345_618_000, at: 0, size: 4)
        payload.put(21, at: 4, size: 4)
        payload.put(-4_321, at: 8, size: 4)
        payload.put(2019, at: 12, size: 2)
        payload.bytes[14...18] = [4, 23, 0, 0, 0]
        payload.bytes[19] = valid
        return payload
    }

    @Test("NAV-TIMEUTC: the date, the time, nanoseconds that may be negative, and the three validity flags")
    func timeUTC() throws {
        let time = try Self.timeUTC(valid: 0x37).message(.navTIMEUTC) { try NAVTIMEUTC($0) }
        #expect(time.iTOW == 345_618_000)
        #expect(abs(time.timeAccuracy - 21e-9) < 1e-18)
        #expect(time.nanosecond == -4_321)
        #expect((time.year, time.month, time.day, time.hour, time.minute, time.second) == (2019, 4, 23, 0, 0, 0))
        #expect(time.validTimeOfWeek && time.validWeekNumber && time.validUTC)
        #expect(time.utcStandard == 3)
    }

    @Test("NAV-TIMEUTC before the leap seconds are known: the week and time of week valid, UTC not")
    func timeUTCNotYetValid() throws {
        let time = try Self.timeUTC(valid: 0x03).message(.navTIMEUTC) { try NAVTIMEUTC($0) }
        #expect(time.validTimeOfWeek && time.validWeekNumber && !time.validUTC)
        #expect(throws: UBXError.payloadLength(.navTIMEUTC, expected: 20, actual: 19)) {
            try Self.timeUTC(valid: 0).message(.navTIMEUTC, count: 19) { try NAVTIMEUTC($0) }
        }
    }

    static func timeGPS(valid: UInt8) -> TestPayload {
        var payload = TestPayload(count: 16)
        payload.put(345_618_000, at: 0, size: 4)
        payload.put(-123_456, at: 4, size: 4)
        payload.put(2050, at: 8, size: 2)
        payload.put(18, at: 10, size: 1)
        payload.bytes[11] = valid
        payload.put(35, at: 12, size: 4)
        return payload
    }

    @Test("NAV-TIMEGPS: time of week to the nanosecond, week and leap seconds, each only where flagged valid")
    func timeGPS() throws {
        let time = try Self.timeGPS(valid: 0x07).message(.navTIMEGPS) { try NAVTIMEGPS($0) }
        #expect(time.iTOW == 345_618_000)
        #expect(time.fractionalTimeOfWeek == -123_456)
        #expect(abs(try #require(time.timeOfWeek) - 345_617.999_876_544) < 1e-9)
        #expect(time.week == 2050)
        #expect(time.leapSeconds == 18)
        #expect(abs(time.timeAccuracy - 35e-9) < 1e-18)
        let early = try Self.timeGPS(valid: 0x01).message(.navTIMEGPS) { try NAVTIMEGPS($0) }
        #expect(early.timeOfWeek != nil && early.week == nil && early.leapSeconds == nil)
        let none = try Self.timeGPS(valid: 0).message(.navTIMEGPS) { try NAVTIMEGPS($0) }
        #expect(none.timeOfWeek == nil && none.iTOW == 345_618_000)
        #expect(throws: UBXError.payloadLength(.navTIMEGPS, expected: 16, actual: 15)) {
            try Self.timeGPS(valid: 0).message(.navTIMEGPS, count: 15) { try NAVTIMEGPS($0) }
        }
    }

    @Test("NAV-EOE: the iTOW of the epoch it closes")
    func endOfEpoch() throws {
        var payload = TestPayload(count: 4)
        payload.put(345_618_000, at: 0, size: 4)
        #expect(try payload.message(.navEOE) { try NAVEOE($0) }.iTOW == 345_618_000)
        #expect(throws: UBXError.payloadLength(.navEOE, expected: 4, actual: 3)) {
            try payload.message(.navEOE, count: 3) { try NAVEOE($0) }
        }
    }
}
