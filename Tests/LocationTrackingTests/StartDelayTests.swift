import LocationTracking
import Testing
import TestSupport

/// The start delay: the screen draws before any prompt or restriction. A manual clock stands in
/// for time, so nothing here sleeps.
@MainActor
@Suite("Start delay")
struct StartDelayTests {
    @Test("by default the flow waits one second, then begins")
    func defaultDelayIsOneSecond() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        let clock = ManualClock()
        let screen = PlainScreen()
        screen.manager = AppLocationManager(provider: provider, screen: screen, clock: clock)
        #expect(screen.manager?.startDelay == .seconds(1))

        screen.startTrackingLocation()
        await eventually("the manager waits") { !clock.pendingDeadlines.isEmpty }
        #expect(clock.pendingDeadlines == [.seconds(1)])

        clock.advance(by: .milliseconds(999))
        #expect(clock.pendingDeadlines == [.seconds(1)])
        #expect(provider.delegate == nil)
        #expect(provider.calls.isEmpty)

        clock.advance(by: .milliseconds(1))
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }
        #expect(provider.delegate === screen.manager)
    }

    @Test("a configured delay is honoured, and nothing is shown before it ends")
    func configuredDelay() async {
        let harness = Harness(status: .denied, startDelay: .seconds(3))
        harness.screen.startTrackingLocation()
        await eventually("the manager waits") { !harness.clock.pendingDeadlines.isEmpty }
        #expect(harness.clock.pendingDeadlines == [.seconds(3)])
        #expect(harness.screen.mainRouter.routes.isEmpty)

        harness.clock.advance(by: .seconds(3))
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }
    }

    @Test("starting again while waiting does not start twice")
    func secondStartIsIgnored() async {
        let harness = Harness(status: .authorizedWhenInUse, startDelay: .seconds(1))
        harness.screen.startTrackingLocation()
        harness.screen.startTrackingLocation()
        await eventually("the manager waits") { !harness.clock.pendingDeadlines.isEmpty }
        await settle()
        #expect(harness.clock.pendingDeadlines == [.seconds(1)])

        harness.clock.advance(by: .seconds(1))
        await eventually("updates start") { harness.provider.calls == [.startUpdatingLocation] }
    }

    @Test("stopping during the delay cancels the flow")
    func stopDuringDelay() async {
        let harness = Harness(status: .authorizedWhenInUse, startDelay: .seconds(1))
        harness.screen.startTrackingLocation()
        await eventually("the manager waits") { !harness.clock.pendingDeadlines.isEmpty }

        harness.screen.stopTrackingLocation()
        await eventually("the wait is cancelled") { harness.clock.pendingDeadlines.isEmpty }
        harness.clock.advance(by: .seconds(5))
        await settle()
        #expect(harness.provider.delegate == nil)
        #expect(harness.provider.calls.isEmpty)
    }

    @Test("startUpdatingLocation when authorized skips the delay")
    func startUpdatingSkipsDelay() {
        let harness = Harness(status: .authorizedAlways, startDelay: .seconds(1))
        harness.screen.startUpdatingLocation()
        #expect(harness.provider.calls == [.startUpdatingLocation])
        #expect(harness.provider.delegate === harness.manager)
        #expect(harness.clock.pendingDeadlines.isEmpty)
    }

    @Test("startUpdatingLocation without authorization warns and does nothing",
          arguments: [AuthorizationStatus.notDetermined, .denied, .restricted])
    func startUpdatingWithoutAuthorization(status: AuthorizationStatus) {
        let harness = Harness(status: status)
        harness.screen.startUpdatingLocation()
        #expect(harness.provider.calls.isEmpty)
        #expect(harness.provider.delegate == nil)
        #expect(harness.logger.entries.map(\.level) == [.warning])
    }
}
