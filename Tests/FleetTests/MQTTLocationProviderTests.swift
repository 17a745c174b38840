import Fleet
import GPSReader
import LocationTracking
import MQTT
import Testing
import TestSupport

/// `MQTTLocationProvider` against the suite's mosquitto: a topic followed as a receiver is.
extension TopicSourceTests {
    @Test("MQTTLocationProvider: the subscription is access, each position a fix, and the provider reporting them is the MQTTLocationProvider itself")
    func followsTopic() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let car = MQTTLocationProvider(broker: address(broker), filter: "fleet/car")
        let delegate = Reports()
        car.delegate = delegate
        #expect(car.authorizationStatus == .notDetermined)
        car.startUpdatingLocation()
        #expect(await delegate.events.wait(until: { $0.statuses.contains(.authorizedWhenInUse) }, deadline: .now + .seconds(30)))
        #expect(car.authorizationStatus == .authorizedWhenInUse)
        try await broker.publish("fleet/car", payload: Self.fix)
        #expect(await delegate.events.wait(until: { !$0.latitudes.isEmpty }, deadline: .now + .seconds(30)))
        #expect(delegate.events.value.latitudes.map(Int.init) == [48])
        #expect(delegate.events.value.reportedBySelf.allSatisfy { $0 } && delegate.events.value.reportedBySelf.count == 2)
        await car.shutDown()
        await broker.stop()
    }
}

/// What the provider reported, and whether each report named the `MQTTLocationProvider`.
private final class Reports: LocationProviderDelegate {
    struct Events: Sendable {
        var statuses: [AuthorizationStatus] = []
        var latitudes: [Double] = []
        var reportedBySelf: [Bool] = []
    }

    let events = WatchedState(Events())

    func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location]) {
        events.update {
            $0.latitudes += locations.map(\.coordinate.latitude)
            $0.reportedBySelf.append(provider is MQTTLocationProvider)
        }
    }

    func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus) {
        events.update {
            $0.statuses.append(status)
            $0.reportedBySelf.append(provider is MQTTLocationProvider)
        }
    }

    func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {}
}
