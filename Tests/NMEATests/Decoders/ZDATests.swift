import Testing
import NMEA

/// Decoding ZDA, time and date.
@Suite struct ZDATests {
    @Test func decodesTheStandardExample() throws {
        let zda = try ZDA(parsing: "$GPZDA,160012.71,11,03,2004,-1,00*7D")
        #expect(zda == ZDA(time: UTCTime(hour: 16, minute: 0, second: 12, nanosecond: 710_000_000),
                           day: 11, month: 3, year: 2004, localZoneHours: -1, localZoneMinutes: 0))
    }

    @Test func emptyFieldsAreNil() throws {
        #expect(try ZDA(parsing: "$GPZDA,,,,,,*48") == ZDA())
        #expect(try ZDA(parsing: "$GPZDA,234500.00,09,06,1995,-12,45*42").localZoneHours == -12)
    }

    @Test func aMalformedDatePartIsNilAndTheTimeStays() throws {
        let zda = try ZDA(parsing: checksummed("GPZDA,160012.71,32,03,04,+00,00"))
        #expect(zda.time != nil && zda.day == nil && zda.month == 3 && zda.year == nil && zda.localZoneHours == 0)
        #expect(zda.malformedFields.description == "[2, 4]")
    }

    @Test func aMalformedTimeRejectsTheSentence() {
        #expect(throws: NMEAError.invalidField(.time)) { try ZDA(parsing: checksummed("GPZDA,16001,11,03,2004,00,00")) }
    }
}
