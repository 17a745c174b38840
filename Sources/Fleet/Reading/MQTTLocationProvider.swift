import GPSReader
import MQTT

/// A `LocationProvider` over an MQTT topic a fleet's trackers publish to, so a screen follows a
/// vehicle as it follows a receiver. It reads an `MQTTTopicSource` through the pipeline's
/// `NMEALocationProvider` and reports as itself (`PipelineLocationProvider`). States:
/// `.waitingForAccess` until the broker accepts the subscription, `.located` with each fix,
/// `.lost` once no fix came for the lost timeout (the publisher fell silent, or its last will
/// arrived), `.failed` with the broker's `MQTTError` (bad credentials, not authorised, away),
/// tried again every `recheckInterval`.
///
/// ```swift
/// let car = MQTTLocationProvider(broker: BrokerAddress(host: "broker.local"), filter: "owntracks/alice/car")
/// let manager = AppLocationManager(provider: car, screen: screen, trackingMode: .continuous)
/// ```
public final class MQTTLocationProvider: PipelineLocationProvider {
    /// The topic read.
    public let source: MQTTTopicSource

    /// The pipeline's provider that reads `source`, reporting as this one.
    public let reader: NMEALocationProvider

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
        reader.report(as: self)
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
