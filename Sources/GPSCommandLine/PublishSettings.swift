import POSIXSupport

/// What `gps publish` publishes, where and how.
public struct PublishSettings: Equatable, Sendable {
    /// Where the fixes come from.
    public enum Source: Equatable, Sendable {
        /// A device (`nil`: the one discovery finds) at this speed or detected, or a
        /// `gpsd://` URL.
        case device(FilePath?, baudRate: Int?)
        /// A capture played once at `rate` times real time (0: as fast as possible).
        case replay(file: FilePath, rate: Double)
    }

    /// The payload's format: `owntracks` or `gpsd`.
    public enum Format: String, Equatable, Sendable, CaseIterable, CustomStringConvertible {
        /// OwnTracks' location JSON.
        case ownTracks = "owntracks"
        /// gpsd's TPV.
        case gpsd

        /// The word `--format` takes: `owntracks`, `gpsd`.
        public var description: String { rawValue }
    }

    /// The broker and topic.
    public var url: MQTTURL
    /// The fixes' source.
    public var source: Source
    /// The payload's format.
    public var format: Format
    /// Whether the newest fix is retained by the broker.
    public var retain: Bool
    /// Where the queue is kept on disk, if anywhere.
    public var spoolDirectory: FilePath?
    /// The most fixes held while the broker is away.
    public var queueCapacity: Int
    /// The MQTT client id; `nil` for `gps-` and a hash of the topic and the machine (`FleetTopic.defaultClientID`).
    public var clientID: String?
    /// OwnTracks' two-character tracker id; `nil` for the topic's last level's first two.
    public var trackerID: String?

    /// Settings.
    public init(
        url: MQTTURL, source: Source, format: Format = .ownTracks, retain: Bool = false, spoolDirectory: FilePath? = nil,
        queueCapacity: Int = 10_000, clientID: String? = nil, trackerID: String? = nil
    ) {
        self.url = url
        self.source = source
        self.format = format
        self.retain = retain
        self.spoolDirectory = spoolDirectory
        self.queueCapacity = queueCapacity
        self.clientID = clientID
        self.trackerID = trackerID
    }
}
