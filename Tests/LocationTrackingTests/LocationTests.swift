import Foundation
import GNSS
import LocationTracking
import Testing

/// `Location` as a GPS fix: absent values stay absent, derived values are right.
@Suite("Location")
struct LocationTests {
    @Test("values the receiver did not give are nil, not zero")
    func absentValuesAreNil() {
        let fix = Location(coordinate: Coordinate(latitude: 52.5, longitude: 13.4))
        #expect(fix.altitude == nil)
        #expect(fix.geoidSeparation == nil)
        #expect(fix.ellipsoidalAltitude == nil)
        #expect(fix.speed == nil)
        #expect(fix.course == nil)
        #expect(fix.timestamp == nil)
        #expect(fix.quality == nil)
        #expect(fix.mode == nil)
        #expect(fix.status == nil)
        #expect(fix.positioningMode == nil)
        #expect(fix.satellitesUsed == nil)
        #expect(fix.hdop == nil)
        #expect(fix.horizontalAccuracy == nil)
        #expect(fix.isValidFix)
    }

    @Test("ellipsoidal altitude is MSL altitude plus geoid separation, when both are known")
    func ellipsoidalAltitude() {
        let coordinate = Coordinate(latitude: 48.1, longitude: 11.5)
        let both = Location(coordinate: coordinate, altitude: 545.4, geoidSeparation: 46.9)
        #expect(abs(both.ellipsoidalAltitude! - 592.3) < 1e-9)
        #expect(Location(coordinate: coordinate, altitude: 545.4).ellipsoidalAltitude == nil)
        #expect(Location(coordinate: coordinate, geoidSeparation: 46.9).ellipsoidalAltitude == nil)
    }

    @Test("horizontal accuracy is estimated as HDOP × UERE for the fix quality",
          arguments: [(FixQuality.gps, 7.5), (.pps, 7.5), (.differential, 1.875), (.rtkFixed, 0.02), (.rtkFloat, 0.5)])
    func accuracyEstimate(quality: FixQuality, uere: Double) {
        let fix = Location(coordinate: Coordinate(latitude: 1, longitude: 2), quality: quality, hdop: 1.2)
        #expect(fix.horizontalAccuracy == 1.2 * uere)
    }

    @Test("horizontal accuracy is unknown without HDOP, a usable quality, or a sane HDOP")
    func accuracyUnknown() {
        #expect(Location.estimatedHorizontalAccuracy(hdop: nil, quality: .gps) == nil)
        #expect(Location.estimatedHorizontalAccuracy(hdop: 1, quality: nil) == nil)
        #expect(Location.estimatedHorizontalAccuracy(hdop: 0, quality: .gps) == nil)
        #expect(Location.estimatedHorizontalAccuracy(hdop: .nan, quality: .gps) == nil)
        for quality in [FixQuality.invalid, .deadReckoning, .manualInput, .simulated, FixQuality(rawValue: 9)] {
            #expect(Location.estimatedHorizontalAccuracy(hdop: 1, quality: quality) == nil, "\(quality)")
        }
    }

    @Test("vertical accuracy is estimated as VDOP × vertical UERE, else the provider's figure",
          arguments: [(FixQuality.gps, 11.5), (.differential, 2.875), (.rtkFixed, 0.03), (.rtkFloat, 0.75)])
    func verticalAccuracy(quality: FixQuality, uere: Double) {
        let coordinate = Coordinate(latitude: 1, longitude: 2)
        #expect(Location(coordinate: coordinate, quality: quality, vdop: 1.6).verticalAccuracy == 1.6 * uere)
        #expect(Location(coordinate: coordinate, quality: quality, vdop: 1.6, verticalAccuracy: 0.9).verticalAccuracy == 0.9)
        #expect(Location(coordinate: coordinate, quality: quality).verticalAccuracy == nil)
        #expect(Location(coordinate: coordinate, quality: .simulated, vdop: 1).verticalAccuracy == nil)
    }

    @Test("manual input and simulator positions are not fixes, unless simulated fixes are accepted",
          arguments: [(FixQuality.manualInput, PositioningMode.autonomous), (.simulated, .autonomous),
                      (.gps, .manualInput), (.gps, .simulated)])
    func simulatedFixes(quality: FixQuality, positioningMode: PositioningMode) {
        let fix = Location(
            coordinate: Coordinate(latitude: 48.1, longitude: 11.5), quality: quality, positioningMode: positioningMode)
        #expect(!fix.isValidFix)
        #expect(fix.isValidFix(acceptingSimulated: true))
        #expect(quality.isSimulatedOrManual || positioningMode.isSimulatedOrManual)
        #expect(!quality.hasFix || !positioningMode.hasFix)
    }

    @Test("accepting simulated fixes does not make a no-fix epoch a fix")
    func acceptingSimulatedKeepsOtherRules() {
        let noFix = Location(coordinate: Coordinate(latitude: 48.1, longitude: 11.5), quality: .simulated, status: .invalid)
        #expect(!noFix.isValidFix(acceptingSimulated: true))
        let null = Location(coordinate: Coordinate(latitude: 0, longitude: 0), quality: .simulated)
        #expect(!null.isValidFix(acceptingSimulated: true))
    }

    @Test("a provider's own accuracy figure wins over the estimate")
    func explicitAccuracyWins() {
        let fix = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), quality: .gps, hdop: 2, horizontalAccuracy: 3.1)
        #expect(fix.horizontalAccuracy == 3.1)
    }

    @Test("the null position is exactly (0, 0), not the equator or the meridian")
    func nullPosition() {
        #expect(Coordinate(latitude: 0, longitude: 0).isNullPosition)
        #expect(Coordinate(latitude: -0.0, longitude: 0).isNullPosition)
        #expect(!Coordinate(latitude: 0, longitude: 0.000_001).isNullPosition)
        #expect(!Coordinate(latitude: 0.000_001, longitude: 0).isNullPosition)
    }

    @Test("authorized means when in use or always")
    func authorizedStatuses() {
        #expect(AuthorizationStatus.allCases.filter(\.isAuthorized) == [.authorizedWhenInUse, .authorizedAlways])
    }
}
