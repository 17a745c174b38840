@testable import LocationTracking
import Testing
import TestSupport

/// Delivery under load: one call to the screen at a time, the newest fix wins, and nothing
/// queues without bound however fast the provider reports.
@MainActor
@Suite("Delivery under load")
struct DeliveryTests {
    /// A screen whose every call waits until the test opens the gate, counting calls in flight.
    private final class SlowScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
        var manager: AppLocationManager?
        private(set) var received: [Location] = []
        private(set) var callsInFlight = 0
        private(set) var mostCallsInFlight = 0
        private var gate: [CheckedContinuation<Void, Never>] = []
        let router: any Router = RecordingRouter()
        var locationManager: any LocationManager { manager! }

        func handleLocationUpdate(_ location: Location) async {
            callsInFlight += 1
            mostCallsInFlight = max(mostCallsInFlight, callsInFlight)
            received.append(location)
            await withCheckedContinuation { gate.append($0) }
            callsInFlight -= 1
        }

        func handleLocationUpdate(lat: Double, lng: Double) async {}

        /// Lets the call that waits return.
        func finishCall() {
            gate.removeFirst().resume()
        }

        var isWaiting: Bool { !gate.isEmpty }
    }

    private func slowScreen() -> (SlowScreen, MockLocationProvider) {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        let screen = SlowScreen()
        screen.manager = AppLocationManager(
            provider: provider, screen: screen, trackingMode: .continuous, startDelay: .zero, clock: ManualClock())
        return (screen, provider)
    }

    @Test("a slow screen is never re-entered; when its call returns it gets the newest fix")
    func slowScreenIsNotReentered() async {
        let (screen, provider) = slowScreen()
        screen.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }

        provider.report(Fix.berlin)
        await eventually("the first call runs") { screen.isWaiting }
        for fix in [Fix.paris, Fix.quito, Fix.north(of: Fix.quito, by: 500)] {
            provider.report(fix)
            await eventually("the manager takes the fix") { screen.manager!.inbox.count == 0 }
        }
        await settle()
        #expect(screen.received == [Fix.berlin], "no second call while the first runs")

        screen.finishCall()
        await eventually("the next call runs") { screen.received.count == 2 }
        #expect(screen.received.last == Fix.north(of: Fix.quito, by: 500), "the newest fix, the others skipped")
        screen.finishCall()
        await eventually("no call waits") { screen.manager!.screenDelivery == nil }
        #expect(screen.received.count == 2)
        #expect(screen.mostCallsInFlight == 1)
    }

    @Test("fixes keep their order: a skipped fix is never delivered late")
    func order() async {
        let (screen, provider) = slowScreen()
        screen.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }
        let fixes = (1...200).map { Fix.at(Double($0) / 10, 10) }
        let reader = Task.detached {
            for fix in fixes { provider.report(fix) }
        }
        while screen.received.last != fixes.last {
            await eventually("a call runs") { screen.isWaiting || screen.received.last == fixes.last }
            if screen.isWaiting { screen.finishCall() }
        }
        await reader.value
        let latitudes = screen.received.map(\.coordinate.latitude)
        #expect(zip(latitudes, latitudes.dropFirst()).allSatisfy { $0 < $1 })
        #expect(screen.mostCallsInFlight == 1)
    }

    @Test("a thousand fixes reported while the main actor is busy leave one event waiting")
    func inboxStaysBounded() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        let fixes = (1...1000).map { Fix.at(Double($0) / 100, 10) }
        // The test holds the main actor: the manager cannot drain the inbox meanwhile.
        for fix in fixes { harness.provider.report(fix) }
        #expect(harness.manager.inbox.count == 1)

        await eventually("the newest fix arrives") { harness.screen.received.last == fixes.last?.coordinate }
        #expect(harness.screen.received.count == 1, "the fixes in between were superseded")
    }

    @Test("an authorization change and an error are kept in order between superseded fixes")
    func kindsKeepTheirOrder() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        harness.provider.report(Fix.berlin)
        harness.provider.fail(with: Unplugged())
        harness.provider.report(Fix.paris)
        #expect(harness.manager.inbox.count == 2, "the error, then the newest fix")
        await harness.quiesce()
        #expect(harness.screen.received == [Fix.paris.coordinate])
        #expect(harness.manager.state == .located(Fix.paris), "the fix came after the error")
    }

    @Test("a locations sequence nobody reads holds the 16 newest fixes")
    func locationsBuffersTheNewest() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        let locations = harness.manager.locations
        await harness.startUpdating()
        let fixes = (1...40).map { Fix.at(Double($0) / 10, 10) }
        for fix in fixes {
            harness.provider.report(fix)
            await harness.quiesce()
        }
        var seen: [Location] = []
        for await location in locations {
            seen.append(location)
            if location == fixes.last { break }
        }
        #expect(seen == Array(fixes.suffix(16)))
    }
}

/// The device went away.
struct Unplugged: Error, Equatable {}
