import GPSReader
import MQTT

/// An output of the pipeline that publishes each valid fix to MQTT: the epochs of any source
/// (a device, a capture, a gpsd) become messages on `topic`, queued in a
/// `StoreAndForwardPublisher`, which sends them in order whenever the broker is there. The
/// sink itself never waits: a broker outage costs the pipeline nothing, and fixes queue up to
/// the publisher's bound.
public final class FleetPublisherSink: ReceiverSink {
    /// Where fixes go.
    public let topic: FleetTopic
    /// The publisher the sink queues into; its owner starts and finishes it.
    public let publisher: StoreAndForwardPublisher
    private var device: String?
    private var sequence = 0

    /// A sink queuing into `publisher`.
    public init(topic: FleetTopic, publisher: StoreAndForwardPublisher) {
        self.topic = topic
        self.publisher = publisher
    }

    /// How many fixes it has queued.
    public var fixesQueued: Int { sequence }

    /// Queues the fix of each epoch that has a valid one.
    public func receive(_ event: ReceiverEvent) {
        switch event {
        case .opened(let path, _):
            device = path
        case .epoch(let epoch):
            guard let location = epoch.location, location.isValidFix else { return }
            publisher.publish(topic.message(for: location, device: device, sequence: sequence))
            sequence += 1
        default:
            break
        }
    }
}
