import FoundationEssentials
import GPSD
import LocationTracking
import MQTT

/// Where and how a receiver's fixes are published: the topic, the format, whether the last one
/// is retained, and the tracker id OwnTracks shows.
public struct FleetTopic: Sendable, Hashable {
    /// The topic, such as `owntracks/alice/car` (no wildcards).
    public var topic: String
    /// OwnTracks JSON (default) or gpsd's TPV.
    public var format: FleetPayloadFormat
    /// Whether the broker keeps the newest fix for readers that subscribe later.
    public var retain: Bool
    /// OwnTracks' `tid`: two characters; by default the topic's last level's first two.
    public var trackerID: String

    /// A topic.
    public init(_ topic: String, format: FleetPayloadFormat = .ownTracks, retain: Bool = false, trackerID: String? = nil) {
        self.topic = topic
        self.format = format
        self.retain = retain
        let last = topic.split(separator: "/").last.map(String.init) ?? topic
        self.trackerID = trackerID ?? String(last.prefix(2))
    }

    /// The message for fix number `sequence` of a receiver named `device`, queued at `now`.
    public func message(for location: Location, device: String?, sequence: Int, now: Date = Date()) -> MQTTMessage {
        let payload: [UInt8]
        switch format {
        case .ownTracks:
            payload = OwnTracksLocation(
                location: location, trackerID: trackerID, sequence: sequence,
                sentMilliseconds: Int((now.timeIntervalSince1970 * 1000).rounded())
            ).json()
        case .gpsd:
            var writer = GPSDJSONWriter(capacity: 512)
            writer.write(TPV(location, device: device))
            payload = Array(writer.bytes.dropLast(2))
        }
        return MQTTMessage(topic: topic, payload: payload, qos: .atLeastOnce, retain: retain)
    }

    /// The last will for a connection made at `connected`: OwnTracks' `lwt` (for both formats,
    /// so every reader learns the publisher went away), QoS 1, not retained.
    public func will(connectedAt connected: Date = Date()) -> MQTTMessage {
        MQTTMessage(topic: topic, payload: OwnTracksWill.json(connectedAt: connected), qos: .atLeastOnce, retain: false)
    }
}
