import Foundation
import LocationTracking
import Testing

/// `Heading`: from the heading sensor (HDT) when there is one, else from the course over
/// ground above a speed; magnetic when the variation is known.
@Suite("Heading")
struct HeadingTests {
    private static func fix(course: Double?, speed: Double?, heading: Double? = nil, variation: Double? = nil) -> Location {
        Location(coordinate: Coordinate(latitude: 54.3, longitude: 10.1), speed: speed, course: course, heading: heading,
                 magneticVariation: variation, timestamp: Date(timeIntervalSince1970: 1_764_420_000))
    }

    @Test("the sensor's heading wins over the course, moving or not")
    func sensorWins() throws {
        let moored = try #require(Heading(Self.fix(course: nil, speed: 0, heading: 271.5)))
        #expect(moored.trueHeading == 271.5)
        #expect(moored.source == .headingSensor)
        let crabbing = try #require(Heading(Self.fix(course: 250, speed: 4, heading: 271.5)))
        #expect(crabbing.trueHeading == 271.5, "a boat in a current points elsewhere than it goes")
        #expect(crabbing.timestamp == Date(timeIntervalSince1970: 1_764_420_000))
    }

    @Test("without a sensor, the course over ground from 1 m/s; below it, or without speed, no heading")
    func courseAboveSpeed() throws {
        #expect(Heading.minimumCourseSpeed == 1)
        let moving = try #require(Heading(Self.fix(course: 84.4, speed: 1.0)))
        #expect(moving.trueHeading == 84.4)
        #expect(moving.source == .courseOverGround)
        #expect(Heading(Self.fix(course: 84.4, speed: 0.99)) == nil)
        #expect(Heading(Self.fix(course: 84.4, speed: nil)) == nil)
        #expect(Heading(Self.fix(course: nil, speed: 12)) == nil)
        #expect(Heading(Self.fix(course: 84.4, speed: 0.6), minimumCourseSpeed: 0.5)?.trueHeading == 84.4)
    }

    @Test("magnetic heading is true heading minus the variation (east positive), within 0..<360; unknown without it")
    func magnetic() throws {
        #expect(try #require(Heading(Self.fix(course: nil, speed: 0, heading: 10, variation: 3.1))).magneticHeading == 6.9)
        #expect(try #require(Heading(Self.fix(course: nil, speed: 0, heading: 2, variation: 3))).magneticHeading == 359)
        #expect(try #require(Heading(Self.fix(course: nil, speed: 0, heading: 358, variation: -4))).magneticHeading == 2)
        #expect(try #require(Heading(Self.fix(course: 90, speed: 5, variation: -3.1))).magneticHeading == 93.1)
        #expect(try #require(Heading(Self.fix(course: 90, speed: 5))).magneticHeading == nil)
    }

    @Test("degrees are brought into 0..<360")
    func normalized() {
        #expect(Heading(trueHeading: 360, source: .headingSensor).trueHeading == 0)
        #expect(Heading(trueHeading: -90, source: .headingSensor).trueHeading == 270)
        #expect(Heading(trueHeading: 725, source: .headingSensor).trueHeading == 5)
    }
}
