import Testing
import NMEA

/// Decoding VTG, course over ground and ground speed, in both its forms.
@Suite struct VTGTests {
    @Test func decodesTheLetteredForm() throws {
        let vtg = try VTG(parsing: "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48")
        #expect(vtg == VTG(courseTrueDegrees: 54.7, courseMagneticDegrees: 34.4, speedKnots: 5.5,
                           speedKilometersPerHour: 10.2))
        #expect(abs(vtg.speedMetersPerSecond! - 5.5 * 1852 / 3600) < 1e-12)
    }

    @Test func decodesTheNMEA23Mode() throws {
        let vtg = try VTG(parsing: "$GPVTG,188.36,T,,M,0.820,N,1.519,K,A*3F")
        #expect(vtg == VTG(courseTrueDegrees: 188.36, speedKnots: 0.82, speedKilometersPerHour: 1.519, mode: .autonomous))
        #expect(try VTG(parsing: "$GNVTG,,,,,,,,,N*2E") == VTG(mode: .notValid))
    }

    @Test func decodesTheOldFormWithoutLetters() throws {
        let vtg = try VTG(parsing: checksummed("GPVTG,054.7,034.4,005.5,010.2"))
        #expect(vtg == VTG(courseTrueDegrees: 54.7, courseMagneticDegrees: 34.4, speedKnots: 5.5,
                           speedKilometersPerHour: 10.2))
    }

    @Test func aSentenceCutAfterTheKnotsHasNoKilometresPerHour() throws {
        let vtg = try VTG(parsing: "$GPVTG,,T,,M,0.00,N*1B")
        #expect(vtg == VTG(speedKnots: 0))
    }

    @Test func aWrongUnitLetterMakesItsValueNil() throws {
        let vtg = try VTG(parsing: checksummed("GPVTG,054.7,X,034.4,M,005.5,K,010.2,K,A"))
        #expect(vtg.courseTrueDegrees == nil && vtg.speedKnots == nil)
        #expect(vtg.courseMagneticDegrees == 34.4 && vtg.speedKilometersPerHour == 10.2 && vtg.mode == .autonomous)
        #expect(vtg.malformedFields.description == "[2, 6]")
    }

    @Test func aModeOfTwoLettersRejectsTheSentence() {
        #expect(throws: NMEAError.invalidField(.mode)) { try VTG(parsing: checksummed("GPVTG,,T,,M,,N,,K,AD")) }
    }
}
