import Foundation
import LocationTracking
import Testing
import TestSupport

/// The authorization switch: what each status makes the manager do, on which router.
@MainActor
@Suite("Authorization")
struct AuthorizationFlowTests {
    @Test("not determined: asks the provider, then acts on its answer")
    func notDeterminedAsksThenStartsWhenGranted() async {
        let harness = Harness(status: .notDetermined)
        await harness.start()
        await eventually("the manager asks") { harness.provider.calls == [.requestWhenInUseAuthorization] }

        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await eventually("updates start") {
            harness.provider.calls == [.requestWhenInUseAuthorization, .startUpdatingLocation]
        }
        #expect(harness.screen.mainRouter.routes.isEmpty)
    }

    @Test("a provider that answers from inside the request is followed all the same")
    func answerFromInsideTheRequest() async {
        let provider = MockLocationProvider(status: .notDetermined, answeringRequestWith: .authorizedWhenInUse)
        let screen = PlainScreen()
        screen.manager = AppLocationManager(provider: provider, screen: screen, startDelay: .zero, clock: ManualClock())
        screen.startTrackingLocation()
        await eventually("updates start") {
            provider.calls == [.requestWhenInUseAuthorization, .startUpdatingLocation]
        }
    }

    @Test("not determined, then refused: shows the restriction")
    func notDeterminedThenDeniedShowsRestriction() async {
        let harness = Harness(status: .notDetermined)
        await harness.start()
        harness.provider.changeAuthorization(to: .denied)
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }
        #expect(harness.provider.calls == [.requestWhenInUseAuthorization])
    }

    @Test("denied or restricted: the restriction on the main router, with the screen's defaults",
          arguments: [AuthorizationStatus.denied, .restricted])
    func blockedShowsDefaultRestrictionOnMainRouter(status: AuthorizationStatus) async {
        let harness = Harness(status: status)
        await harness.start()
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }
        #expect(harness.screen.mainRouter.routes
            == [.locationRestricted(nested: false, title: nil, subtitle: nil, shouldBlock: false)])
        #expect(harness.provider.calls.isEmpty)
    }

    @Test("authorized when in use or always: starts updates, shows nothing",
          arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func authorizedStartsUpdates(status: AuthorizationStatus) async {
        let harness = Harness(status: status)
        await harness.startUpdating()
        #expect(harness.provider.calls == [.startUpdatingLocation])
        #expect(harness.screen.mainRouter.routes.isEmpty)
    }

    @Test("a nested router is preferred, with nested: true and the screen's overrides")
    func nestedRouterFirst() async {
        let screen = ConfiguredScreen(withNestedRouter: true)
        let harness = Harness(status: .denied, screen: screen)
        await harness.start()
        await eventually("the restriction shows") { screen.ownRouter?.routes.isEmpty == false }
        #expect(screen.ownRouter?.routes == [.locationRestricted(
            nested: true, title: "Location is off", subtitle: "Join the dialout group to use the GPS.",
            shouldBlock: true)])
        #expect(screen.mainRouter.routes.isEmpty)
    }

    @Test("without a nested router the main router shows the overrides, with nested: false")
    func mainRouterWithOverrides() async {
        let screen = ConfiguredScreen(withNestedRouter: false)
        let harness = Harness(status: .restricted, screen: screen)
        await harness.start()
        await eventually("the restriction shows") { !screen.mainRouter.routes.isEmpty }
        #expect(screen.mainRouter.routes == [.locationRestricted(
            nested: false, title: "Location is off", subtitle: "Join the dialout group to use the GPS.",
            shouldBlock: true)])
    }

    @Test("access granted while the restriction shows: updates start, fixes flow, no restart")
    func recoversFromDeniedToAuthorized() async {
        let harness = Harness(status: .denied)
        await harness.start()
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }

        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await eventually("updates start") { harness.provider.calls == [.startUpdatingLocation] }
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.screen.received == [Fix.berlin.coordinate])
        #expect(harness.screen.mainRouter.routes.count == 1)
    }

    @Test("access revoked while updating: updates stop and the restriction shows")
    func revocationStopsUpdates() async {
        let harness = Harness(status: .authorizedAlways, mode: .continuous)
        await harness.startUpdating()
        harness.provider.changeAuthorization(to: .denied)
        await eventually("the restriction shows") { !harness.screen.mainRouter.routes.isEmpty }
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
    }

    @Test("a change that means the same access neither stacks restrictions nor restarts updates")
    func equivalentStatusIsNotAChange() async {
        let harness = Harness(status: .denied)
        let routes = { harness.screen.mainRouter.routes.count }
        await harness.start()
        await eventually("the restriction shows") { routes() == 1 }

        harness.provider.changeAuthorization(to: .restricted)
        await settle()
        #expect(routes() == 1)

        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await eventually("updates start") { harness.provider.calls == [.startUpdatingLocation] }
        harness.provider.changeAuthorization(to: .authorizedAlways)
        await settle()
        #expect(harness.provider.calls == [.startUpdatingLocation])

        harness.provider.changeAuthorization(to: .denied)
        await eventually("the second restriction shows") { routes() == 2 }
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
    }

    @Test("a change overtaken by a newer one before the manager got to it is not acted on")
    func overtakenChangeActsOnCurrentStatus() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        harness.provider.changeAuthorization(to: .denied)
        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.screen.mainRouter.routes.isEmpty)
        #expect(harness.provider.calls == [.startUpdatingLocation])
    }

    @Test("callbacks from a provider thread reach the screen in the provider's order, the newest last")
    func callbacksFromAnotherThreadKeepTheirOrder() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        let fixes = (1...50).map { Fix.at(Double($0) / 10, 10) }
        let provider = harness.provider
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let reader = Thread {
                for fix in fixes { provider.report(fix) }
                done.resume()
            }
            reader.start()
        }
        await eventually("the newest fix arrives") { harness.screen.received.last == fixes.last?.coordinate }
        // Fixes that came while the main actor was busy were skipped; none is out of order.
        let latitudes = harness.screen.received.map(\.latitude)
        #expect(zip(latitudes, latitudes.dropFirst()).allSatisfy { $0 < $1 })
    }
}
