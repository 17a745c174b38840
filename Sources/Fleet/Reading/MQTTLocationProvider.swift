import GPSReader
import LocationTracking
import Locking
import MQTT

/// A `LocationProvider` over an MQTT topic a fleet's trackers publish to, so a screen follows a
/// vehicle as it follows a receiver. It reads an `MQTTTopicSource` through the pipeline's
/// `NMEALocationProvider` and reports as itself. States: `.waitingForAccess` until the broker
/// accepts the subscription, `.located` with each fix, `.lost` once no fix came for the lost
/// timeout (the publisher fell silent, or its last will arrived), `.failed` with the broker's
/// `MQTTError` (bad credentials, not authorised, away), tried again every `recheckInterval`.
///
/// ```swift
/// let car = MQTTLocationProvider(broker: BrokerAddress(host: "broker.local"), filter: "owntracks/alice/car")
/// let manager = AppLocationManager(provider: car, screen: screen, trackingMode: .continuous)
/// ```
public final class MQTTLocationProvider: LocationProvider {
    /// The topic read.
    public let source: MQTTTopicSource

    /// The pipeline's provider that reads `source`; its delegate is `relay`.
    private let reader: NMEALocationProvider
    private let relay: Relay

    /// A provider reading the topic `filter` at `broker`; nothing connects until
    /// `requestWhenInUseAuthorization()` or `startUpdatingLocation()`.
    ///
    /// - Parameters:
    ///   - broker: The broker's address.
    ///   - filter: A topic, or a filter with `+` and `#` wildcards.
    ///   - credentials: User name and password, if the broker wants them.
    ///   - recheckInterval: The wait between attempts; 2 seconds by default.
    public convenience init(
        broker: BrokerAddress, filter: String, credentials: (username: String, password: String)? = nil,
        recheckInterval: Duration = .seconds(2)
    ) {
        self.init(
            source: MQTTTopicSource(broker: broker, filter: filter, credentials: credentials, recheckInterval: recheckInterval))
    }

    /// A provider reading `source` (its client id, timeouts and waits as given); nothing
    /// connects until `requestWhenInUseAuthorization()` or `startUpdatingLocation()`.
    ///
    /// - Parameter source: The topic.
    public init(source: MQTTTopicSource) {
        self.source = source
        reader = NMEALocationProvider(receiver: source, recheckInterval: source.recheckInterval)
        relay = Relay()
        relay.provider = self
        reader.delegate = relay
    }

    /// The current authorization: `.authorizedWhenInUse` once the broker has accepted the
    /// subscription; reading it never blocks.
    public var authorizationStatus: AuthorizationStatus { reader.authorizationStatus }

    /// The receiver of fixes, authorization changes and errors; held weakly.
    public var delegate: (any LocationProviderDelegate)? {
        get { relay.delegate }
        set { relay.delegate = newValue }
    }

    /// Connects and subscribes (once now, then every `recheckInterval` until the broker
    /// accepts) and reports the answer through the delegate.
    public func requestWhenInUseAuthorization() { reader.requestWhenInUseAuthorization() }

    /// Starts following the topic, reporting a fix per position published on it.
    public func startUpdatingLocation() { reader.startUpdatingLocation() }

    /// Stops following the topic; calling it when not following does nothing.
    public func stopUpdatingLocation() { reader.stopUpdatingLocation() }

    /// Stops following and the access checks, and returns once both have ended (the
    /// connection closed), as `NMEALocationProvider.shutDown()`.
    public func shutDown() async { await reader.shutDown() }

    /// Tells the delegate what the reader reports, with this provider as the one reporting.
    private final class Relay: LocationProviderDelegate {
        private struct Targets {
            weak var provider: MQTTLocationProvider?
            weak var delegate: (any LocationProviderDelegate)?
        }

        private let targets = LockedState(Targets())

        var provider: MQTTLocationProvider? {
            get { targets.withLock { $0.provider } }
            set { targets.withLock { $0.provider = newValue } }
        }

        var delegate: (any LocationProviderDelegate)? {
            get { targets.withLock { $0.delegate } }
            set { targets.withLock { $0.delegate = newValue } }
        }

        private var reporting: (provider: MQTTLocationProvider, delegate: any LocationProviderDelegate)? {
            targets.withLock { targets in
                guard let provider = targets.provider, let delegate = targets.delegate else { return nil }
                return (provider, delegate)
            }
        }

        func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location]) {
            guard let reporting else { return }
            reporting.delegate.locationProvider(reporting.provider, didUpdateLocations: locations)
        }

        func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus) {
            guard let reporting else { return }
            reporting.delegate.locationProvider(reporting.provider, didChangeAuthorization: status)
        }

        func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {
            guard let reporting else { return }
            reporting.delegate.locationProvider(reporting.provider, didFailWithError: error)
        }

        func locationProvider(_ provider: any LocationProvider, didUpdateSatellites view: SatelliteView) {
            guard let reporting else { return }
            reporting.delegate.locationProvider(reporting.provider, didUpdateSatellites: view)
        }
    }
}

extension NMEALocationProvider {
    /// A provider reading the topic `filter` at `broker`: `MQTTLocationProvider` now, a type of
    /// its own.
    ///
    /// - Parameters:
    ///   - broker: The broker's address.
    ///   - filter: A topic, or a filter with `+` and `#` wildcards.
    ///   - credentials: User name and password, if the broker wants them.
    ///   - recheckInterval: The wait between attempts; 2 seconds by default.
    @available(*, deprecated, message: "use MQTTLocationProvider(broker:filter:credentials:recheckInterval:)")
    public convenience init(
        broker: BrokerAddress, filter: String, credentials: (username: String, password: String)? = nil,
        recheckInterval: Duration = .seconds(2)
    ) {
        self.init(
            receiver: MQTTTopicSource(broker: broker, filter: filter, credentials: credentials, recheckInterval: recheckInterval),
            recheckInterval: recheckInterval)
    }
}
