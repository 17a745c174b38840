import Testing
import NMEA

/// Decoding GST, pseudorange error statistics, and HDT, true heading.
@Suite struct GSTTests {
    @Test func decodesTheStandardExample() throws {
        let gst = try GST(parsing: "$GPGST,024603.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0*58")
        #expect(gst == GST(time: UTCTime(hour: 2, minute: 46, second: 3), rangeRMS: 3.2, semiMajorDeviation: 6.6,
                           semiMinorDeviation: 4.7, orientationDegrees: 47.3, latitudeDeviation: 5.8,
                           longitudeDeviation: 5.6, altitudeDeviation: 22))
    }

    @Test func aMalformedDeviationIsNil() throws {
        let gst = try GST(parsing: checksummed("GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,x,0.031"))
        #expect(gst.longitudeDeviation == nil && gst.altitudeDeviation == 0.031)
        #expect(gst.malformedFields.contains(7))
    }

    @Test func decodesTrueHeading() throws {
        #expect(try HDT(parsing: "$GNHDT,244.28,T*13").headingDegrees == 244.28)
        #expect(try HDT(parsing: checksummed("GNHDT,244.28,M")) == HDT(malformedFields: FieldNumbers(rawValue: 0b10)))
    }
}
