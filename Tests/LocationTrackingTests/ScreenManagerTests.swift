import LocationTracking
import Testing
import TestSupport

/// What a screen reaches through its `locationManager` alone, typed `any LocationManager` as
/// `TrackableLocationScreen` requires: everything it shows, with no `AppLocationManager` kept
/// beside it.
@MainActor
@Suite("The manager a screen holds")
struct ScreenManagerTests {
    private final class SkyScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
        let router: any Router = RecordingRouter()
        let provider: MockLocationProvider
        lazy var locationManager: any LocationManager = AppLocationManager(
            provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero)

        init(provider: MockLocationProvider) { self.provider = provider }
        func handleLocationUpdate(lat: Double, lng: Double) async {}
    }

    private static let sky = SatelliteView(satellites: [
        Satellite(constellation: .gps, id: 5, elevation: 40, azimuth: 120, signalStrength: 44, isUsed: true),
        Satellite(constellation: .galileo, id: 3, elevation: 12, azimuth: 300, signalStrength: 31),
    ])

    @Test("state, satellites, the fix and its age, and the states and locations sequences")
    func everythingThroughTheProtocol() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        let screen = SkyScreen(provider: provider)
        let manager = screen.locationManager
        #expect(manager.state == .idle)
        #expect(manager.satellites == nil)
        #expect(manager.currentLocationAge == nil)

        var states = manager.states.makeAsyncIterator()
        #expect(await states.next() == .idle, "the sequence starts with the state as it is")
        screen.startTrackingLocation()
        #expect(await states.next() == .acquiring(satellitesInView: nil))

        provider.report(Self.sky)
        #expect(await states.next() == .acquiring(satellitesInView: 2))
        #expect(manager.satellites == Self.sky)

        var locations = manager.locations.makeAsyncIterator()
        provider.report(Fix.berlin)
        #expect(await locations.next() == Fix.berlin)
        #expect(manager.state == .located(Fix.berlin))
        #expect(manager.currentLocation == Fix.berlin)
        #expect(manager.currentLocationAge != nil)
        screen.stopTrackingLocation()
    }
}
