import FoundationEssentials
import GPSReader
import LocationTracking
import MQTT
import NMEA

/// An MQTT topic as a `ReceiverSource`: it subscribes to `filter` (wildcards allowed) and turns
/// each position on it (OwnTracks' location JSON or gpsd's TPV, `PositionMessage`) into an
/// epoch, so `NMEALocationProvider` and every sink read a fleet's topic as they read a receiver.
///
/// A publisher's last will (OwnTracks' `lwt`) is an epoch without a fix: the tracking flow turns
/// lost once its lost timeout passes, as it does when the publisher falls silent. A broker that
/// is away or refuses is `.failed(MQTTError)` (once per outage, with the remedy) and tried again
/// every `recheckInterval`, with jitter; a message that is not a position, or is larger than
/// `PositionMessage.maximumPayload` (its bytes skipped unheld), is `.failed(FleetError)` and
/// reading goes on; every message, skipped or not, is acknowledged. So is each of a flood the
/// broker sends before its SUBACK beyond what `MQTTConnection.subscribe` holds: those are
/// dropped, and said once per subscription (`FleetError.droppedBeforeSubscription`). Every wait is on the
/// `EventLoop`, and ends when the task is cancelled.
public struct MQTTTopicSource: ReceiverSource, ReopeningSource {
    /// The broker.
    public let broker: BrokerAddress
    /// The topic or filter (`owntracks/+/car`, `fleet/#`).
    public let filter: String
    /// The user name and password, for a broker with a password file.
    public let credentials: (username: String, password: String)?
    /// The client id; a random one by default.
    public let clientID: String
    /// The wait between connection attempts (each drawn between half and all of it).
    public let recheckInterval: Duration
    /// The longest wait for the TCP handshake, and as long for CONNACK and SUBACK.
    public let connectTimeout: Duration
    /// The clock the waits between attempts sleep on: a `ContinuousClock` unless a test drives
    /// one of its own.
    public let clock: any Clock<Duration>

    /// A source; nothing connects until its events are iterated or access is checked.
    ///
    /// - Parameters:
    ///   - broker: The broker's address.
    ///   - filter: The topic, or a filter with `+` and `#`.
    ///   - credentials: User name and password, if the broker wants them.
    ///   - clientID: The client id; `gps-read-` and a random number by default.
    ///   - recheckInterval: The wait between attempts; 2 seconds by default.
    ///   - connectTimeout: 5 seconds by default.
    ///   - clock: What the waits between attempts sleep on; a `ContinuousClock` by default.
    public init(
        broker: BrokerAddress, filter: String, credentials: (username: String, password: String)? = nil,
        clientID: String? = nil, recheckInterval: Duration = .seconds(2), connectTimeout: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.broker = broker
        self.filter = filter
        self.credentials = credentials
        self.clientID = clientID ?? "gps-read-\(UInt32.random(in: 0...UInt32.max))"
        self.recheckInterval = recheckInterval
        self.connectTimeout = connectTimeout
        self.clock = clock
    }

    /// `mqtt://HOST:PORT/FILTER`.
    public var name: String { "mqtt://\(broker)/\(filter)" }

    /// `.notDetermined`: known once the broker has accepted the subscription.
    public var initialAuthorization: AuthorizationStatus { .notDetermined }

    /// Waits for the broker's socket on the event loop.
    public var waitsOnEventLoop: Bool { true }

    /// Connects and subscribes once: `.granted` when the broker accepts, else `.unavailable`
    /// with its `MQTTError`.
    public func checkAccess() async -> AccessAnswer {
        do throws(MQTTError) {
            _ = try await subscribe()
            return .granted
        } catch {
            return .unavailable(error)
        }
    }

    /// Reading until cancelled.
    public func events() -> ReceiverEvents {
        let source = self
        return ReceiverEvents { ReopeningReader(source) }
    }

    /// Waits about `interval` (between half and all of it), so that readers that lost one broker
    /// together do not come back together; false when cancelled.
    public func waitForChange(upTo interval: Duration) async -> Bool {
        (try? await clock.sleep(for: interval * Double.random(in: 0.5...1.0))) != nil
    }

