/// What a CONNECT packet asks for (§3.1): who the client is, how long it may stay silent, and
/// what the broker publishes for it if it goes away without a DISCONNECT.
public struct ConnectRequest: Hashable, Sendable {
    /// The client id, unique per broker: a second connection with it takes the first one's
    /// place. 1 to 23 characters of `[0-9A-Za-z]` are accepted by every broker; mosquitto takes more.
    public var clientID: String
    /// True: the broker forgets the session at disconnect. False: it keeps the subscriptions
    /// and the QoS 1 messages queued for the client while it is away (a persistent session).
    public var cleanSession: Bool
    /// The longest silence, in seconds, before the broker drops the client (1.5 times this);
    /// the client sends PINGREQ when it has said nothing for this long. 0 turns it off.
    public var keepAliveSeconds: UInt16
    /// The user name, for a broker with a password file.
    public var username: String?
    /// The password; sent only with a user name.
    public var password: String?
    /// What the broker publishes when the connection ends without a DISCONNECT (a crash, a
    /// cable pulled, keep-alive expired).
    public var will: MQTTMessage?

    /// A request.
    ///
    /// - Parameters:
    ///   - clientID: The client's id.
    ///   - cleanSession: True by default.
    ///   - keepAliveSeconds: 30 seconds by default.
    ///   - username: The user name, if the broker wants one.
    ///   - password: The password, with `username`.
    ///   - will: The last will, if any.
    public init(
        clientID: String, cleanSession: Bool = true, keepAliveSeconds: UInt16 = 30, username: String? = nil,
        password: String? = nil, will: MQTTMessage? = nil
    ) {
        self.clientID = clientID
        self.cleanSession = cleanSession
        self.keepAliveSeconds = keepAliveSeconds
        self.username = username
        self.password = password
        self.will = will
    }
}
