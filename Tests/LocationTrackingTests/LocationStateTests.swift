import Foundation
@testable import LocationTracking
import Testing
import TestSupport

/// `LocationState`: what the flow says about the position, driven by the provider's epochs,
/// errors and authorization, and by the manager's clock for `.lost`. The clock is a manual
/// one: nothing here sleeps.
@MainActor
@Suite("Location state")
struct LocationStateTests {
    private let noFix = Fix.notReal[1].fix  // GGA quality 0: an epoch without a fix

    private func stateHarness(
        status: AuthorizationStatus = .authorizedWhenInUse, mode: TrackingMode = .continuous
    ) -> (Harness, StateScreen) {
        let screen = StateScreen()
        return (Harness(status: status, mode: mode, screen: screen), screen)
    }

    @Test("idle until tracking begins; acquiring once updates run, also through epochs without a fix")
    func acquiring() async {
        let (harness, screen) = stateHarness()
        #expect(harness.manager.state == .idle)
        await harness.startUpdating()
        #expect(harness.manager.state == .acquiring(satellitesInView: nil))

        harness.provider.report(noFix)
        await harness.quiesce()
        #expect(harness.manager.state == .acquiring(satellitesInView: nil))
        #expect(screen.states == [.acquiring(satellitesInView: nil)], "an unchanged state is not told again")
    }

    @Test("while acquiring, the state counts the satellites of the last sky view")
    func satellitesInView() async {
        let (harness, _) = stateHarness()
        await harness.startUpdating()
        let sky = SatelliteView(satellites: (1...7).map { Satellite(constellation: .gps, id: $0, isUsed: false) })
        harness.provider.report(sky)
        await harness.quiesce()
        #expect(harness.manager.state == .acquiring(satellitesInView: 7))
        #expect(harness.manager.satellites == sky)
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.manager.state == .located(Fix.berlin), "a fix ends acquiring")
    }

    @Test("acquiring → located → lost → located")
    func lostAndFound() async throws {
        let (harness, screen) = stateHarness()
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.manager.state == .located(Fix.berlin))

        // Epochs without a fix do not make a fix stale; only the timeout does.
        harness.provider.report(noFix)
        await harness.quiesce()
        #expect(harness.manager.state == .located(Fix.berlin))

        await eventually("the lost deadline is set") { harness.clock.pendingDeadlines == [.seconds(3)] }
        harness.clock.advance(by: .milliseconds(2999))
        await settle()
        #expect(harness.manager.state == .located(Fix.berlin))
        harness.clock.advance(by: .milliseconds(1))
        let since = try #require(Fix.berlin.timestamp)
        await eventually("the fix is lost") { harness.manager.state == .lost(last: Fix.berlin, since: since) }
        #expect(harness.manager.currentLocation == Fix.berlin, "the last good fix stays current")

        await harness.deliver(Fix.paris, untilScreenHolds: 2)
        #expect(harness.manager.state == .located(Fix.paris))
        #expect(screen.states == [
            .acquiring(satellitesInView: nil), .located(Fix.berlin),
            .lost(last: Fix.berlin, since: since), .located(Fix.paris),
        ])
    }

    @Test("a newer fix moves the lost deadline; the timeout is 3 epoch intervals, at least the minimum")
    func lostTimeoutFollowsTheEpochInterval() async {
        let (harness, _) = stateHarness()
        await harness.startUpdating()
        #expect(harness.manager.lostTimeout == .seconds(3))
        for fix in [Fix.berlin, Fix.paris, Fix.quito] {
            await harness.deliver(fix, untilScreenHolds: harness.screen.received.count + 1)
            harness.clock.advance(by: .seconds(2))
        }
        #expect(harness.manager.lostTimeout == .seconds(6))
        // The last fix came at 4 s: lost at 10 s, not at 7 s (3 s after the fix).
        harness.clock.advance(by: .seconds(3))
        await settle()
        #expect(harness.manager.state == .located(Fix.quito))
        harness.clock.advance(by: .seconds(1))
        await eventually("the fix is lost") {
            if case .lost(last: Fix.quito, _) = harness.manager.state { true } else { false }
        }
    }

    @Test("located → failed on unplug, failed → acquiring on replug")
    func unplugAndReplug() async {
        let (harness, screen) = stateHarness()
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)

        harness.provider.fail(with: Unplugged())
        await harness.quiesce()
        #expect(harness.manager.state == .failed(Unplugged()))
        #expect(harness.manager.lostTimer == nil, "no fix to lose, no deadline to watch")

        harness.provider.report(noFix)  // the receiver is back, without a fix yet
        await harness.quiesce()
        #expect(harness.manager.state == .acquiring(satellitesInView: nil))
        await harness.deliver(Fix.paris, untilScreenHolds: 2)
        #expect(screen.states == [
            .acquiring(satellitesInView: nil), .located(Fix.berlin), .failed(Unplugged()),
            .acquiring(satellitesInView: nil), .located(Fix.paris),
        ])
    }

    @Test("waiting for access while asked or refused; acquiring when access is granted")
    func waitingForAccess() async {
        let (harness, screen) = stateHarness(status: .notDetermined)
        await harness.start()
        #expect(harness.manager.state == .waitingForAccess(.notDetermined))
        harness.provider.changeAuthorization(to: .denied)
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }
        #expect(harness.manager.state == .waitingForAccess(.denied))

        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await eventually("updates start") { harness.provider.calls.contains(.startUpdatingLocation) }
        #expect(harness.manager.state == .acquiring(satellitesInView: nil))
        #expect(screen.states == [
            .waitingForAccess(.notDetermined), .waitingForAccess(.denied), .acquiring(satellitesInView: nil),
        ])
    }

    @Test("stopping makes the state idle again")
    func stopping() async {
        let (harness, _) = stateHarness()
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        harness.screen.stopTrackingLocation()
        #expect(harness.manager.state == .idle)
    }

    @Test("a finished one-shot stays located: no updates run, so no fix is expected to be lost")
    func oneShotStaysLocated() async {
        let (harness, _) = stateHarness(mode: .oneShot)
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
        harness.clock.advance(by: .seconds(60))
        await settle()
        #expect(harness.manager.state == .located(Fix.berlin))
    }

    @Test("the age of currentLocation is measured by the manager's clock")
    func age() async {
        let (harness, _) = stateHarness()
        #expect(harness.manager.currentLocationAge == nil)
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.manager.currentLocationAge == .zero)
        harness.clock.advance(by: .milliseconds(2500))
        #expect(harness.manager.currentLocationAge == .milliseconds(2500))
    }

    @Test("states yields the current state first, then each change")
    func statesSequence() async {
        let (harness, _) = stateHarness()
        let states = harness.manager.states
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        var seen: [LocationState] = []
        for await state in states {
            seen.append(state)
            if seen.count == 3 { break }
        }
        #expect(seen == [.idle, .acquiring(satellitesInView: nil), .located(Fix.berlin)])
    }

    @Test("failures are equal when their errors are: by == when Equatable, else by type and description")
    func failureEquality() {
        struct Opaque: Error { let code: Int }
        #expect(LocationState.failed(Unplugged()) == .failed(Unplugged()))
        #expect(LocationState.failed(Opaque(code: 1)) == .failed(Opaque(code: 1)))
        #expect(LocationState.failed(Opaque(code: 1)) != .failed(Opaque(code: 2)))
        #expect(LocationState.failed(Unplugged()) != .failed(Opaque(code: 1)))
        #expect(LocationState.failed(Unplugged()) != .idle)
    }
}