    private func subscribe() async throws(MQTTError) -> MQTTConnection {
        let request = ConnectRequest(
            clientID: clientID, cleanSession: true, keepAliveSeconds: 30, username: credentials?.username,
            password: credentials?.password)
        let connection = try await MQTTConnection.open(
            to: broker, request: request, timeout: connectTimeout, maximumPacketSize: PositionMessage.maximumPayload + 1024)
        try await connection.subscribe([TopicSubscription(filter: filter, qos: .atLeastOnce)], timeout: connectTimeout)
        return connection
    }

    /// Connects and subscribes; `nil` when it could not, with why said in `events`.
    package func open(_ events: inout EventOutbox, isolation actor: isolated (any Actor)?) async -> MQTTConnection? {
        do throws(MQTTError) {
            let connection = try await subscribe()
            events.endOutage()
            events.say(.opened(path: name, baudRate: nil))
            if connection.droppedBeforeSubscription > 0 {
                events.fail(FleetError.droppedBeforeSubscription(filter: filter, count: connection.droppedBeforeSubscription))
            }
            return connection
        } catch {
            // Stopped while connecting: no failure to tell.
            if !Task.isCancelled { events.fail(error) }
            return nil
        }
    }

    /// Waits for and reads one message (acknowledging it at QoS 1) into `events`.
    package func read(
        _ connection: MQTTConnection, _ events: inout EventOutbox, isolation actor: isolated (any Actor)?
    ) async -> LinkReading {
        do throws(MQTTError) {
            switch try await connection.receive(until: nil) {
            case .cancelled:
                return .stop
            case .packet(.publish(let message, let packetID, _)):
                if message.qos == .atLeastOnce { try await acknowledge(packetID, on: connection) }
                say(PositionMessage(payload: message.payload), on: message.topic, &events)
            case .oversized(_, let length, let publish):
                // Acknowledged although skipped: unacknowledged, they would fill the broker's
                // in-flight window and stop every later message.
                try await acknowledge(publish?.packetID, on: connection)
                events.fail(FleetError.rejectedMessage(
                    topic: publish?.topic ?? filter, reason: "a message of \(length) bytes, more than \(PositionMessage.maximumPayload)"))
            case .undecodable(_, let publish):
                // Acknowledged and dropped (a topic that is not UTF-8, say), not a closed
                // connection as MQTT 3.1.1 §1.5.3 has it: one bad publisher must not cut off a
                // reader following a fleet.
                try await acknowledge(publish?.packetID, on: connection)
            case .packet, .timedOut, .woken:
                break
            }
            return .goOn
        } catch {
            events.fail(error)
            return .reopen
        }
    }

    /// Sends the PUBACK for `packetID`, if it needs one (`MQTTPacket.acknowledgement(of:)`).
    nonisolated(nonsending) private func acknowledge(_ packetID: UInt16?, on connection: MQTTConnection) async throws(MQTTError) {
        guard let acknowledgement = MQTTPacket.acknowledgement(of: packetID) else { return }
        try await connection.send(acknowledgement)
    }

    private func say(_ message: PositionMessage, on topic: String, _ events: inout EventOutbox) {
        switch message {
        case .location(let location, _, _):
            events.say(.epoch(EpochReport(time: Self.timeOfDay(location.timestamp ?? Date()), timestamp: location.timestamp,
                                          location: location)))
        case .publisherGone:
            let now = Date()
            events.say(.epoch(EpochReport(time: Self.timeOfDay(now), timestamp: now)))
        case .rejected(let reason):
            events.fail(FleetError.rejectedMessage(topic: topic, reason: reason))
        }
    }

    /// The UTC time of day of `date`, as an epoch's `time`.
    static func timeOfDay(_ date: Date) -> UTCTime {
        let seconds = date.timeIntervalSince1970
        let ofDay = seconds - (seconds / 86_400).rounded(.down) * 86_400
        // A date the payload's ranges let through is always a whole number of seconds of a day.
        let whole = Int(exactly: ofDay.rounded(.down)) ?? 0
        return UTCTime(
            hour: UInt8(whole / 3600), minute: UInt8(whole / 60 % 60), second: UInt8(whole % 60),
            nanosecond: UInt32(((ofDay - Double(whole)) * 1e9).rounded(.down)))
    }
}
